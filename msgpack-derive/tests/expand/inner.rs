// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.
//
// pub struct Inner {
//     pub bool: bool,
//     pub f64: f64,
//     pub i8: i8,
//     pub u64: u64,
// }

#[allow(
    non_upper_case_globals,
    unused_qualifications,
    unused_labels,
    unused_imports,
    clippy::all
)]
const _: () = {
    use ::msgpack_core as __msgpack;
    use ::core::option::Option as __Option;
    use ::core::result::Result as __Result;
    #[automatically_derived]
    impl __msgpack::Encode for Inner {
        const MAX_LEN: usize = __msgpack::__private::max_len_sum(
            &[
                17usize,
                <bool as __msgpack::Encode>::MAX_LEN,
                <f64 as __msgpack::Encode>::MAX_LEN,
                <i8 as __msgpack::Encode>::MAX_LEN,
                <u64 as __msgpack::Encode>::MAX_LEN,
            ],
        );
        #[inline]
        fn encode<__W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            __msgpack::__private::encode_struct::<
                { __msgpack::__private::window(<Inner as __msgpack::Encode>::MAX_LEN) },
                __msgpack::__private::MapForm,
                Self,
                __W,
            >(self, __e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            1usize
                + <Self as __msgpack::__private::EncodeBody<
                    __msgpack::__private::MapForm,
                >>::body_len(self)
        }
    }
    #[automatically_derived]
    impl __msgpack::__private::EncodeBody<__msgpack::__private::MapForm> for Inner {
        const KEYS: __msgpack::__private::KeySet = __msgpack::__private::KeySet::of(
            &[b"bool", b"f64", b"i8", b"u64"],
        );
        #[inline]
        fn items(&self) -> usize {
            { 4usize }
        }
        #[inline(always)]
        fn write_body<const __HEADER: bool, __W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            __e.raw(if __HEADER { b"\x84\xA4bool" } else { b"\xA4bool" })?;
            <bool as __msgpack::Encode>::encode(&self.bool, __e)?;
            __e.raw(b"\xA3f64")?;
            <f64 as __msgpack::Encode>::encode(&self.f64, __e)?;
            __e.raw(b"\xA2i8")?;
            <i8 as __msgpack::Encode>::encode(&self.i8, __e)?;
            __e.raw(b"\xA3u64")?;
            <u64 as __msgpack::Encode>::encode(&self.u64, __e)?;
            __Result::Ok(())
        }
        #[inline(always)]
        fn body_len(&self) -> usize {
            16usize + <bool as __msgpack::Encode>::encoded_len(&self.bool)
                + <f64 as __msgpack::Encode>::encoded_len(&self.f64)
                + <i8 as __msgpack::Encode>::encoded_len(&self.i8)
                + <u64 as __msgpack::Encode>::encoded_len(&self.u64)
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::Decode<'de> for Inner {
        #[inline(always)]
        fn decode(
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<Self, __msgpack::decode::Error> {
            __msgpack::__private::decode_map_struct::<Self>(__d, "Inner")
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::__private::DecodeBody<'de, __msgpack::__private::MapForm>
    for Inner {
        type Acc = (__Option<bool>, __Option<f64>, __Option<i8>, __Option<u64>);
        const ELEMS: usize = 4usize;
        #[inline(always)]
        fn new_acc() -> Self::Acc {
            (__Option::None, __Option::None, __Option::None, __Option::None)
        }
        #[inline(always)]
        fn take_in_order(
            __acc: &mut Self::Acc,
            __d: &mut __msgpack::Decoder<'de>,
            __left_ref: &mut usize,
        ) -> __Result<(), __msgpack::decode::Error> {
            let mut __left = *__left_ref;
            '__fast: {
                '__run: {
                    if __left >= 2usize {
                        if let __Option::Some((__run0, __run1)) = __msgpack::__private::fixed_run(
                            __d,
                            const {
                                &__msgpack::__private::Layout::concat(
                                    &[
                                        __msgpack::__private::Layout::bytes(b"\xA4bool"),
                                        <bool as __msgpack::Decode<'de>>::__LAYOUT,
                                        __msgpack::__private::Layout::bytes(b"\xA3f64"),
                                        <f64 as __msgpack::Decode<'de>>::__LAYOUT,
                                    ],
                                )
                            },
                            |__b: &'de [u8]| {
                                let mut __at: usize = 0;
                                __at += 5usize;
                                let __f0 = __msgpack::__private::read_field::<
                                    bool,
                                >(__b, &mut __at)?;
                                __at += 4usize;
                                let __f1 = __msgpack::__private::read_field::<
                                    f64,
                                >(__b, &mut __at)?;
                                __Option::Some((__f0, __f1))
                            },
                        ) {
                            __acc.0 = __Option::Some(__run0);
                            __acc.1 = __Option::Some(__run1);
                            __left -= 2usize;
                            break '__run;
                        }
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA4bool") {
                        __acc.0 = __Option::Some(
                            __msgpack::__private::field::<bool>(__d, "bool")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA3f64") {
                        __acc.1 = __Option::Some(
                            __msgpack::__private::field::<f64>(__d, "f64")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA2i8") {
                    __acc.2 = __Option::Some(
                        __msgpack::__private::field::<i8>(__d, "i8")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA3u64") {
                    __acc.3 = __Option::Some(
                        __msgpack::__private::field::<u64>(__d, "u64")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
            }
            *__left_ref = __left;
            __Result::Ok(())
        }
        #[inline(always)]
        fn take(
            __acc: &mut Self::Acc,
            __key: __msgpack::__private::Key<'de>,
            __key_at: usize,
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<bool, __msgpack::decode::Error> {
            #[allow(unreachable_patterns)]
            let __i = match __key {
                __msgpack::__private::Key::Str(b"bool") => 0usize,
                __msgpack::__private::Key::Str(b"f64") => 1usize,
                __msgpack::__private::Key::Str(b"i8") => 2usize,
                __msgpack::__private::Key::Str(b"u64") => 3usize,
                _ => return __Result::Ok(false),
            };
            <Self as __msgpack::__private::DecodeBody<
                'de,
                __msgpack::__private::MapForm,
            >>::take_index(__acc, __i, __key_at, __d)
        }
        #[inline(never)]
        fn take_index(
            __acc: &mut Self::Acc,
            __index: usize,
            __key_at: usize,
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<bool, __msgpack::decode::Error> {
            let _ = (&__acc, __key_at, &__d);
            match __index {
                0usize => {
                    __msgpack::__private::take_field::<
                        bool,
                    >(&mut __acc.0, __d, "bool", __key_at)?
                }
                1usize => {
                    __msgpack::__private::take_field::<
                        f64,
                    >(&mut __acc.1, __d, "f64", __key_at)?
                }
                2usize => {
                    __msgpack::__private::take_field::<
                        i8,
                    >(&mut __acc.2, __d, "i8", __key_at)?
                }
                3usize => {
                    __msgpack::__private::take_field::<
                        u64,
                    >(&mut __acc.3, __d, "u64", __key_at)?
                }
                _ => return __Result::Ok(false),
            }
            __Result::Ok(true)
        }
        #[inline(always)]
        fn finish(
            __acc: Self::Acc,
            __d: &__msgpack::Decoder<'de>,
            __at: usize,
        ) -> __Result<Self, __msgpack::decode::Error> {
            __Result::Ok(
                match __acc {
                    (
                        __Option::Some(__v0),
                        __Option::Some(__v1),
                        __Option::Some(__v2),
                        __Option::Some(__v3),
                    ) => {
                        Self {
                            bool: __v0,
                            f64: __v1,
                            i8: __v2,
                            u64: __v3,
                        }
                    }
                    __t => {
                        return __Result::Err(
                            __msgpack::__private::first_missing(
                                __d,
                                __at,
                                &[
                                    (__t.0.is_none(), "bool"),
                                    (__t.1.is_none(), "f64"),
                                    (__t.2.is_none(), "i8"),
                                    (__t.3.is_none(), "u64"),
                                ],
                            ),
                        );
                    }
                },
            )
        }
    }
    const __ID: &str = ::core::concat!(
        ::core::module_path!(), "::", "Inner", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: __msgpack::schema::Shape = __msgpack::schema::Shape::Struct(
        &__msgpack::schema::StructDef {
            name: "Inner",
            id: __ID,
            generic: false,
            form: __msgpack::schema::Form::Map,
            fields: &[
                __msgpack::schema::FieldDef::new(
                    "bool",
                    <bool as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "f64",
                    <f64 as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "i8",
                    <i8 as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "u64",
                    <u64 as __msgpack::schema::Schema>::SHAPE,
                ),
            ],
            deny_unknown_fields: false,
        },
    );
    #[automatically_derived]
    impl __msgpack::schema::Schema for Inner {
        const SHAPE: __msgpack::schema::ShapeRef = __msgpack::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

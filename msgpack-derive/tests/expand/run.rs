// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.
//
// pub struct Marker {
//     pub id: u32,
//     pub x: f64,
//     pub y: f64,
//     pub visible: bool,
//     pub label: String,
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
    impl __msgpack::Encode for Marker {
        const MAX_LEN: usize = __msgpack::__private::max_len_sum(
            &[
                22usize,
                <u32 as __msgpack::Encode>::MAX_LEN,
                <f64 as __msgpack::Encode>::MAX_LEN,
                <f64 as __msgpack::Encode>::MAX_LEN,
                <bool as __msgpack::Encode>::MAX_LEN,
                <String as __msgpack::Encode>::MAX_LEN,
            ],
        );
        #[inline]
        fn encode<__W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            __msgpack::__private::encode_struct::<
                { __msgpack::__private::window(<Marker as __msgpack::Encode>::MAX_LEN) },
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
    impl __msgpack::__private::EncodeBody<__msgpack::__private::MapForm> for Marker {
        const KEYS: __msgpack::__private::KeySet = __msgpack::__private::KeySet::of(
            &[b"id", b"x", b"y", b"visible", b"label"],
        );
        #[inline]
        fn items(&self) -> usize {
            { 5usize }
        }
        #[inline(always)]
        fn write_body<const __HEADER: bool, __W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            __e.raw(if __HEADER { b"\x85\xA2id" } else { b"\xA2id" })?;
            <u32 as __msgpack::Encode>::encode(&self.id, __e)?;
            __e.raw(b"\xA1x")?;
            <f64 as __msgpack::Encode>::encode(&self.x, __e)?;
            __e.raw(b"\xA1y")?;
            <f64 as __msgpack::Encode>::encode(&self.y, __e)?;
            __e.raw(b"\xA7visible")?;
            <bool as __msgpack::Encode>::encode(&self.visible, __e)?;
            __e.raw(b"\xA5label")?;
            <String as __msgpack::Encode>::encode(&self.label, __e)?;
            __Result::Ok(())
        }
        #[inline(always)]
        fn body_len(&self) -> usize {
            21usize + <u32 as __msgpack::Encode>::encoded_len(&self.id)
                + <f64 as __msgpack::Encode>::encoded_len(&self.x)
                + <f64 as __msgpack::Encode>::encoded_len(&self.y)
                + <bool as __msgpack::Encode>::encoded_len(&self.visible)
                + <String as __msgpack::Encode>::encoded_len(&self.label)
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::Decode<'de> for Marker {
        #[inline(always)]
        fn decode(
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<Self, __msgpack::decode::Error> {
            __msgpack::__private::decode_map_struct::<Self>(__d, "Marker")
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::__private::DecodeBody<'de, __msgpack::__private::MapForm>
    for Marker {
        type Acc = (
            __Option<u32>,
            __Option<f64>,
            __Option<f64>,
            __Option<bool>,
            __Option<String>,
        );
        const ELEMS: usize = 5usize;
        #[inline(always)]
        fn new_acc() -> Self::Acc {
            (
                __Option::None,
                __Option::None,
                __Option::None,
                __Option::None,
                __Option::None,
            )
        }
        #[inline(always)]
        fn take_in_order(
            __acc: &mut Self::Acc,
            __d: &mut __msgpack::Decoder<'de>,
            __left_ref: &mut usize,
        ) -> __Result<(), __msgpack::decode::Error> {
            let mut __left = *__left_ref;
            '__fast: {
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA2id") {
                    __acc.0 = __Option::Some(
                        __msgpack::__private::field::<u32>(__d, "id")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                '__run: {
                    if __left >= 3usize {
                        if let __Option::Some((__run0, __run1, __run2)) = __msgpack::__private::fixed_run(
                            __d,
                            const {
                                &__msgpack::__private::Layout::concat(
                                    &[
                                        __msgpack::__private::Layout::bytes(b"\xA1x"),
                                        <f64 as __msgpack::Decode<'de>>::__LAYOUT,
                                        __msgpack::__private::Layout::bytes(b"\xA1y"),
                                        <f64 as __msgpack::Decode<'de>>::__LAYOUT,
                                        __msgpack::__private::Layout::bytes(b"\xA7visible"),
                                        <bool as __msgpack::Decode<'de>>::__LAYOUT,
                                    ],
                                )
                            },
                            |__b: &'de [u8]| {
                                let mut __at: usize = 0;
                                __at += 2usize;
                                let __f0 = __msgpack::__private::read_field::<
                                    f64,
                                >(__b, &mut __at)?;
                                __at += 2usize;
                                let __f1 = __msgpack::__private::read_field::<
                                    f64,
                                >(__b, &mut __at)?;
                                __at += 8usize;
                                let __f2 = __msgpack::__private::read_field::<
                                    bool,
                                >(__b, &mut __at)?;
                                __Option::Some((__f0, __f1, __f2))
                            },
                        ) {
                            __acc.1 = __Option::Some(__run0);
                            __acc.2 = __Option::Some(__run1);
                            __acc.3 = __Option::Some(__run2);
                            __left -= 3usize;
                            break '__run;
                        }
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA1x") {
                        __acc.1 = __Option::Some(
                            __msgpack::__private::field::<f64>(__d, "x")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA1y") {
                        __acc.2 = __Option::Some(
                            __msgpack::__private::field::<f64>(__d, "y")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA7visible") {
                        __acc.3 = __Option::Some(
                            __msgpack::__private::field::<bool>(__d, "visible")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA5label") {
                    __acc.4 = __Option::Some(
                        __msgpack::__private::field::<String>(__d, "label")?,
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
                __msgpack::__private::Key::Str(b"id") => 0usize,
                __msgpack::__private::Key::Str(b"x") => 1usize,
                __msgpack::__private::Key::Str(b"y") => 2usize,
                __msgpack::__private::Key::Str(b"visible") => 3usize,
                __msgpack::__private::Key::Str(b"label") => 4usize,
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
                        u32,
                    >(&mut __acc.0, __d, "id", __key_at)?
                }
                1usize => {
                    __msgpack::__private::take_field::<
                        f64,
                    >(&mut __acc.1, __d, "x", __key_at)?
                }
                2usize => {
                    __msgpack::__private::take_field::<
                        f64,
                    >(&mut __acc.2, __d, "y", __key_at)?
                }
                3usize => {
                    __msgpack::__private::take_field::<
                        bool,
                    >(&mut __acc.3, __d, "visible", __key_at)?
                }
                4usize => {
                    __msgpack::__private::take_field::<
                        String,
                    >(&mut __acc.4, __d, "label", __key_at)?
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
                        __Option::Some(__v4),
                    ) => {
                        Self {
                            id: __v0,
                            x: __v1,
                            y: __v2,
                            visible: __v3,
                            label: __v4,
                        }
                    }
                    __t => {
                        return __Result::Err(
                            __msgpack::__private::first_missing(
                                __d,
                                __at,
                                &[
                                    (__t.0.is_none(), "id"),
                                    (__t.1.is_none(), "x"),
                                    (__t.2.is_none(), "y"),
                                    (__t.3.is_none(), "visible"),
                                    (__t.4.is_none(), "label"),
                                ],
                            ),
                        );
                    }
                },
            )
        }
    }
    const __ID: &str = ::core::concat!(
        ::core::module_path!(), "::", "Marker", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: __msgpack::schema::Shape = __msgpack::schema::Shape::Struct(
        &__msgpack::schema::StructDef {
            name: "Marker",
            id: __ID,
            generic: false,
            form: __msgpack::schema::Form::Map,
            fields: &[
                __msgpack::schema::FieldDef::new(
                    "id",
                    <u32 as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "x",
                    <f64 as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "y",
                    <f64 as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "visible",
                    <bool as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "label",
                    <String as __msgpack::schema::Schema>::SHAPE,
                ),
            ],
            deny_unknown_fields: false,
        },
    );
    #[automatically_derived]
    impl __msgpack::schema::Schema for Marker {
        const SHAPE: __msgpack::schema::ShapeRef = __msgpack::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

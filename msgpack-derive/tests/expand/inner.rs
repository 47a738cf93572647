// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.
//
// pub struct Inner {
//     pub bool: bool,
//     pub f64: f64,
//     pub i8: i8,
//     pub u64: u64,
// }

#[allow(non_upper_case_globals, unused_qualifications, unused_labels, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::msgpack_core::Encode for Inner {
        const MAX_LEN: usize = ::msgpack_core::encode::bounded::max_len_sum(
            &[
                17usize,
                <bool as ::msgpack_core::Encode>::MAX_LEN,
                <f64 as ::msgpack_core::Encode>::MAX_LEN,
                <i8 as ::msgpack_core::Encode>::MAX_LEN,
                <u64 as ::msgpack_core::Encode>::MAX_LEN,
            ],
        );
        #[inline]
        fn encode<__W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            if <Self as ::msgpack_core::Encode>::MAX_LEN
                <= ::msgpack_core::encode::bounded::BOUNDED_LIMIT
            {
                __e.__bounded::<
                        {
                            ::msgpack_core::encode::bounded::window(
                                <Inner as ::msgpack_core::Encode>::MAX_LEN,
                            )
                        },
                        Self,
                    >(self)
            } else {
                <Self as ::msgpack_core::__private::EncodeItems>::__encode_items(
                    self,
                    __e,
                )
            }
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            1usize + <Self as ::msgpack_core::__private::EncodeMap>::__entries_len(self)
        }
    }
    #[automatically_derived]
    impl ::msgpack_core::__private::EncodeItems for Inner {
        #[inline(always)]
        fn __encode_items<__W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            <Self as ::msgpack_core::__private::MapBody>::__map_body::<
                true,
                __W,
            >(self, __e)
        }
    }
    #[automatically_derived]
    impl ::msgpack_core::__private::EncodeMap for Inner {
        const __KEYS: ::msgpack_core::__private::KeySet = ::msgpack_core::__private::KeySet::of(
            &[b"bool", b"f64", b"i8", b"u64"],
        );
        #[inline]
        fn __map_entries(&self) -> usize {
            { 4usize }
        }
        #[inline(always)]
        fn __encode_entries<__W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            <Self as ::msgpack_core::__private::MapBody>::__map_body::<
                false,
                __W,
            >(self, __e)
        }
        #[inline(always)]
        fn __entries_len(&self) -> usize {
            16usize + <bool as ::msgpack_core::Encode>::encoded_len(&self.bool)
                + <f64 as ::msgpack_core::Encode>::encoded_len(&self.f64)
                + <i8 as ::msgpack_core::Encode>::encoded_len(&self.i8)
                + <u64 as ::msgpack_core::Encode>::encoded_len(&self.u64)
        }
    }
    #[automatically_derived]
    impl ::msgpack_core::__private::MapBody for Inner {
        #[inline(always)]
        fn __map_body<const __HEADER: bool, __W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            __e.raw(if __HEADER { b"\x84\xA4bool" } else { b"\xA4bool" })?;
            <bool as ::msgpack_core::Encode>::encode(&self.bool, __e)?;
            __e.raw(b"\xA3f64")?;
            <f64 as ::msgpack_core::Encode>::encode(&self.f64, __e)?;
            __e.raw(b"\xA2i8")?;
            <i8 as ::msgpack_core::Encode>::encode(&self.i8, __e)?;
            __e.raw(b"\xA3u64")?;
            <u64 as ::msgpack_core::Encode>::encode(&self.u64, __e)?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::Decode<'de> for Inner {
        #[inline(always)]
        fn decode(
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            if let ::core::option::Option::Some((__len, __at)) = __d.__fixmap() {
                __d.enter()?;
                let __r = <Self as ::msgpack_core::__private::DecodeMap<
                    'de,
                >>::__decode_entries(__d, __len, __at, ::core::option::Option::None)?;
                __d.leave();
                return ::core::result::Result::Ok(__r);
            }
            ::core::result::Result::Ok(
                <Self as ::msgpack_core::__private::DecodeFallback<
                    'de,
                >>::__decode_fallback(__d)?,
            )
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::DecodeFallback<'de> for Inner {
        #[inline(never)]
        fn __decode_fallback(
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            ::msgpack_core::__private::struct_fallback::<
                Self,
            >(__d, "Inner", ::core::primitive::usize::MAX)
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::FlattenDecode<'de> for Inner {
        type Acc = (
            ::core::option::Option<bool>,
            ::core::option::Option<f64>,
            ::core::option::Option<i8>,
            ::core::option::Option<u64>,
        );
        const __CATCH_ALL: bool = false;
        #[inline(always)]
        fn __new_acc() -> Self::Acc {
            (
                ::core::option::Option::None,
                ::core::option::Option::None,
                ::core::option::Option::None,
                ::core::option::Option::None,
            )
        }
        #[inline(always)]
        fn __take_in_order(
            __acc: &mut Self::Acc,
            __d: &mut ::msgpack_core::Decoder<'de>,
            __left_ref: &mut usize,
        ) -> ::core::result::Result<(), ::msgpack_core::decode::Error> {
            let mut __left = *__left_ref;
            '__fast: {
                '__run: {
                    if __left >= 2usize {
                        if let ::core::option::Option::Some((__run0, __run1)) = __d
                            .__fixed_run(
                                const {
                                    &::msgpack_core::layout::Layout::concat(
                                        &[
                                            ::msgpack_core::layout::Layout::bytes(b"\xA4bool"),
                                            <bool as ::msgpack_core::Decode<'de>>::__LAYOUT,
                                            ::msgpack_core::layout::Layout::bytes(b"\xA3f64"),
                                            <f64 as ::msgpack_core::Decode<'de>>::__LAYOUT,
                                        ],
                                    )
                                },
                                |__b: &'de [u8]| {
                                    let mut __at: usize = 0;
                                    __at += 5usize;
                                    let __f0 = ::msgpack_core::layout::read_field::<
                                        bool,
                                    >(__b, &mut __at)?;
                                    __at += 4usize;
                                    let __f1 = ::msgpack_core::layout::read_field::<
                                        f64,
                                    >(__b, &mut __at)?;
                                    ::core::option::Option::Some((__f0, __f1))
                                },
                            )
                        {
                            __acc.0 = ::core::option::Option::Some(__run0);
                            __acc.1 = ::core::option::Option::Some(__run1);
                            __left -= 2usize;
                            break '__run;
                        }
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA4bool") {
                        __acc.0 = ::core::option::Option::Some(
                            ::msgpack_core::__private::field::<bool>(__d, "bool")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA3f64") {
                        __acc.1 = ::core::option::Option::Some(
                            ::msgpack_core::__private::field::<f64>(__d, "f64")?,
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
                    __acc.2 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<i8>(__d, "i8")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA3u64") {
                    __acc.3 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<u64>(__d, "u64")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
            }
            *__left_ref = __left;
            ::core::result::Result::Ok(())
        }
        #[inline(always)]
        fn __take(
            __acc: &mut Self::Acc,
            __key: ::msgpack_core::__private::Key<'de>,
            __key_at: usize,
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<bool, ::msgpack_core::decode::Error> {
            let _ = (&__acc, __key_at);
            #[allow(unreachable_patterns)]
            let __i = match __key {
                ::msgpack_core::__private::Key::Str(b"bool") => 0usize,
                ::msgpack_core::__private::Key::Str(b"f64") => 1usize,
                ::msgpack_core::__private::Key::Str(b"i8") => 2usize,
                ::msgpack_core::__private::Key::Str(b"u64") => 3usize,
                _ => return ::core::result::Result::Ok(false),
            };
            <Self as ::msgpack_core::__private::FlattenDecode<
                'de,
            >>::__take_index(__acc, __i, __key_at, __d)
        }
        #[inline(never)]
        fn __take_index(
            __acc: &mut Self::Acc,
            __index: usize,
            __key_at: usize,
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<bool, ::msgpack_core::decode::Error> {
            let _ = (&__acc, __key_at, &__d);
            match __index {
                0usize => {
                    ::msgpack_core::__private::take_field::<
                        bool,
                    >(&mut __acc.0, __d, "bool", __key_at)?
                }
                1usize => {
                    ::msgpack_core::__private::take_field::<
                        f64,
                    >(&mut __acc.1, __d, "f64", __key_at)?
                }
                2usize => {
                    ::msgpack_core::__private::take_field::<
                        i8,
                    >(&mut __acc.2, __d, "i8", __key_at)?
                }
                3usize => {
                    ::msgpack_core::__private::take_field::<
                        u64,
                    >(&mut __acc.3, __d, "u64", __key_at)?
                }
                _ => return ::core::result::Result::Ok(false),
            }
            ::core::result::Result::Ok(true)
        }
        #[inline]
        fn __take_rest(
            __acc: &mut Self::Acc,
            __key_at: usize,
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<bool, ::msgpack_core::decode::Error> {
            let _ = (&__acc, __key_at, &__d);
            ::core::result::Result::Ok(false)
        }
        #[inline(always)]
        fn __finish(
            __acc: Self::Acc,
            __d: &::msgpack_core::Decoder<'de>,
            __at: usize,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            #[allow(unused_variables)]
            let (__v0, __v1, __v2, __v3) = __acc;
            ::core::result::Result::Ok(
                match (__v0, __v1, __v2, __v3) {
                    (
                        ::core::option::Option::Some(__v0),
                        ::core::option::Option::Some(__v1),
                        ::core::option::Option::Some(__v2),
                        ::core::option::Option::Some(__v3),
                    ) => {
                        Self {
                            bool: __v0,
                            f64: __v1,
                            i8: __v2,
                            u64: __v3,
                        }
                    }
                    __t => {
                        return ::core::result::Result::Err(
                            ::msgpack_core::__private::first_missing(
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
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::DecodeMap<'de> for Inner {
        #[inline]
        fn __decode_entries(
            __d: &mut ::msgpack_core::Decoder<'de>,
            __len: usize,
            __at: usize,
            __skip_key: ::core::option::Option<::msgpack_core::__private::TagKey>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            ::core::result::Result::Ok(
                ::msgpack_core::__private::struct_entries::<
                    Self,
                >(__d, __len, __at, __skip_key, false)?,
            )
        }
    }
    /// Identifies this definition in schemas (recursion).
    const __ID: &str = ::core::concat!(
        ::core::module_path!(), "::", "Inner", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: ::msgpack_core::schema::Shape = ::msgpack_core::schema::Shape::Struct(
        &::msgpack_core::schema::StructDef {
            name: "Inner",
            id: __ID,
            generic: false,
            form: ::msgpack_core::schema::Form::Map,
            fields: &[
                ::msgpack_core::schema::FieldDef::new(
                    "bool",
                    <bool as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "f64",
                    <f64 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "i8",
                    <i8 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "u64",
                    <u64 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
            ],
            deny_unknown_fields: false,
        },
    );
    #[automatically_derived]
    impl ::msgpack_core::schema::Schema for Inner {
        const SHAPE: ::msgpack_core::schema::ShapeRef = ::msgpack_core::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

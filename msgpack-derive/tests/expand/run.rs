// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.
//
// pub struct Marker {
//     pub id: u32,
//     pub x: f64,
//     pub y: f64,
//     pub visible: bool,
//     pub label: String,
// }

#[allow(non_upper_case_globals, unused_qualifications, unused_labels, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::msgpack_core::Encode for Marker {
        const MAX_LEN: usize = ::msgpack_core::encode::bounded::max_len_sum(
            &[
                22usize,
                <u32 as ::msgpack_core::Encode>::MAX_LEN,
                <f64 as ::msgpack_core::Encode>::MAX_LEN,
                <f64 as ::msgpack_core::Encode>::MAX_LEN,
                <bool as ::msgpack_core::Encode>::MAX_LEN,
                <String as ::msgpack_core::Encode>::MAX_LEN,
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
                                <Marker as ::msgpack_core::Encode>::MAX_LEN,
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
    impl ::msgpack_core::__private::EncodeItems for Marker {
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
    impl ::msgpack_core::__private::EncodeMap for Marker {
        const __KEYS: ::msgpack_core::__private::KeySet = ::msgpack_core::__private::KeySet::of(
            &[b"id", b"x", b"y", b"visible", b"label"],
        );
        #[inline]
        fn __map_entries(&self) -> usize {
            { 5usize }
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
            21usize + <u32 as ::msgpack_core::Encode>::encoded_len(&self.id)
                + <f64 as ::msgpack_core::Encode>::encoded_len(&self.x)
                + <f64 as ::msgpack_core::Encode>::encoded_len(&self.y)
                + <bool as ::msgpack_core::Encode>::encoded_len(&self.visible)
                + <String as ::msgpack_core::Encode>::encoded_len(&self.label)
        }
    }
    #[automatically_derived]
    impl ::msgpack_core::__private::MapBody for Marker {
        #[inline(always)]
        fn __map_body<const __HEADER: bool, __W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            __e.raw(if __HEADER { b"\x85\xA2id" } else { b"\xA2id" })?;
            <u32 as ::msgpack_core::Encode>::encode(&self.id, __e)?;
            __e.raw(b"\xA1x")?;
            <f64 as ::msgpack_core::Encode>::encode(&self.x, __e)?;
            __e.raw(b"\xA1y")?;
            <f64 as ::msgpack_core::Encode>::encode(&self.y, __e)?;
            __e.raw(b"\xA7visible")?;
            <bool as ::msgpack_core::Encode>::encode(&self.visible, __e)?;
            __e.raw(b"\xA5label")?;
            <String as ::msgpack_core::Encode>::encode(&self.label, __e)?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::Decode<'de> for Marker {
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
    impl<'de> ::msgpack_core::__private::DecodeFallback<'de> for Marker {
        #[inline(never)]
        fn __decode_fallback(
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            ::msgpack_core::__private::struct_fallback::<
                Self,
            >(__d, "Marker", ::core::primitive::usize::MAX)
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::FlattenDecode<'de> for Marker {
        type Acc = (
            ::core::option::Option<u32>,
            ::core::option::Option<f64>,
            ::core::option::Option<f64>,
            ::core::option::Option<bool>,
            ::core::option::Option<String>,
        );
        const __CATCH_ALL: bool = false;
        #[inline(always)]
        fn __new_acc() -> Self::Acc {
            (
                ::core::option::Option::None,
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
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA2id") {
                    __acc.0 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<u32>(__d, "id")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                '__run: {
                    if __left >= 3usize {
                        if let ::core::option::Option::Some((__run0, __run1, __run2)) = __d
                            .__fixed_run(
                                const {
                                    &::msgpack_core::layout::Layout::concat(
                                        &[
                                            ::msgpack_core::layout::Layout::bytes(b"\xA1x"),
                                            <f64 as ::msgpack_core::Decode<'de>>::__LAYOUT,
                                            ::msgpack_core::layout::Layout::bytes(b"\xA1y"),
                                            <f64 as ::msgpack_core::Decode<'de>>::__LAYOUT,
                                            ::msgpack_core::layout::Layout::bytes(b"\xA7visible"),
                                            <bool as ::msgpack_core::Decode<'de>>::__LAYOUT,
                                        ],
                                    )
                                },
                                |__b: &'de [u8]| {
                                    let mut __at: usize = 0;
                                    __at += 2usize;
                                    let __f0 = ::msgpack_core::layout::read_field::<
                                        f64,
                                    >(__b, &mut __at)?;
                                    __at += 2usize;
                                    let __f1 = ::msgpack_core::layout::read_field::<
                                        f64,
                                    >(__b, &mut __at)?;
                                    __at += 8usize;
                                    let __f2 = ::msgpack_core::layout::read_field::<
                                        bool,
                                    >(__b, &mut __at)?;
                                    ::core::option::Option::Some((__f0, __f1, __f2))
                                },
                            )
                        {
                            __acc.1 = ::core::option::Option::Some(__run0);
                            __acc.2 = ::core::option::Option::Some(__run1);
                            __acc.3 = ::core::option::Option::Some(__run2);
                            __left -= 3usize;
                            break '__run;
                        }
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA1x") {
                        __acc.1 = ::core::option::Option::Some(
                            ::msgpack_core::__private::field::<f64>(__d, "x")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA1y") {
                        __acc.2 = ::core::option::Option::Some(
                            ::msgpack_core::__private::field::<f64>(__d, "y")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA7visible") {
                        __acc.3 = ::core::option::Option::Some(
                            ::msgpack_core::__private::field::<bool>(__d, "visible")?,
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
                    __acc.4 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<String>(__d, "label")?,
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
                ::msgpack_core::__private::Key::Str(b"id") => 0usize,
                ::msgpack_core::__private::Key::Str(b"x") => 1usize,
                ::msgpack_core::__private::Key::Str(b"y") => 2usize,
                ::msgpack_core::__private::Key::Str(b"visible") => 3usize,
                ::msgpack_core::__private::Key::Str(b"label") => 4usize,
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
                        u32,
                    >(&mut __acc.0, __d, "id", __key_at)?
                }
                1usize => {
                    ::msgpack_core::__private::take_field::<
                        f64,
                    >(&mut __acc.1, __d, "x", __key_at)?
                }
                2usize => {
                    ::msgpack_core::__private::take_field::<
                        f64,
                    >(&mut __acc.2, __d, "y", __key_at)?
                }
                3usize => {
                    ::msgpack_core::__private::take_field::<
                        bool,
                    >(&mut __acc.3, __d, "visible", __key_at)?
                }
                4usize => {
                    ::msgpack_core::__private::take_field::<
                        String,
                    >(&mut __acc.4, __d, "label", __key_at)?
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
            let (__v0, __v1, __v2, __v3, __v4) = __acc;
            ::core::result::Result::Ok(
                match (__v0, __v1, __v2, __v3, __v4) {
                    (
                        ::core::option::Option::Some(__v0),
                        ::core::option::Option::Some(__v1),
                        ::core::option::Option::Some(__v2),
                        ::core::option::Option::Some(__v3),
                        ::core::option::Option::Some(__v4),
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
                        return ::core::result::Result::Err(
                            ::msgpack_core::__private::first_missing(
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
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::DecodeMap<'de> for Marker {
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
        ::core::module_path!(), "::", "Marker", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: ::msgpack_core::schema::Shape = ::msgpack_core::schema::Shape::Struct(
        &::msgpack_core::schema::StructDef {
            name: "Marker",
            id: __ID,
            generic: false,
            form: ::msgpack_core::schema::Form::Map,
            fields: &[
                ::msgpack_core::schema::FieldDef::new(
                    "id",
                    <u32 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "x",
                    <f64 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "y",
                    <f64 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "visible",
                    <bool as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "label",
                    <String as ::msgpack_core::schema::Schema>::SHAPE,
                ),
            ],
            deny_unknown_fields: false,
        },
    );
    #[automatically_derived]
    impl ::msgpack_core::schema::Schema for Marker {
        const SHAPE: ::msgpack_core::schema::ShapeRef = ::msgpack_core::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

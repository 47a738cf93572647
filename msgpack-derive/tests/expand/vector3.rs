// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.
//
// #[msgpack(array)]
// pub struct Vector3 {
//     pub x: f32,
//     pub y: f32,
//     pub z: f32,
// }

#[allow(non_upper_case_globals, unused_qualifications, unused_labels, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::msgpack_core::Encode for Vector3 {
        const MAX_LEN: usize = ::msgpack_core::encode::bounded::max_len_sum(
            &[
                1usize,
                <f32 as ::msgpack_core::Encode>::MAX_LEN,
                <f32 as ::msgpack_core::Encode>::MAX_LEN,
                <f32 as ::msgpack_core::Encode>::MAX_LEN,
            ],
        );
        const __LAYOUT: ::msgpack_core::layout::Layout = ::msgpack_core::layout::Layout::array(
            &[
                <f32 as ::msgpack_core::Encode>::__LAYOUT,
                <f32 as ::msgpack_core::Encode>::__LAYOUT,
                <f32 as ::msgpack_core::Encode>::__LAYOUT,
            ],
        );
        #[inline(always)]
        fn __write_fixed(&self, __out: &mut [u8]) {
            let mut __at: usize = 0;
            ::msgpack_core::layout::write_key(
                __out,
                &mut __at,
                const { &<Self as ::msgpack_core::Encode>::__LAYOUT },
                1usize,
            );
            ::msgpack_core::layout::write_field::<f32>(__out, &mut __at, &self.x);
            ::msgpack_core::layout::write_field::<f32>(__out, &mut __at, &self.y);
            ::msgpack_core::layout::write_field::<f32>(__out, &mut __at, &self.z);
        }
        #[inline]
        fn encode<__W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            if <Self as ::msgpack_core::Encode>::__LAYOUT.is_fixed()
                && !__e.__in_window()
            {
                return __e.__fixed(self);
            }
            if <Self as ::msgpack_core::Encode>::MAX_LEN
                <= ::msgpack_core::encode::bounded::BOUNDED_LIMIT
            {
                __e.__bounded::<
                        {
                            ::msgpack_core::encode::bounded::window(
                                <Vector3 as ::msgpack_core::Encode>::MAX_LEN,
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
            1usize + <f32 as ::msgpack_core::Encode>::encoded_len(&self.x)
                + <f32 as ::msgpack_core::Encode>::encoded_len(&self.y)
                + <f32 as ::msgpack_core::Encode>::encoded_len(&self.z)
        }
    }
    #[automatically_derived]
    impl ::msgpack_core::__private::EncodeItems for Vector3 {
        #[inline(always)]
        fn __encode_items<__W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            __e.raw(b"\x93")?;
            <f32 as ::msgpack_core::Encode>::encode(&self.x, __e)?;
            <f32 as ::msgpack_core::Encode>::encode(&self.y, __e)?;
            <f32 as ::msgpack_core::Encode>::encode(&self.z, __e)?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl ::msgpack_core::__private::EncodeElems for Vector3 {
        const __ELEMS: usize = (3usize);
        #[inline]
        fn __encode_elems<__W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            <f32 as ::msgpack_core::Encode>::encode(&self.x, __e)?;
            <f32 as ::msgpack_core::Encode>::encode(&self.y, __e)?;
            <f32 as ::msgpack_core::Encode>::encode(&self.z, __e)?;
            ::core::result::Result::Ok(())
        }
        #[inline]
        fn __elems_len(&self) -> usize {
            0 + <f32 as ::msgpack_core::Encode>::encoded_len(&self.x)
                + <f32 as ::msgpack_core::Encode>::encoded_len(&self.y)
                + <f32 as ::msgpack_core::Encode>::encoded_len(&self.z)
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::Decode<'de> for Vector3 {
        const __LAYOUT: ::msgpack_core::layout::Layout = ::msgpack_core::layout::Layout::array(
            &[
                <f32 as ::msgpack_core::Decode<'de>>::__LAYOUT,
                <f32 as ::msgpack_core::Decode<'de>>::__LAYOUT,
                <f32 as ::msgpack_core::Decode<'de>>::__LAYOUT,
            ],
        );
        #[inline(always)]
        fn __read_fixed(__b: &'de [u8]) -> ::core::option::Option<Self> {
            let mut __at: usize = 1usize;
            let __f0 = ::msgpack_core::layout::read_field::<f32>(__b, &mut __at)?;
            let __f1 = ::msgpack_core::layout::read_field::<f32>(__b, &mut __at)?;
            let __f2 = ::msgpack_core::layout::read_field::<f32>(__b, &mut __at)?;
            ::core::option::Option::Some(Self { x: __f0, y: __f1, z: __f2 })
        }
        #[inline(always)]
        fn decode(
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            if let ::core::option::Option::Some(__v) = __d.__fixed::<Self>() {
                return ::core::result::Result::Ok(__v);
            }
            if __d.__fixarray_exact(3u8) {
                __d.enter()?;
                let __r = Self {
                    x: ::msgpack_core::__private::field::<f32>(__d, "x")?,
                    y: ::msgpack_core::__private::field::<f32>(__d, "y")?,
                    z: ::msgpack_core::__private::field::<f32>(__d, "z")?,
                };
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
    impl<'de> ::msgpack_core::__private::DecodeFallback<'de> for Vector3 {
        #[inline(never)]
        fn __decode_fallback(
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            let __at = __d.position();
            match __d.peek()? {
                ::msgpack_core::marker::Marker::Map => {
                    let __len = __d.map_len()?;
                    __d.enter()?;
                    let __r = {
                        let __skip_key: ::core::option::Option<
                            ::msgpack_core::__private::TagKey,
                        > = ::core::option::Option::None;
                        {
                            let _ = __at;
                            #[allow(unused_mut)]
                            let mut __skip_key = __skip_key;
                            let mut __v0: ::core::option::Option<f32> = ::core::option::Option::None;
                            let mut __v1: ::core::option::Option<f32> = ::core::option::Option::None;
                            let mut __v2: ::core::option::Option<f32> = ::core::option::Option::None;
                            let mut __left: usize = __len;
                            '__fast: {
                                if __left == 0 {
                                    break '__fast;
                                }
                                if __d.eat_raw(b"\xA1x") {
                                    __v0 = ::core::option::Option::Some(
                                        ::msgpack_core::__private::field::<f32>(__d, "x")?,
                                    );
                                    __left -= 1;
                                } else {
                                    break '__fast;
                                }
                                if __left == 0 {
                                    break '__fast;
                                }
                                if __d.eat_raw(b"\xA1y") {
                                    __v1 = ::core::option::Option::Some(
                                        ::msgpack_core::__private::field::<f32>(__d, "y")?,
                                    );
                                    __left -= 1;
                                } else {
                                    break '__fast;
                                }
                                if __left == 0 {
                                    break '__fast;
                                }
                                if __d.eat_raw(b"\xA1z") {
                                    __v2 = ::core::option::Option::Some(
                                        ::msgpack_core::__private::field::<f32>(__d, "z")?,
                                    );
                                    __left -= 1;
                                } else {
                                    break '__fast;
                                }
                            }
                            while __left > 0 {
                                __left -= 1;
                                let __key_at = __d.position();
                                let __key = ::msgpack_core::__private::read_key(__d)?;
                                match __key {
                                    ::msgpack_core::__private::Key::Str(b"x") => {
                                        ::msgpack_core::__private::take_field::<
                                            f32,
                                        >(&mut __v0, __d, "x", __key_at)?
                                    }
                                    ::msgpack_core::__private::Key::Str(b"y") => {
                                        ::msgpack_core::__private::take_field::<
                                            f32,
                                        >(&mut __v1, __d, "y", __key_at)?
                                    }
                                    ::msgpack_core::__private::Key::Str(b"z") => {
                                        ::msgpack_core::__private::take_field::<
                                            f32,
                                        >(&mut __v2, __d, "z", __key_at)?
                                    }
                                    ::msgpack_core::__private::Key::Str(
                                        __k,
                                    ) if __skip_key.is_some_and(|__t| __t.is(__k)) => {
                                        if let ::core::option::Option::Some(__t) = __skip_key
                                            .as_mut()
                                        {
                                            __t.seen(__d, __key_at)?;
                                        }
                                    }
                                    _ => {
                                        __d.skip()?;
                                    }
                                }
                            }
                            match (__v0, __v1, __v2) {
                                (
                                    ::core::option::Option::Some(__v0),
                                    ::core::option::Option::Some(__v1),
                                    ::core::option::Option::Some(__v2),
                                ) => Self { x: __v0, y: __v1, z: __v2 },
                                __t => {
                                    return ::core::result::Result::Err(
                                        ::msgpack_core::__private::first_missing(
                                            __d,
                                            __at,
                                            &[
                                                (__t.0.is_none(), "x"),
                                                (__t.1.is_none(), "y"),
                                                (__t.2.is_none(), "z"),
                                            ],
                                        ),
                                    );
                                }
                            }
                        }
                    };
                    __d.leave();
                    ::core::result::Result::<
                        Self,
                        ::msgpack_core::decode::Error,
                    >::Ok(__r)
                }
                ::msgpack_core::marker::Marker::Array => {
                    let __len = __d.array_len()?;
                    __d.enter()?;
                    let __r = {
                        let __value = Self {
                            x: ::msgpack_core::__private::array_field::<
                                f32,
                            >(__d, "x", 0usize, __len, __at)?,
                            y: ::msgpack_core::__private::array_field::<
                                f32,
                            >(__d, "y", 1usize, __len, __at)?,
                            z: ::msgpack_core::__private::array_field::<
                                f32,
                            >(__d, "z", 2usize, __len, __at)?,
                        };
                        for _ in 3usize..__len {
                            __d.skip()?;
                        }
                        __value
                    };
                    __d.leave();
                    ::core::result::Result::Ok(__r)
                }
                _ => ::core::result::Result::Err(__d.type_error("Vector3", __at)),
            }
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::DecodeElems<'de> for Vector3 {
        const __ELEMS: usize = (3usize);
        #[inline]
        fn __decode_elems(
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            ::core::result::Result::Ok(Self {
                x: ::msgpack_core::__private::field::<f32>(__d, "x")?,
                y: ::msgpack_core::__private::field::<f32>(__d, "y")?,
                z: ::msgpack_core::__private::field::<f32>(__d, "z")?,
            })
        }
    }
    /// Identifies this definition in schemas (recursion).
    const __ID: &str = ::core::concat!(
        ::core::module_path!(), "::", "Vector3", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: ::msgpack_core::schema::Shape = ::msgpack_core::schema::Shape::Struct(
        &::msgpack_core::schema::StructDef {
            name: "Vector3",
            id: __ID,
            generic: false,
            form: ::msgpack_core::schema::Form::Array,
            fields: &[
                ::msgpack_core::schema::FieldDef::new(
                    "x",
                    <f32 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "y",
                    <f32 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
                ::msgpack_core::schema::FieldDef::new(
                    "z",
                    <f32 as ::msgpack_core::schema::Schema>::SHAPE,
                ),
            ],
            deny_unknown_fields: false,
        },
    );
    #[automatically_derived]
    impl ::msgpack_core::schema::Schema for Vector3 {
        const SHAPE: ::msgpack_core::schema::ShapeRef = ::msgpack_core::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.
//
// #[msgpack(array)]
// pub struct Vector3 {
//     pub x: f32,
//     pub y: f32,
//     pub z: f32,
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
    impl __msgpack::Encode for Vector3 {
        const MAX_LEN: usize = __msgpack::encode::bounded::max_len_sum(
            &[
                1usize,
                <f32 as __msgpack::Encode>::MAX_LEN,
                <f32 as __msgpack::Encode>::MAX_LEN,
                <f32 as __msgpack::Encode>::MAX_LEN,
            ],
        );
        const __LAYOUT: __msgpack::layout::Layout = __msgpack::layout::Layout::array(
            &[
                <f32 as __msgpack::Encode>::__LAYOUT,
                <f32 as __msgpack::Encode>::__LAYOUT,
                <f32 as __msgpack::Encode>::__LAYOUT,
            ],
        );
        #[inline(always)]
        fn __write_fixed(&self, __out: &mut [u8]) {
            let mut __at: usize = 0;
            __msgpack::layout::write_key(
                __out,
                &mut __at,
                const { &<Self as __msgpack::Encode>::__LAYOUT },
                1usize,
            );
            __msgpack::layout::write_field::<f32>(__out, &mut __at, &self.x);
            __msgpack::layout::write_field::<f32>(__out, &mut __at, &self.y);
            __msgpack::layout::write_field::<f32>(__out, &mut __at, &self.z);
        }
        #[inline]
        fn encode<__W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            if <Self as __msgpack::Encode>::__LAYOUT.is_fixed() && !__e.__in_window() {
                return __e.__fixed(self);
            }
            if <Self as __msgpack::Encode>::MAX_LEN
                <= __msgpack::encode::bounded::BOUNDED_LIMIT
            {
                __e.__bounded::<
                        {
                            __msgpack::encode::bounded::window(
                                <Vector3 as __msgpack::Encode>::MAX_LEN,
                            )
                        },
                        Self,
                    >(self)
            } else {
                <Self as __msgpack::__private::EncodeItems>::__encode_items(self, __e)
            }
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            1usize + <f32 as __msgpack::Encode>::encoded_len(&self.x)
                + <f32 as __msgpack::Encode>::encoded_len(&self.y)
                + <f32 as __msgpack::Encode>::encoded_len(&self.z)
        }
    }
    #[automatically_derived]
    impl __msgpack::__private::EncodeItems for Vector3 {
        #[inline(always)]
        fn __encode_items<__W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            __e.raw(b"\x93")?;
            <f32 as __msgpack::Encode>::encode(&self.x, __e)?;
            <f32 as __msgpack::Encode>::encode(&self.y, __e)?;
            <f32 as __msgpack::Encode>::encode(&self.z, __e)?;
            __Result::Ok(())
        }
    }
    #[automatically_derived]
    impl __msgpack::__private::EncodeElems for Vector3 {
        const __ELEMS: usize = (3usize);
        #[inline]
        fn __encode_elems<__W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            <f32 as __msgpack::Encode>::encode(&self.x, __e)?;
            <f32 as __msgpack::Encode>::encode(&self.y, __e)?;
            <f32 as __msgpack::Encode>::encode(&self.z, __e)?;
            __Result::Ok(())
        }
        #[inline]
        fn __elems_len(&self) -> usize {
            0 + <f32 as __msgpack::Encode>::encoded_len(&self.x)
                + <f32 as __msgpack::Encode>::encoded_len(&self.y)
                + <f32 as __msgpack::Encode>::encoded_len(&self.z)
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::Decode<'de> for Vector3 {
        const __LAYOUT: __msgpack::layout::Layout = __msgpack::layout::Layout::array(
            &[
                <f32 as __msgpack::Decode<'de>>::__LAYOUT,
                <f32 as __msgpack::Decode<'de>>::__LAYOUT,
                <f32 as __msgpack::Decode<'de>>::__LAYOUT,
            ],
        );
        #[inline(always)]
        fn __read_fixed(__b: &'de [u8]) -> __Option<Self> {
            let mut __at: usize = 1usize;
            let __f0 = __msgpack::layout::read_field::<f32>(__b, &mut __at)?;
            let __f1 = __msgpack::layout::read_field::<f32>(__b, &mut __at)?;
            let __f2 = __msgpack::layout::read_field::<f32>(__b, &mut __at)?;
            __Option::Some(Self { x: __f0, y: __f1, z: __f2 })
        }
        #[inline(always)]
        fn decode(
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<Self, __msgpack::decode::Error> {
            if let __Option::Some(__v) = __d.__fixed::<Self>() {
                return __Result::Ok(__v);
            }
            if __d.__fixarray_exact(3u8) {
                __d.enter()?;
                let __r = Self {
                    x: __msgpack::__private::field::<f32>(__d, "x")?,
                    y: __msgpack::__private::field::<f32>(__d, "y")?,
                    z: __msgpack::__private::field::<f32>(__d, "z")?,
                };
                __d.leave();
                return __Result::Ok(__r);
            }
            __Result::Ok(
                <Self as __msgpack::__private::DecodeFallback<
                    'de,
                >>::__decode_fallback(__d)?,
            )
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::__private::DecodeFallback<'de> for Vector3 {
        #[inline(never)]
        fn __decode_fallback(
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<Self, __msgpack::decode::Error> {
            let __at = __d.position();
            match __d.peek()? {
                __msgpack::marker::Marker::Map => {
                    let __len = __d.map_len()?;
                    __d.enter()?;
                    let __r = {
                        let __skip_key: __Option<__msgpack::__private::TagKey> = __Option::None;
                        {
                            let _ = __at;
                            #[allow(unused_mut)]
                            let mut __skip_key = __skip_key;
                            let mut __v0: __Option<f32> = __Option::None;
                            let mut __v1: __Option<f32> = __Option::None;
                            let mut __v2: __Option<f32> = __Option::None;
                            let mut __left: usize = __len;
                            '__fast: {
                                if __left == 0 {
                                    break '__fast;
                                }
                                if __d.eat_raw(b"\xA1x") {
                                    __v0 = __Option::Some(
                                        __msgpack::__private::field::<f32>(__d, "x")?,
                                    );
                                    __left -= 1;
                                } else {
                                    break '__fast;
                                }
                                if __left == 0 {
                                    break '__fast;
                                }
                                if __d.eat_raw(b"\xA1y") {
                                    __v1 = __Option::Some(
                                        __msgpack::__private::field::<f32>(__d, "y")?,
                                    );
                                    __left -= 1;
                                } else {
                                    break '__fast;
                                }
                                if __left == 0 {
                                    break '__fast;
                                }
                                if __d.eat_raw(b"\xA1z") {
                                    __v2 = __Option::Some(
                                        __msgpack::__private::field::<f32>(__d, "z")?,
                                    );
                                    __left -= 1;
                                } else {
                                    break '__fast;
                                }
                            }
                            while __left > 0 {
                                __left -= 1;
                                let __key_at = __d.position();
                                let __key = __msgpack::__private::read_key(__d)?;
                                match __key {
                                    __msgpack::__private::Key::Str(b"x") => {
                                        __msgpack::__private::take_field::<
                                            f32,
                                        >(&mut __v0, __d, "x", __key_at)?
                                    }
                                    __msgpack::__private::Key::Str(b"y") => {
                                        __msgpack::__private::take_field::<
                                            f32,
                                        >(&mut __v1, __d, "y", __key_at)?
                                    }
                                    __msgpack::__private::Key::Str(b"z") => {
                                        __msgpack::__private::take_field::<
                                            f32,
                                        >(&mut __v2, __d, "z", __key_at)?
                                    }
                                    __msgpack::__private::Key::Str(
                                        __k,
                                    ) if __skip_key.is_some_and(|__t| __t.is(__k)) => {
                                        if let __Option::Some(__t) = __skip_key.as_mut() {
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
                                    __Option::Some(__v0),
                                    __Option::Some(__v1),
                                    __Option::Some(__v2),
                                ) => Self { x: __v0, y: __v1, z: __v2 },
                                __t => {
                                    return __Result::Err(
                                        __msgpack::__private::first_missing(
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
                    __Result::<Self, __msgpack::decode::Error>::Ok(__r)
                }
                __msgpack::marker::Marker::Array => {
                    let __len = __d.array_len()?;
                    __d.enter()?;
                    let __r = {
                        let __value = Self {
                            x: __msgpack::__private::array_field::<
                                f32,
                            >(__d, "x", 0usize, __len, __at)?,
                            y: __msgpack::__private::array_field::<
                                f32,
                            >(__d, "y", 1usize, __len, __at)?,
                            z: __msgpack::__private::array_field::<
                                f32,
                            >(__d, "z", 2usize, __len, __at)?,
                        };
                        for _ in 3usize..__len {
                            __d.skip()?;
                        }
                        __value
                    };
                    __d.leave();
                    __Result::Ok(__r)
                }
                _ => __Result::Err(__d.type_error("Vector3", __at)),
            }
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::__private::DecodeElems<'de> for Vector3 {
        const __ELEMS: usize = (3usize);
        #[inline]
        fn __decode_elems(
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<Self, __msgpack::decode::Error> {
            __Result::Ok(Self {
                x: __msgpack::__private::field::<f32>(__d, "x")?,
                y: __msgpack::__private::field::<f32>(__d, "y")?,
                z: __msgpack::__private::field::<f32>(__d, "z")?,
            })
        }
    }
    /// Identifies this definition in schemas (recursion).
    const __ID: &str = ::core::concat!(
        ::core::module_path!(), "::", "Vector3", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: __msgpack::schema::Shape = __msgpack::schema::Shape::Struct(
        &__msgpack::schema::StructDef {
            name: "Vector3",
            id: __ID,
            generic: false,
            form: __msgpack::schema::Form::Array,
            fields: &[
                __msgpack::schema::FieldDef::new(
                    "x",
                    <f32 as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "y",
                    <f32 as __msgpack::schema::Schema>::SHAPE,
                ),
                __msgpack::schema::FieldDef::new(
                    "z",
                    <f32 as __msgpack::schema::Schema>::SHAPE,
                ),
            ],
            deny_unknown_fields: false,
        },
    );
    #[automatically_derived]
    impl __msgpack::schema::Schema for Vector3 {
        const SHAPE: __msgpack::schema::ShapeRef = __msgpack::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

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
        const MAX_LEN: usize = __msgpack::__private::max_len_sum(
            &[
                1usize,
                <f32 as __msgpack::Encode>::MAX_LEN,
                <f32 as __msgpack::Encode>::MAX_LEN,
                <f32 as __msgpack::Encode>::MAX_LEN,
            ],
        );
        const __LAYOUT: __msgpack::__private::Layout = __msgpack::__private::Layout::array(
            &[
                <f32 as __msgpack::Encode>::__LAYOUT,
                <f32 as __msgpack::Encode>::__LAYOUT,
                <f32 as __msgpack::Encode>::__LAYOUT,
            ],
        );
        #[inline(always)]
        fn __write_fixed(&self, __out: &mut [u8]) {
            let mut __at: usize = 0;
            __msgpack::__private::write_key(
                __out,
                &mut __at,
                const { &<Self as __msgpack::Encode>::__LAYOUT },
                1usize,
            );
            __msgpack::__private::write_field::<f32>(__out, &mut __at, &self.x);
            __msgpack::__private::write_field::<f32>(__out, &mut __at, &self.y);
            __msgpack::__private::write_field::<f32>(__out, &mut __at, &self.z);
        }
        #[inline]
        fn encode<__W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            __msgpack::__private::encode_struct::<
                {
                    __msgpack::__private::window(<Vector3 as __msgpack::Encode>::MAX_LEN)
                },
                __msgpack::__private::ArrayForm,
                Self,
                __W,
            >(self, __e)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            1usize
                + <Self as __msgpack::__private::EncodeBody<
                    __msgpack::__private::ArrayForm,
                >>::body_len(self)
        }
    }
    #[automatically_derived]
    impl __msgpack::__private::EncodeBody<__msgpack::__private::ArrayForm> for Vector3 {
        const ELEMS: usize = (3usize);
        #[inline]
        fn items(&self) -> usize {
            (3usize)
        }
        #[inline(always)]
        fn write_body<const __HEADER: bool, __W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            if __HEADER {
                __e.raw(b"\x93")?;
            }
            <f32 as __msgpack::Encode>::encode(&self.x, __e)?;
            <f32 as __msgpack::Encode>::encode(&self.y, __e)?;
            <f32 as __msgpack::Encode>::encode(&self.z, __e)?;
            __Result::Ok(())
        }
        #[inline(always)]
        fn body_len(&self) -> usize {
            0 + <f32 as __msgpack::Encode>::encoded_len(&self.x)
                + <f32 as __msgpack::Encode>::encoded_len(&self.y)
                + <f32 as __msgpack::Encode>::encoded_len(&self.z)
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::Decode<'de> for Vector3 {
        const __LAYOUT: __msgpack::__private::Layout = __msgpack::__private::Layout::array(
            &[
                <f32 as __msgpack::Decode<'de>>::__LAYOUT,
                <f32 as __msgpack::Decode<'de>>::__LAYOUT,
                <f32 as __msgpack::Decode<'de>>::__LAYOUT,
            ],
        );
        #[inline(always)]
        fn __read_fixed(__b: &'de [u8]) -> __Option<Self> {
            let mut __at: usize = 1usize;
            let __f0 = __msgpack::__private::read_field::<f32>(__b, &mut __at)?;
            let __f1 = __msgpack::__private::read_field::<f32>(__b, &mut __at)?;
            let __f2 = __msgpack::__private::read_field::<f32>(__b, &mut __at)?;
            __Option::Some(Self { x: __f0, y: __f1, z: __f2 })
        }
        #[inline(always)]
        fn decode(
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<Self, __msgpack::decode::Error> {
            if let __Option::Some(__v) = __msgpack::__private::fixed::<Self>(__d) {
                return __Result::Ok(__v);
            }
            if __msgpack::__private::array_exact(__d, 3usize) {
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
                __msgpack::__private::decode_fallback::<
                    __msgpack::__private::ArrayForm,
                    Self,
                >(__d, "Vector3")?,
            )
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::__private::DecodeBody<'de, __msgpack::__private::ArrayForm>
    for Vector3 {
        type Acc = (__Option<f32>, __Option<f32>, __Option<f32>);
        const ELEMS: usize = 3usize;
        #[inline(always)]
        fn new_acc() -> Self::Acc {
            (__Option::None, __Option::None, __Option::None)
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
                if __d.eat_raw(b"\xA1x") {
                    __acc.0 = __Option::Some(
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
                    __acc.1 = __Option::Some(
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
                    __acc.2 = __Option::Some(
                        __msgpack::__private::field::<f32>(__d, "z")?,
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
                __msgpack::__private::Key::Str(b"x") => 0usize,
                __msgpack::__private::Key::Str(b"y") => 1usize,
                __msgpack::__private::Key::Str(b"z") => 2usize,
                _ => return __Result::Ok(false),
            };
            <Self as __msgpack::__private::DecodeBody<
                'de,
                __msgpack::__private::ArrayForm,
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
                        f32,
                    >(&mut __acc.0, __d, "x", __key_at)?
                }
                1usize => {
                    __msgpack::__private::take_field::<
                        f32,
                    >(&mut __acc.1, __d, "y", __key_at)?
                }
                2usize => {
                    __msgpack::__private::take_field::<
                        f32,
                    >(&mut __acc.2, __d, "z", __key_at)?
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
                },
            )
        }
    }
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

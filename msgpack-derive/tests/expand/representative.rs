// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.
//
// pub struct Order {
//     pub id: u64,
//     pub customer: String,
//     pub note: Option<String>,
//     pub items: Vec<u32>,
//     pub totals: BTreeMap<String, u32>,
//     pub weight: f32,
//     pub express: bool,
//     pub address: Address,
// }

#[allow(non_upper_case_globals, unused_qualifications, unused_labels, clippy::all)]
const _: () = {
    const fn __field<__T: ::msgpack_core::MsgPackField>() {}
    #[automatically_derived]
    impl ::msgpack_core::Encode for Order {
        const MAX_LEN: usize = {
            let _ = __field::<Address>;
            ::msgpack_core::encode::bounded::max_len_sum(
                &[
                    54usize,
                    <u64 as ::msgpack_core::Encode>::MAX_LEN,
                    <String as ::msgpack_core::Encode>::MAX_LEN,
                    <Option<String> as ::msgpack_core::Encode>::MAX_LEN,
                    <Vec<u32> as ::msgpack_core::Encode>::MAX_LEN,
                    <BTreeMap<String, u32> as ::msgpack_core::Encode>::MAX_LEN,
                    <f32 as ::msgpack_core::Encode>::MAX_LEN,
                    <bool as ::msgpack_core::Encode>::MAX_LEN,
                    <Address as ::msgpack_core::Encode>::MAX_LEN,
                ],
            )
        };
        const COSTLY_LEN: bool = {
            let _ = __field::<Address>;
            <Option<String> as ::msgpack_core::Encode>::COSTLY_LEN
                || <Vec<u32> as ::msgpack_core::Encode>::COSTLY_LEN
                || <BTreeMap<String, u32> as ::msgpack_core::Encode>::COSTLY_LEN
                || <Address as ::msgpack_core::Encode>::COSTLY_LEN
        };
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
                                <Order as ::msgpack_core::Encode>::MAX_LEN,
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
    impl ::msgpack_core::__private::EncodeItems for Order {
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
    impl ::msgpack_core::__private::EncodeMap for Order {
        const __KEYS: ::msgpack_core::__private::KeySet = ::msgpack_core::__private::KeySet::of(
            &[
                b"id",
                b"customer",
                b"note",
                b"items",
                b"totals",
                b"weight",
                b"express",
                b"address",
            ],
        );
        #[inline]
        fn __map_entries(&self) -> usize {
            { 8usize }
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
            let _ = __field::<Address>;
            53usize + <u64 as ::msgpack_core::Encode>::encoded_len(&self.id)
                + <String as ::msgpack_core::Encode>::encoded_len(&self.customer)
                + <Option<String> as ::msgpack_core::Encode>::encoded_len(&self.note)
                + <Vec<u32> as ::msgpack_core::Encode>::encoded_len(&self.items)
                + <BTreeMap<
                    String,
                    u32,
                > as ::msgpack_core::Encode>::encoded_len(&self.totals)
                + <f32 as ::msgpack_core::Encode>::encoded_len(&self.weight)
                + <bool as ::msgpack_core::Encode>::encoded_len(&self.express)
                + <Address as ::msgpack_core::Encode>::encoded_len(&self.address)
        }
    }
    #[automatically_derived]
    impl ::msgpack_core::__private::MapBody for Order {
        #[inline(always)]
        fn __map_body<const __HEADER: bool, __W: ::msgpack_core::encode::Write>(
            &self,
            __e: &mut ::msgpack_core::encode::Encoder<__W>,
        ) -> ::core::result::Result<(), ::msgpack_core::encode::Error<__W::Error>> {
            let _ = __field::<Address>;
            __e.raw(if __HEADER { b"\x88\xA2id" } else { b"\xA2id" })?;
            <u64 as ::msgpack_core::Encode>::encode(&self.id, __e)?;
            __e.raw(b"\xA8customer")?;
            <String as ::msgpack_core::Encode>::encode(&self.customer, __e)?;
            __e.raw(b"\xA4note")?;
            <Option<String> as ::msgpack_core::Encode>::encode(&self.note, __e)?;
            __e.raw(b"\xA5items")?;
            <Vec<u32> as ::msgpack_core::Encode>::encode(&self.items, __e)?;
            __e.raw(b"\xA6totals")?;
            <BTreeMap<
                String,
                u32,
            > as ::msgpack_core::Encode>::encode(&self.totals, __e)?;
            __e.raw(b"\xA6weight")?;
            <f32 as ::msgpack_core::Encode>::encode(&self.weight, __e)?;
            __e.raw(b"\xA7express")?;
            <bool as ::msgpack_core::Encode>::encode(&self.express, __e)?;
            __e.raw(b"\xA7address")?;
            <Address as ::msgpack_core::Encode>::encode(&self.address, __e)?;
            ::core::result::Result::Ok(())
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::Decode<'de> for Order {
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
    impl<'de> ::msgpack_core::__private::DecodeFallback<'de> for Order {
        #[inline(never)]
        fn __decode_fallback(
            __d: &mut ::msgpack_core::Decoder<'de>,
        ) -> ::core::result::Result<Self, ::msgpack_core::decode::Error> {
            ::msgpack_core::__private::struct_fallback::<
                Self,
            >(__d, "Order", ::core::primitive::usize::MAX)
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::FlattenDecode<'de> for Order {
        type Acc = (
            ::core::option::Option<u64>,
            ::core::option::Option<String>,
            ::core::option::Option<Option<String>>,
            ::core::option::Option<Vec<u32>>,
            ::core::option::Option<BTreeMap<String, u32>>,
            ::core::option::Option<f32>,
            ::core::option::Option<bool>,
            ::core::option::Option<Address>,
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
            let _ = __field::<Address>;
            let mut __left = *__left_ref;
            '__fast: {
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA2id") {
                    __acc.0 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<u64>(__d, "id")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA8customer") {
                    __acc.1 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<String>(__d, "customer")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA4note") {
                    __acc.2 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<Option<String>>(__d, "note")?,
                    );
                    __left -= 1;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA5items") {
                    __acc.3 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<Vec<u32>>(__d, "items")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA6totals") {
                    __acc.4 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<
                            BTreeMap<String, u32>,
                        >(__d, "totals")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                '__run: {
                    if __left >= 2usize {
                        if let ::core::option::Option::Some((__run0, __run1)) = __d
                            .__fixed_run(
                                const {
                                    &::msgpack_core::layout::Layout::concat(
                                        &[
                                            ::msgpack_core::layout::Layout::bytes(b"\xA6weight"),
                                            <f32 as ::msgpack_core::Decode<'de>>::__LAYOUT,
                                            ::msgpack_core::layout::Layout::bytes(b"\xA7express"),
                                            <bool as ::msgpack_core::Decode<'de>>::__LAYOUT,
                                        ],
                                    )
                                },
                                |__b: &'de [u8]| {
                                    let mut __at: usize = 0;
                                    __at += 7usize;
                                    let __f0 = ::msgpack_core::layout::read_field::<
                                        f32,
                                    >(__b, &mut __at)?;
                                    __at += 8usize;
                                    let __f1 = ::msgpack_core::layout::read_field::<
                                        bool,
                                    >(__b, &mut __at)?;
                                    ::core::option::Option::Some((__f0, __f1))
                                },
                            )
                        {
                            __acc.5 = ::core::option::Option::Some(__run0);
                            __acc.6 = ::core::option::Option::Some(__run1);
                            __left -= 2usize;
                            break '__run;
                        }
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA6weight") {
                        __acc.5 = ::core::option::Option::Some(
                            ::msgpack_core::__private::field::<f32>(__d, "weight")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA7express") {
                        __acc.6 = ::core::option::Option::Some(
                            ::msgpack_core::__private::field::<bool>(__d, "express")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA7address") {
                    __acc.7 = ::core::option::Option::Some(
                        ::msgpack_core::__private::field::<Address>(__d, "address")?,
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
                ::msgpack_core::__private::Key::Str(b"customer") => 1usize,
                ::msgpack_core::__private::Key::Str(b"note") => 2usize,
                ::msgpack_core::__private::Key::Str(b"items") => 3usize,
                ::msgpack_core::__private::Key::Str(b"totals") => 4usize,
                ::msgpack_core::__private::Key::Str(b"weight") => 5usize,
                ::msgpack_core::__private::Key::Str(b"express") => 6usize,
                ::msgpack_core::__private::Key::Str(b"address") => 7usize,
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
            let _ = __field::<Address>;
            let _ = (&__acc, __key_at, &__d);
            match __index {
                0usize => {
                    ::msgpack_core::__private::take_field::<
                        u64,
                    >(&mut __acc.0, __d, "id", __key_at)?
                }
                1usize => {
                    ::msgpack_core::__private::take_field::<
                        String,
                    >(&mut __acc.1, __d, "customer", __key_at)?
                }
                2usize => {
                    ::msgpack_core::__private::take_field::<
                        Option<String>,
                    >(&mut __acc.2, __d, "note", __key_at)?
                }
                3usize => {
                    ::msgpack_core::__private::take_field::<
                        Vec<u32>,
                    >(&mut __acc.3, __d, "items", __key_at)?
                }
                4usize => {
                    ::msgpack_core::__private::take_field::<
                        BTreeMap<String, u32>,
                    >(&mut __acc.4, __d, "totals", __key_at)?
                }
                5usize => {
                    ::msgpack_core::__private::take_field::<
                        f32,
                    >(&mut __acc.5, __d, "weight", __key_at)?
                }
                6usize => {
                    ::msgpack_core::__private::take_field::<
                        bool,
                    >(&mut __acc.6, __d, "express", __key_at)?
                }
                7usize => {
                    ::msgpack_core::__private::take_field::<
                        Address,
                    >(&mut __acc.7, __d, "address", __key_at)?
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
            let _ = __field::<Address>;
            #[allow(unused_variables)]
            let (__v0, __v1, __v2, __v3, __v4, __v5, __v6, __v7) = __acc;
            ::core::result::Result::Ok(
                match (__v0, __v1, __v2, __v3, __v4, __v5, __v6, __v7) {
                    (
                        ::core::option::Option::Some(__v0),
                        ::core::option::Option::Some(__v1),
                        __v2,
                        ::core::option::Option::Some(__v3),
                        ::core::option::Option::Some(__v4),
                        ::core::option::Option::Some(__v5),
                        ::core::option::Option::Some(__v6),
                        ::core::option::Option::Some(__v7),
                    ) => {
                        Self {
                            id: __v0,
                            customer: __v1,
                            note: match __v2 {
                                ::core::option::Option::Some(__x) => __x,
                                ::core::option::Option::None => ::core::option::Option::None,
                            },
                            items: __v3,
                            totals: __v4,
                            weight: __v5,
                            express: __v6,
                            address: __v7,
                        }
                    }
                    __t => {
                        return ::core::result::Result::Err(
                            ::msgpack_core::__private::first_missing(
                                __d,
                                __at,
                                &[
                                    (__t.0.is_none(), "id"),
                                    (__t.1.is_none(), "customer"),
                                    (__t.3.is_none(), "items"),
                                    (__t.4.is_none(), "totals"),
                                    (__t.5.is_none(), "weight"),
                                    (__t.6.is_none(), "express"),
                                    (__t.7.is_none(), "address"),
                                ],
                            ),
                        );
                    }
                },
            )
        }
    }
    #[automatically_derived]
    impl<'de> ::msgpack_core::__private::DecodeMap<'de> for Order {
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
        ::core::module_path!(), "::", "Order", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: ::msgpack_core::schema::Shape = {
        let _ = __field::<Address>;
        ::msgpack_core::schema::Shape::Struct(
            &::msgpack_core::schema::StructDef {
                name: "Order",
                id: __ID,
                generic: false,
                form: ::msgpack_core::schema::Form::Map,
                fields: &[
                    ::msgpack_core::schema::FieldDef::new(
                        "id",
                        <u64 as ::msgpack_core::schema::Schema>::SHAPE,
                    ),
                    ::msgpack_core::schema::FieldDef::new(
                        "customer",
                        <String as ::msgpack_core::schema::Schema>::SHAPE,
                    ),
                    ::msgpack_core::schema::FieldDef::new(
                            "note",
                            <Option<String> as ::msgpack_core::schema::Schema>::SHAPE,
                        )
                        .optional(),
                    ::msgpack_core::schema::FieldDef::new(
                        "items",
                        <Vec<u32> as ::msgpack_core::schema::Schema>::SHAPE,
                    ),
                    ::msgpack_core::schema::FieldDef::new(
                        "totals",
                        <BTreeMap<String, u32> as ::msgpack_core::schema::Schema>::SHAPE,
                    ),
                    ::msgpack_core::schema::FieldDef::new(
                        "weight",
                        <f32 as ::msgpack_core::schema::Schema>::SHAPE,
                    ),
                    ::msgpack_core::schema::FieldDef::new(
                        "express",
                        <bool as ::msgpack_core::schema::Schema>::SHAPE,
                    ),
                    ::msgpack_core::schema::FieldDef::new(
                        "address",
                        <Address as ::msgpack_core::schema::Schema>::SHAPE,
                    ),
                ],
                deny_unknown_fields: false,
            },
        )
    };
    #[automatically_derived]
    impl ::msgpack_core::schema::Schema for Order {
        const SHAPE: ::msgpack_core::schema::ShapeRef = ::msgpack_core::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

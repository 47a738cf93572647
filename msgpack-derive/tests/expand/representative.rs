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
    const fn __field<__T: __msgpack::MsgPackField>() {}
    #[automatically_derived]
    impl __msgpack::Encode for Order {
        const MAX_LEN: usize = {
            let _ = __field::<Address>;
            __msgpack::__private::max_len_sum(
                &[
                    54usize,
                    <u64 as __msgpack::Encode>::MAX_LEN,
                    <String as __msgpack::Encode>::MAX_LEN,
                    <Option<String> as __msgpack::Encode>::MAX_LEN,
                    <Vec<u32> as __msgpack::Encode>::MAX_LEN,
                    <BTreeMap<String, u32> as __msgpack::Encode>::MAX_LEN,
                    <f32 as __msgpack::Encode>::MAX_LEN,
                    <bool as __msgpack::Encode>::MAX_LEN,
                    <Address as __msgpack::Encode>::MAX_LEN,
                ],
            )
        };
        const COSTLY_LEN: bool = {
            let _ = __field::<Address>;
            <Option<String> as __msgpack::Encode>::COSTLY_LEN
                || <Vec<u32> as __msgpack::Encode>::COSTLY_LEN
                || <BTreeMap<String, u32> as __msgpack::Encode>::COSTLY_LEN
                || <Address as __msgpack::Encode>::COSTLY_LEN
        };
        #[inline]
        fn encode<__W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            __msgpack::__private::encode_struct::<
                { __msgpack::__private::window(<Order as __msgpack::Encode>::MAX_LEN) },
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
    impl __msgpack::__private::EncodeBody<__msgpack::__private::MapForm> for Order {
        const KEYS: __msgpack::__private::KeySet = __msgpack::__private::KeySet::of(
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
        fn items(&self) -> usize {
            { 8usize }
        }
        #[inline(always)]
        fn write_body<const __HEADER: bool, __W: __msgpack::encode::Write>(
            &self,
            __e: &mut __msgpack::encode::Encoder<__W>,
        ) -> __Result<(), __msgpack::encode::Error<__W::Error>> {
            let _ = __field::<Address>;
            __e.raw(if __HEADER { b"\x88\xA2id" } else { b"\xA2id" })?;
            <u64 as __msgpack::Encode>::encode(&self.id, __e)?;
            __e.raw(b"\xA8customer")?;
            <String as __msgpack::Encode>::encode(&self.customer, __e)?;
            __e.raw(b"\xA4note")?;
            <Option<String> as __msgpack::Encode>::encode(&self.note, __e)?;
            __e.raw(b"\xA5items")?;
            <Vec<u32> as __msgpack::Encode>::encode(&self.items, __e)?;
            __e.raw(b"\xA6totals")?;
            <BTreeMap<String, u32> as __msgpack::Encode>::encode(&self.totals, __e)?;
            __e.raw(b"\xA6weight")?;
            <f32 as __msgpack::Encode>::encode(&self.weight, __e)?;
            __e.raw(b"\xA7express")?;
            <bool as __msgpack::Encode>::encode(&self.express, __e)?;
            __e.raw(b"\xA7address")?;
            <Address as __msgpack::Encode>::encode(&self.address, __e)?;
            __Result::Ok(())
        }
        #[inline(always)]
        fn body_len(&self) -> usize {
            let _ = __field::<Address>;
            53usize + <u64 as __msgpack::Encode>::encoded_len(&self.id)
                + <String as __msgpack::Encode>::encoded_len(&self.customer)
                + <Option<String> as __msgpack::Encode>::encoded_len(&self.note)
                + <Vec<u32> as __msgpack::Encode>::encoded_len(&self.items)
                + <BTreeMap<String, u32> as __msgpack::Encode>::encoded_len(&self.totals)
                + <f32 as __msgpack::Encode>::encoded_len(&self.weight)
                + <bool as __msgpack::Encode>::encoded_len(&self.express)
                + <Address as __msgpack::Encode>::encoded_len(&self.address)
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::Decode<'de> for Order {
        #[inline(always)]
        fn decode(
            __d: &mut __msgpack::Decoder<'de>,
        ) -> __Result<Self, __msgpack::decode::Error> {
            __msgpack::__private::decode_map_struct::<Self>(__d, "Order")
        }
    }
    #[automatically_derived]
    impl<'de> __msgpack::__private::DecodeBody<'de, __msgpack::__private::MapForm>
    for Order {
        type Acc = (
            __Option<u64>,
            __Option<String>,
            __Option<Option<String>>,
            __Option<Vec<u32>>,
            __Option<BTreeMap<String, u32>>,
            __Option<f32>,
            __Option<bool>,
            __Option<Address>,
        );
        const ELEMS: usize = 8usize;
        #[inline(always)]
        fn new_acc() -> Self::Acc {
            (
                __Option::None,
                __Option::None,
                __Option::None,
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
            let _ = __field::<Address>;
            let mut __left = *__left_ref;
            '__fast: {
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA2id") {
                    __acc.0 = __Option::Some(
                        __msgpack::__private::field::<u64>(__d, "id")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA8customer") {
                    __acc.1 = __Option::Some(
                        __msgpack::__private::field::<String>(__d, "customer")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA4note") {
                    __acc.2 = __Option::Some(
                        __msgpack::__private::field::<Option<String>>(__d, "note")?,
                    );
                    __left -= 1;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA5items") {
                    __acc.3 = __Option::Some(
                        __msgpack::__private::field::<Vec<u32>>(__d, "items")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                if __left == 0 {
                    break '__fast;
                }
                if __d.eat_raw(b"\xA6totals") {
                    __acc.4 = __Option::Some(
                        __msgpack::__private::field::<
                            BTreeMap<String, u32>,
                        >(__d, "totals")?,
                    );
                    __left -= 1;
                } else {
                    break '__fast;
                }
                '__run: {
                    if __left >= 2usize {
                        if let __Option::Some((__run0, __run1)) = __msgpack::__private::fixed_run(
                            __d,
                            const {
                                &__msgpack::__private::Layout::concat(
                                    &[
                                        __msgpack::__private::Layout::bytes(b"\xA6weight"),
                                        <f32 as __msgpack::Decode<'de>>::__LAYOUT,
                                        __msgpack::__private::Layout::bytes(b"\xA7express"),
                                        <bool as __msgpack::Decode<'de>>::__LAYOUT,
                                    ],
                                )
                            },
                            |__b: &'de [u8]| {
                                let mut __at: usize = 0;
                                __at += 7usize;
                                let __f0 = __msgpack::__private::read_field::<
                                    f32,
                                >(__b, &mut __at)?;
                                __at += 8usize;
                                let __f1 = __msgpack::__private::read_field::<
                                    bool,
                                >(__b, &mut __at)?;
                                __Option::Some((__f0, __f1))
                            },
                        ) {
                            __acc.5 = __Option::Some(__run0);
                            __acc.6 = __Option::Some(__run1);
                            __left -= 2usize;
                            break '__run;
                        }
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA6weight") {
                        __acc.5 = __Option::Some(
                            __msgpack::__private::field::<f32>(__d, "weight")?,
                        );
                        __left -= 1;
                    } else {
                        break '__fast;
                    }
                    if __left == 0 {
                        break '__fast;
                    }
                    if __d.eat_raw(b"\xA7express") {
                        __acc.6 = __Option::Some(
                            __msgpack::__private::field::<bool>(__d, "express")?,
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
                    __acc.7 = __Option::Some(
                        __msgpack::__private::field::<Address>(__d, "address")?,
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
                __msgpack::__private::Key::Str(b"customer") => 1usize,
                __msgpack::__private::Key::Str(b"note") => 2usize,
                __msgpack::__private::Key::Str(b"items") => 3usize,
                __msgpack::__private::Key::Str(b"totals") => 4usize,
                __msgpack::__private::Key::Str(b"weight") => 5usize,
                __msgpack::__private::Key::Str(b"express") => 6usize,
                __msgpack::__private::Key::Str(b"address") => 7usize,
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
            let _ = __field::<Address>;
            let _ = (&__acc, __key_at, &__d);
            match __index {
                0usize => {
                    __msgpack::__private::take_field::<
                        u64,
                    >(&mut __acc.0, __d, "id", __key_at)?
                }
                1usize => {
                    __msgpack::__private::take_field::<
                        String,
                    >(&mut __acc.1, __d, "customer", __key_at)?
                }
                2usize => {
                    __msgpack::__private::take_field::<
                        Option<String>,
                    >(&mut __acc.2, __d, "note", __key_at)?
                }
                3usize => {
                    __msgpack::__private::take_field::<
                        Vec<u32>,
                    >(&mut __acc.3, __d, "items", __key_at)?
                }
                4usize => {
                    __msgpack::__private::take_field::<
                        BTreeMap<String, u32>,
                    >(&mut __acc.4, __d, "totals", __key_at)?
                }
                5usize => {
                    __msgpack::__private::take_field::<
                        f32,
                    >(&mut __acc.5, __d, "weight", __key_at)?
                }
                6usize => {
                    __msgpack::__private::take_field::<
                        bool,
                    >(&mut __acc.6, __d, "express", __key_at)?
                }
                7usize => {
                    __msgpack::__private::take_field::<
                        Address,
                    >(&mut __acc.7, __d, "address", __key_at)?
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
            let _ = __field::<Address>;
            __Result::Ok(
                match __acc {
                    (
                        __Option::Some(__v0),
                        __Option::Some(__v1),
                        __v2,
                        __Option::Some(__v3),
                        __Option::Some(__v4),
                        __Option::Some(__v5),
                        __Option::Some(__v6),
                        __Option::Some(__v7),
                    ) => {
                        Self {
                            id: __v0,
                            customer: __v1,
                            note: __Option::flatten(__v2),
                            items: __v3,
                            totals: __v4,
                            weight: __v5,
                            express: __v6,
                            address: __v7,
                        }
                    }
                    __t => {
                        return __Result::Err(
                            __msgpack::__private::first_missing(
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
    const __ID: &str = ::core::concat!(
        ::core::module_path!(), "::", "Order", "@", ::core::line!(), ":",
        ::core::column!()
    );
    static __SHAPE: __msgpack::schema::Shape = {
        let _ = __field::<Address>;
        __msgpack::schema::Shape::Struct(
            &__msgpack::schema::StructDef {
                name: "Order",
                id: __ID,
                generic: false,
                form: __msgpack::schema::Form::Map,
                fields: &[
                    __msgpack::schema::FieldDef::new(
                        "id",
                        <u64 as __msgpack::schema::Schema>::SHAPE,
                    ),
                    __msgpack::schema::FieldDef::new(
                        "customer",
                        <String as __msgpack::schema::Schema>::SHAPE,
                    ),
                    __msgpack::schema::FieldDef::new(
                            "note",
                            <Option<String> as __msgpack::schema::Schema>::SHAPE,
                        )
                        .optional(),
                    __msgpack::schema::FieldDef::new(
                        "items",
                        <Vec<u32> as __msgpack::schema::Schema>::SHAPE,
                    ),
                    __msgpack::schema::FieldDef::new(
                        "totals",
                        <BTreeMap<String, u32> as __msgpack::schema::Schema>::SHAPE,
                    ),
                    __msgpack::schema::FieldDef::new(
                        "weight",
                        <f32 as __msgpack::schema::Schema>::SHAPE,
                    ),
                    __msgpack::schema::FieldDef::new(
                        "express",
                        <bool as __msgpack::schema::Schema>::SHAPE,
                    ),
                    __msgpack::schema::FieldDef::new(
                        "address",
                        <Address as __msgpack::schema::Schema>::SHAPE,
                    ),
                ],
                deny_unknown_fields: false,
            },
        )
    };
    #[automatically_derived]
    impl __msgpack::schema::Schema for Order {
        const SHAPE: __msgpack::schema::ShapeRef = __msgpack::schema::ShapeRef::new(
            &__SHAPE,
        );
    }
};

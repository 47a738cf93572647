//! Arbitrary bytes into `Value`, `ValueRef` and `Decoder::skip`, with the
//! default options and with `max_depth(8)`: see `msgpack_core_fuzz::decode_value`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = msgpack_core_fuzz::decode_value(data);
});

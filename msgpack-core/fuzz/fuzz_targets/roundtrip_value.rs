//! Whatever decodes to a `Value` encodes back to an equal value, in
//! `encoded_len` bytes: see `msgpack_core_fuzz::roundtrip_value`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = msgpack_core_fuzz::roundtrip_value(data);
});

//! Arbitrary bytes into derived types of every shape, re-encoded and decoded
//! again on success: see `msgpack_core_fuzz::decode_derived`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = msgpack_core_fuzz::decode_derived(data);
});

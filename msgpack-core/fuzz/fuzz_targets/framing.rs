//! Arbitrary bytes through `decode::message_len`, a resumed `decode::Framer`
//! and `Decoder::skip`: see `msgpack_core_fuzz::framing`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = msgpack_core_fuzz::framing(data);
});

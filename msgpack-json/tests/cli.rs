//! The `msgpack-json` binary, run as a user would: arguments, standard
//! input, standard output and error, exit status.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use msgpack_core::{Timestamp, Value};

mod common;
use common::{BIN, run, run_in, unhex};

fn enc(v: &Value) -> Vec<u8> {
    msgpack_core::to_vec(v).unwrap()
}

fn ts(secs: i64, nanos: u32) -> Value {
    Value::from(Timestamp::new(secs, nanos).unwrap())
}

fn temp_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("msgpack-json-cli");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Every kind of item, with the JSON line `to-json` must print for it.
fn every_kind() -> Vec<(Vec<u8>, &'static str)> {
    vec![
        (unhex("c0"), "null"),
        (unhex("c2"), "false"),
        (unhex("c3"), "true"),
        (unhex("00"), "0"),
        (unhex("7f"), "127"),
        (unhex("ff"), "-1"),
        (unhex("cd 01 2c"), "300"),
        (unhex("cf ff ff ff ff ff ff ff ff"), "18446744073709551615"),
        (unhex("cf 80 00 00 00 00 00 00 00"), "9223372036854775808"),
        (unhex("d3 80 00 00 00 00 00 00 00"), "-9223372036854775808"),
        (unhex("cb 3f f8 00 00 00 00 00 00"), "1.5"),
        (unhex("cb 3f f0 00 00 00 00 00 00"), "1.0"),
        (unhex("cb 80 00 00 00 00 00 00 00"), "-0.0"),
        (unhex("cb 7e 37 e4 3c 88 00 75 9c"), "1e+300"),
        (unhex("cb 7f f8 00 00 00 00 00 00"), r#"{"$float":"NaN"}"#),
        (unhex("cb 7f f0 00 00 00 00 00 00"), r#"{"$float":"Infinity"}"#),
        (unhex("cb ff f0 00 00 00 00 00 00"), r#"{"$float":"-Infinity"}"#),
        (unhex("a6 68 c3 a9 6c 6c 6f"), r#""héllo""#),
        (unhex("a2 22 0a"), r#""\"\n""#),
        (unhex("c4 00"), r#"{"$bin":""}"#),
        (unhex("c4 03 01 02 03"), r#"{"$bin":"AQID"}"#),
        (unhex("92 01 90"), "[1,[]]"),
        // String keys, in wire order (not sorted).
        (unhex("82 a1 62 01 a1 61 02"), r#"{"b":1,"a":2}"#),
        (unhex("80"), "{}"),
        // Non-string, repeated and lone reserved keys: the `$map` form.
        (unhex("82 01 a1 78 c0 c3"), r#"{"$map":[[1,"x"],[null,true]]}"#),
        (unhex("82 a1 6b 01 a1 6b 02"), r#"{"$map":[["k",1],["k",2]]}"#),
        (unhex("81 a4 24 62 69 6e a4 41 51 49 44"), r#"{"$map":[["$bin","AQID"]]}"#),
        (unhex("82 a4 24 62 69 6e 01 a1 78 02"), r#"{"$bin":1,"x":2}"#),
        (unhex("81 a4 24 72 65 66 01"), r#"{"$ref":1}"#),
        (unhex("d6 05 01 02 03 04"), r#"{"$ext":{"type":5,"data":"AQIDBA=="}}"#),
        (unhex("c7 03 80 01 02 03"), r#"{"$ext":{"type":-128,"data":"AQID"}}"#),
        (unhex("d6 ff 65 92 00 80"), r#"{"$timestamp":"2024-01-01T00:00:00Z"}"#),
        (enc(&ts(1_704_067_200, 123_456_789)), r#"{"$timestamp":"2024-01-01T00:00:00.123456789Z"}"#),
        (enc(&ts(-1, 500_000_000)), r#"{"$timestamp":"1969-12-31T23:59:59.500000000Z"}"#),
        (enc(&ts(-86_400 * 365 * 300, 0)), r#"{"$timestamp":"1670-03-14T00:00:00Z"}"#),
        (enc(&ts(i64::MAX, 999_999_999)), r#"{"$timestamp":"+292277026596-12-04T15:30:07.999999999Z"}"#),
        (enc(&ts(1 << 34, 1)), r#"{"$timestamp":"2514-05-30T01:53:04.000000001Z"}"#),
        // ext -1 that is not a timestamp in its smallest layout stays ext.
        (unhex("c7 0c ff 00000000 0000000000000001"), r#"{"$ext":{"type":-1,"data":"AAAAAAAAAAAAAAAB"}}"#),
        (unhex("d4 ff 00"), r#"{"$ext":{"type":-1,"data":"AA=="}}"#),
    ]
}

// ---- to-json --------------------------------------------------------------------------

#[test]
fn to_json_prints_every_kind() {
    for (bytes, json) in every_kind() {
        let out = run(&["to-json"], &bytes).ok();
        assert_eq!(out.text(), format!("{json}\n"), "{bytes:02x?}");
    }
}

#[test]
fn to_json_reads_concatenated_values() {
    let cases = every_kind();
    let stream: Vec<u8> = cases.iter().flat_map(|(b, _)| b.clone()).collect();
    let expected: String = cases.iter().map(|(_, j)| format!("{j}\n")).collect();
    assert_eq!(run(&["to-json"], &stream).ok().text(), expected);
    assert_eq!(run(&["to-json", "-"], &stream).ok().text(), expected);
    let file = temp_path("every-kind.msgpack");
    std::fs::write(&file, &stream).unwrap();
    assert_eq!(run(&["to-json", file.to_str().unwrap()], b"").ok().text(), expected);
}

#[test]
fn float_32_is_its_exact_value() {
    let f32s = enc(&Value::Array(vec![Value::F32(0.1), Value::F32(1.5), Value::F32(f32::NAN)]));
    assert_eq!(run(&["to-json"], &f32s).ok().text(), "[0.10000000149011612,1.5,{\"$float\":\"NaN\"}]\n");
}

#[test]
fn to_json_pretty() {
    let out = run(&["to-json", "--pretty"], &unhex("82 a1 61 92 01 c4 01 ff a1 62 80 c0")).ok();
    assert_eq!(
        out.text(),
        "{\n  \"a\": [\n    1,\n    {\n      \"$bin\": \"/w==\"\n    }\n  ],\n  \"b\": {}\n}\nnull\n"
    );
}

#[test]
fn empty_input_is_no_values() {
    assert_eq!(run(&["to-json"], b"").ok().stdout, b"");
    assert_eq!(run(&["from-json"], b"").ok().stdout, b"");
    assert_eq!(run(&["from-json"], b" \n\t ").ok().stdout, b"");
    assert_eq!(run(&["inspect"], b"").ok().stdout, b"");
}

// ---- from-json ------------------------------------------------------------------------

#[test]
fn from_json_writes_known_bytes() {
    for (json, hex) in [
        ("null", "c0"),
        ("[true, false]", "92 c3 c2"),
        ("0 127 128 255 256 65535 65536", "00 7f cc80 ccff cd0100 cdffff ce00010000"),
        ("-1 -32 -33 -128 -129 -32768 -32769", "ff e0 d0df d080 d1ff7f d18000 d2ffff7fff"),
        ("4294967296 18446744073709551615", "cf0000000100000000 cfffffffffffffffff"),
        ("-9223372036854775808", "d38000000000000000"),
        ("1.5 1.0 1e3", "cb3ff8000000000000 cb3ff0000000000000 cb408f400000000000"),
        (r#""hi" "" "é""#, "a26869 a0 a2c3a9"),
        (r#"{"b": 1, "a": [2]}"#, "82 a162 01 a161 9102"),
        (r#"{"$bin": "AQID"}"#, "c403010203"),
        (r#"{"$bin": ""}"#, "c400"),
        (r#"{"$ext": {"type": 5, "data": "AQIDBA=="}}"#, "d60501020304"),
        (r#"{"$ext": {"data": "AQID", "type": -128}}"#, "c70380010203"),
        (r#"{"$timestamp": "2024-01-01T00:00:00Z"}"#, "d6ff65920080"),
        (r#"{"$timestamp": "1970-01-01T00:00:01.000000001Z"}"#, "d7ff0000000400000001"),
        (r#"{"$timestamp": "1969-12-31T23:59:59Z"}"#, "c70cff00000000ffffffffffffffff"),
        (r#"{"$timestamp": "2024-01-01T01:00:00+01:00"}"#, "d6ff65920080"),
        (r#"{"$float": "NaN"} {"$float": "-Infinity"}"#, "cb7ff8000000000000 cbfff0000000000000"),
        (r#"{"$map": [[1, "x"], [null, true]]}"#, "82 01 a178 c0 c3"),
        (r#"{"$map": []}"#, "80"),
        (r#"{"$ref": 1}"#, "81 a4247265 66 01"),
        (r#"{"$bin": 1, "x": 2}"#, "82 a42462696e 01 a178 02"),
        // Concatenated without whitespace where the syntax allows.
        (r#"{}[]"x"1"#, "80 90 a178 01"),
    ] {
        assert_eq!(run(&["from-json"], json.as_bytes()).ok().stdout, unhex(hex), "{json}");
    }
}

#[test]
fn from_json_to_a_file() {
    let file = temp_path("out.msgpack");
    let _ = std::fs::remove_file(&file);
    let out = run(&["from-json", "-o", file.to_str().unwrap()], b"[1, 2]").ok();
    assert_eq!(out.stdout, b"");
    assert_eq!(std::fs::read(&file).unwrap(), [0x92, 0x01, 0x02]);
    run(&["from-json", &format!("--output={}", file.display())], b"3").ok();
    assert_eq!(std::fs::read(&file).unwrap(), [0x03]);
}

// ---- round trips ----------------------------------------------------------------------

#[test]
fn round_trips_of_every_kind() {
    for (bytes, json) in every_kind() {
        // JSON -> MessagePack -> JSON: the identity on what to-json prints.
        let msgpack = run(&["from-json"], json.as_bytes()).ok().stdout;
        assert_eq!(run(&["to-json"], &msgpack).ok().text(), format!("{json}\n"));
        // MessagePack -> JSON -> MessagePack: the same bytes (all smallest forms, no f32 here).
        assert_eq!(msgpack, bytes, "{json}");
    }
}

/// The msgpack-core interop vectors (written by Python's msgpack), as one stream.
#[test]
fn round_trips_of_the_reference_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../msgpack-core/tests/data/vectors.json");
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let vectors = doc["vectors"].as_array().unwrap();
    assert!(vectors.len() > 400);
    let (mut all, mut exact, mut exact_count) = (Vec::new(), Vec::new(), 0);
    for v in vectors {
        let bytes = unhex(v["hex"].as_str().unwrap());
        all.extend_from_slice(&bytes);
        // Byte-exact: the smallest forms, and nothing the mapping widens (f32) or normalises (NaN).
        let value: Value = msgpack_core::from_slice(&bytes).unwrap();
        if v["canonical"].as_bool().unwrap() && !has_f32_or_nan(&value) {
            exact.extend_from_slice(&bytes);
            exact_count += 1;
        }
    }
    assert!(exact_count > 300, "{exact_count}");

    let json = run(&["to-json"], &exact).ok().stdout;
    assert_eq!(json.iter().filter(|&&b| b == b'\n').count(), exact_count);
    assert!(run(&["from-json"], &json).ok().stdout == exact, "MessagePack -> JSON -> MessagePack changed bytes");

    let json = run(&["to-json"], &all).ok().stdout;
    assert_eq!(json.iter().filter(|&&b| b == b'\n').count(), vectors.len());
    let again = run(&["to-json"], &run(&["from-json"], &json).ok().stdout).ok().stdout;
    assert!(again == json, "JSON -> MessagePack -> JSON changed text");
}

fn has_f32_or_nan(v: &Value) -> bool {
    match v {
        Value::F32(_) => true,
        Value::F64(f) => f.is_nan(),
        Value::Array(items) => items.iter().any(has_f32_or_nan),
        Value::Map(entries) => entries.iter().any(|(k, v)| has_f32_or_nan(k) || has_f32_or_nan(v)),
        _ => false,
    }
}

// ---- inspect --------------------------------------------------------------------------

#[test]
fn inspect_a_small_message() {
    // {"id": 300, "tags": [bin [1, 2, 3], timestamp 2024-01-01T00:00:00Z]}
    let bytes = unhex("82 a2 69 64 cd 01 2c a4 74 61 67 73 92 c4 03 01 02 03 d6 ff 65 92 00 80");
    let expected = "\
00000000  82                                fixmap  map of 2 entries
00000001  a2 69 64                            key: fixstr  \"id\"
00000004  cd 01 2c                            value: uint 16  = 300
00000007  a4 74 61 67 73                      key: fixstr  \"tags\"
0000000c  92                                  value: fixarray  array of 2 elements
0000000d  c4 03 01 02 03                        [0] bin 8  bin of 3 bytes
00000012  d6 ff 65 92 00 80                     [1] timestamp 32  2024-01-01T00:00:00Z
";
    assert_eq!(run(&["inspect"], &bytes).ok().text(), expected);
    // The README and the module docs show the same dump.
    for doc in [include_str!("../README.md"), include_str!("../src/inspect.rs")] {
        let shown: Vec<&str> = doc.lines().map(|l| l.trim_start_matches("//!").trim()).collect();
        assert!(expected.lines().all(|line| shown.contains(&line)), "a doc's dump differs");
    }
}

#[test]
fn inspect_names_every_format() {
    let mut bytes = unhex(
        "93 c0 c2 c3  e0 d0 80 d1 80 00 d2 80 00 00 00 d3 80 00 00 00 00 00 00 00
         cc ff ce 00 01 00 00 cf 00 00 00 01 00 00 00 00
         ca 3f c0 00 00 cb 7f f0 00 00 00 00 00 00
         d9 03 61 62 63 c5 00 02 01 02 c6 00 00 00 00
         d4 01 00 d5 02 00 00 d8 03 00000000000000000000000000000000 c7 01 04 00 c8 00 00 05 c9 00 00 00 00 06
         d7 ff 00 00 00 04 00 00 00 01 c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff d7 ff ff ff ff ff ff ff ff ff
         dc 00 01 dd 00 00 00 00 de 00 01 01 02 df 00 00 00 00",
    );
    bytes.extend(enc(&Value::from("x".repeat(40))));
    bytes.extend(enc(&Value::Bin(vec![7; 300])));
    let expected = r#"00000000  93                                fixarray  array of 3 elements
00000001  c0                                  [0] nil  nil
00000002  c2                                  [1] false  = false
00000003  c3                                  [2] true  = true
00000004  e0                                negative fixint  = -32
00000005  d0 80                             int 8  = -128
00000007  d1 80 00                          int 16  = -32768
0000000a  d2 80 00 00 00                    int 32  = -2147483648
0000000f  d3 80 00 00 00 00 00 00 00        int 64  = -9223372036854775808
00000018  cc ff                             uint 8  = 255
0000001a  ce 00 01 00 00                    uint 32  = 65536
0000001f  cf 00 00 00 01 00 00 00 00        uint 64  = 4294967296
00000028  ca 3f c0 00 00                    float 32  = 1.5
0000002d  cb 7f f0 00 00 00 00 00 00        float 64  = inf
00000036  d9 03 61 62 63                    str 8  "abc"
0000003b  c5 00 02 01 02                    bin 16  bin of 2 bytes
00000040  c6 00 00 00 00                    bin 32  bin of 0 bytes
00000045  d4 01 00                          fixext 1  ext type 1, 1 byte
00000048  d5 02 00 00                       fixext 2  ext type 2, 2 bytes
0000004c  d8 03 00 00 00 00 00 00 00 00 ..  fixext 16  ext type 3, 16 bytes
0000005e  c7 01 04 00                       ext 8  ext type 4, 1 byte
00000062  c8 00 00 05                       ext 16  ext type 5, 0 bytes
00000066  c9 00 00 00 00 06                 ext 32  ext type 6, 0 bytes
0000006c  d7 ff 00 00 00 04 00 00 00 01     timestamp 64  1970-01-01T00:00:01.000000001Z
00000076  c7 0c ff 00 00 00 00 ff ff ff ..  timestamp 96  1969-12-31T23:59:59Z
00000085  d7 ff ff ff ff ff ff ff ff ff     fixext 8  ext type -1, 8 bytes (not a valid timestamp)
0000008f  dc 00 01                          array 16  array of 1 element
00000092  dd 00 00 00 00                      [0] array 32  array of 0 elements
00000097  de 00 01                          map 16  map of 1 entry
0000009a  01                                  key: positive fixint  = 1
0000009b  02                                  value: positive fixint  = 2
0000009c  df 00 00 00 00                    map 32  map of 0 entries
000000a1  d9 28 78 78 78 78 78 78 78 78 ..  str 8  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"... (40 bytes)
000000cb  c5 01 2c 07 07 07 07 07 07 07 ..  bin 16  bin of 300 bytes
"#;
    assert_eq!(run(&["inspect"], &bytes).ok().text(), expected);
}

#[test]
fn inspect_prints_what_it_can_then_the_error() {
    // [1, "hi", <str 8 of 5 bytes with 2 present>
    let out = run(&["inspect"], &unhex("93 01 a2 68 69 d9 05 61 62"));
    assert_eq!(out.code, 1);
    assert_eq!(
        out.text(),
        "00000000  93                                fixarray  array of 3 elements\n\
         00000001  01                                  [0] positive fixint  = 1\n\
         00000002  a2 68 69                            [1] fixstr  \"hi\"\n"
    );
    assert_eq!(
        out.stderr,
        "error: invalid MessagePack at byte 7: unexpected end of input: needed 5 bytes, 2 left (at $[2])\n"
    );

    let out = run(&["inspect"], &unhex("91 c1"));
    assert_eq!(out.code, 1);
    assert_eq!(out.text().lines().count(), 1);
    assert_eq!(
        out.stderr,
        "error: invalid MessagePack at byte 1: invalid marker 0xc1 (never used by MessagePack) (at $[0])\n"
    );
}

// ---- errors ---------------------------------------------------------------------------

#[test]
fn truncated_msgpack_reports_the_offset() {
    // Two good values, then a uint 16 missing its last byte.
    let out = run(&["to-json"], &unhex("01 a1 78 92 01 cd 01"));
    assert_eq!(out.code, 1);
    assert_eq!(out.text(), "1\n\"x\"\n", "the values before the bad one are printed");
    assert_eq!(
        out.stderr,
        "error: invalid MessagePack at byte 6: unexpected end of input: needed 2 bytes, 1 left (at $[1])\n"
    );
}

#[test]
fn bad_msgpack() {
    for (hex, message) in [
        ("c1", "invalid MessagePack at byte 0: invalid marker 0xc1 (never used by MessagePack)"),
        ("01 a2 ff fe", "invalid MessagePack at byte 1: invalid UTF-8 in str"),
        ("dd ff ff ff ff", "invalid MessagePack at byte 5: unexpected end of input: needed 4294967295 bytes, 0 left"),
        (
            "81 a1 6b c4 05 00",
            "invalid MessagePack at byte 5: unexpected end of input: needed 5 bytes, 1 left (at $[\"k\"])",
        ),
    ] {
        let out = run(&["to-json"], &unhex(hex));
        assert_eq!(out.code, 1, "{hex}");
        assert_eq!(out.stderr, format!("error: {message}\n"), "{hex}");
    }
}

fn nested_arrays(depth: usize) -> Vec<u8> {
    let mut bytes = vec![0x91; depth - 1];
    bytes.push(0x90);
    bytes
}

#[test]
fn depth_limit() {
    // 64 levels with --untrusted (DecodeOptions::untrusted()); 1024 by default.
    let args = ["to-json", "--untrusted"];
    assert_eq!(run(&args, &nested_arrays(64)).ok().text(), format!("{}{}\n", "[".repeat(64), "]".repeat(64)));
    let out = run(&args, &nested_arrays(65));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            1,
            "error: invalid MessagePack at byte 64: nesting deeper than the limit of 64 (at $[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0])\n"
        )
    );
    let out = run(&["inspect", "--max-depth", "3"], &nested_arrays(4));
    assert_eq!(out.code, 1);
    assert_eq!(out.text().lines().count(), 4);
    assert_eq!(
        out.stderr,
        "error: invalid MessagePack at byte 3: nesting deeper than the limit of 3 (at $[0][0][0])\n"
    );

    // The highest limit converts both ways, arrays and (three JSON levels each) `$map` forms.
    let deep = nested_arrays(1024);
    assert_eq!(run(&["to-json", "--max-depth=1024"], &deep).ok().text().len(), 2 * 1024 + 1);
    let mut maps = Vec::new();
    for _ in 0..1023 {
        maps.extend([0x81, 0x01]);
    }
    maps.push(0xc0);
    let json = run(&["to-json", "--max-depth", "1024"], &maps).ok().stdout;
    assert!(json.starts_with(br#"{"$map":[[1,{"$map":[[1,"#));
    assert_eq!(run(&["inspect", "--max-depth", "1024"], &maps).ok().text().lines().count(), 1023 * 2 + 1);
    // serde_json reads at most 128 levels of JSON.
    let out = run(&["from-json"], &json);
    assert_eq!(out.code, 1);
    assert_eq!(out.stderr, "error: invalid JSON at line 1 column 513: recursion limit exceeded\n");
}

#[test]
fn bad_json_reports_line_and_column() {
    for (json, message) in [
        ("{\"a\": 1,\n \"b\" 2}", "invalid JSON at line 2 column 6: expected `:`"),
        ("[1, 2", "invalid JSON at line 1 column 5: EOF while parsing a list"),
        ("1 2 x", "invalid JSON at line 1 column 5: expected value"),
        ("\"\\ud800\"", "invalid JSON at line 1 column 8: unexpected end of hex escape"),
        (
            "{\"ok\": 1}\n\n  {\"a\": [1, {\"$bin\": \"AQI\"}]}",
            // At the `$bin` value (issue 25), not at the start of the document.
            "invalid JSON value at line 3 column 22: \"$bin\": invalid base64 (standard alphabet, padded): Invalid padding (at $.a[1])",
        ),
        (
            "{\"$ext\": {\"type\": -129, \"data\": \"\"}}",
            "invalid JSON value at line 1 column 10: \"$ext\": type -129 is outside -128..127 (at $)",
        ),
        (
            "[{\"$timestamp\": \"2023-02-29T00:00:00Z\"}]",
            "invalid JSON value at line 1 column 17: \"$timestamp\": \"2023-02-29T00:00:00Z\": no such date (at $[0])",
        ),
    ] {
        let out = run(&["from-json"], json.as_bytes());
        assert_eq!(out.code, 1, "{json}");
        assert_eq!(out.stderr, format!("error: {message}\n"), "{json}");
    }
    // Values before the bad one are written.
    let out = run(&["from-json"], b"1 [2] {");
    assert_eq!((out.code, out.stdout), (1, vec![0x01, 0x91, 0x02]));
    // Invalid UTF-8 in the JSON text.
    let out = run(&["from-json"], b"\"\xff\"");
    assert_eq!(out.code, 1);
    assert!(out.stderr.starts_with("error: invalid JSON at line 1 column 2: "), "{}", out.stderr);
}

#[test]
fn io_errors_exit_3() {
    let missing = temp_path("does-not-exist.msgpack");
    for command in ["to-json", "from-json", "inspect"] {
        let out = run(&[command, missing.to_str().unwrap()], b"");
        assert_eq!(out.code, 3, "{command}");
        assert_eq!(out.stdout, b"");
        assert!(out.stderr.starts_with(&format!("error: cannot read {}: ", missing.display())), "{}", out.stderr);
    }
    // A directory is not a readable file.
    let dir = temp_path("");
    assert_eq!(run(&["to-json", dir.to_str().unwrap()], b"").code, 3);
    // An output file in a directory that does not exist.
    let out = run(&["from-json", "-o", missing.join("x").to_str().unwrap()], b"1");
    assert_eq!(out.code, 3);
    assert!(out.stderr.starts_with("error: cannot create "), "{}", out.stderr);
}

#[test]
fn usage_errors_exit_2_and_print_the_usage() {
    for (args, message) in [
        (&[][..], "no command given"),
        (&["frob"], "unknown command frob"),
        (&["to-json", "--frob"], "unknown option --frob"),
        (&["to-json", "-x"], "unknown option -x"),
        (&["to-json", "a", "b"], "unexpected argument b"),
        (&["to-json", "--max-depth"], "--max-depth needs a number"),
        (&["to-json", "--max-depth", "0"], "--max-depth must be a number from 1 to 1024, not 0"),
        (&["inspect", "--max-depth=1025"], "--max-depth must be a number from 1 to 1024, not 1025"),
        (&["inspect", "--max-depth", "-3"], "--max-depth must be a number from 1 to 1024, not -3"),
        (&["from-json", "--max-depth", "5"], "--max-depth applies to to-json and inspect"),
        (&["from-json", "--pretty"], "--pretty applies to to-json only"),
        (&["inspect", "--pretty=yes"], "unknown option --pretty=yes"),
        (&["from-json", "-o"], "-o needs a file name"),
    ] {
        let out = run(args, b"");
        assert_eq!(out.code, 2, "{args:?}");
        assert_eq!(out.stdout, b"", "{args:?}");
        assert!(out.stderr.starts_with(&format!("error: {message}")), "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("Usage: msgpack-json <COMMAND>"), "{args:?}");
    }
}

#[test]
fn help_and_version() {
    for args in [&["--help"][..], &["-h"], &["to-json", "-h"], &["frob", "--help"]] {
        let out = run(args, b"").ok();
        assert!(out.text().starts_with("Usage: msgpack-json <COMMAND>"), "{args:?}");
        assert!(out.text().contains("Exit status: 0 success, 1 invalid input, 2 usage error, 3 I/O error."));
    }
    let out = run(&["-V"], b"").ok();
    assert_eq!(out.text(), format!("msgpack-json {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn options_after_the_file_and_after_double_dash() {
    let file = temp_path("-starts-with-dash.msgpack");
    std::fs::write(&file, [0x92, 0x01, 0x02]).unwrap();
    let name = file.to_str().unwrap();
    assert_eq!(run(&["to-json", name, "--pretty"], b"").ok().text(), "[\n  1,\n  2\n]\n");
    // After `--`, a name starting with '-' is a file.
    let dir = file.parent().unwrap();
    assert_eq!(run_in(dir, &["to-json", "--", "-starts-with-dash.msgpack"], b"").ok().text(), "[1,2]\n");
}

#[test]
fn a_reader_that_goes_away_is_not_an_error() {
    let mut child = Command::new(BIN)
        .arg("to-json")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // Close the read end before anything is written.
    let input: Vec<u8> = std::iter::repeat_n([0xa3, b'a', b'b', b'c'], 100_000).flatten().collect();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert!(child.wait().unwrap().success(), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn stack_and_memory_stay_bounded_on_hostile_input() {
    // Huge declared lengths, deep nesting without end, a long run of
    // container headers: errors, never a crash.
    for hex in ["df ff ff ff ff", "dd 00 01 00 00", "c6 ff ff ff ff", "c9 7f ff ff ff 01"] {
        let out = run(&["to-json"], &unhex(hex));
        assert_eq!(out.code, 1, "{hex}: {}", out.stderr);
    }
    let out = run(&["to-json", "--max-depth", "1024"], &vec![0x91; 100_000]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nesting deeper than the limit of 1024"));
    let out = run(&["inspect"], &vec![0x81; 100_000]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nesting deeper than the limit of 1024"));
    let out = run(&["inspect", "--untrusted"], &vec![0x81; 100_000]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nesting deeper than the limit of 64"));
}

/// The `schema_evolution` example's lock file (three versions of `User`).
fn user_lock() -> String {
    format!("{}/../examples/schemas/User.msgpack-schema", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn schema_prints_a_recorded_version_as_text() {
    let latest = run(&["schema", &user_lock()], b"").ok().text();
    assert!(latest.contains("\"role\": Role (default)"), "{latest}");
    let first = run(&["schema", "--schema-version", "1", "--format", "text", &user_lock()], b"").ok().text();
    assert_eq!(first, "User = map {\n    \"id\": u64,\n    \"name\": str,\n}\n");
    let out = run(&["schema", "--schema-version", "9", &user_lock()], b"");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("no version 9"), "{}", out.stderr);
}

#[test]
fn schema_exports_json_schema_and_msgspec() {
    let json = run(&["schema", "--format", "json-schema", &user_lock()], b"").ok().text();
    let doc: serde_json::Value = serde_json::from_str(&json).expect("the export is JSON");
    assert_eq!(doc["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert!(json.contains("\"role\""), "{json}");
    let v1 = run(&["schema", "--format", "json-schema", "--schema-version", "1", &user_lock()], b"").ok().text();
    assert!(!v1.contains("\"role\""), "{v1}");

    let py = run(&["schema", "--format", "msgspec", &user_lock()], b"").ok().text();
    assert!(py.contains("class User(msgspec.Struct"), "{py}");
    assert!(py.contains("ROOT = User"), "{py}");
}

#[test]
fn schema_refuses_bad_files_and_formats() {
    let out = run(&["schema", "--format", "yaml", &user_lock()], b"");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("text, json-schema or msgspec"), "{}", out.stderr);
    let out = run(&["schema", "-"], b"msgpack-schema-lock 7\n");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("lock file:1: unknown lock file format 7"), "{}", out.stderr);
}

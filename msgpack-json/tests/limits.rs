//! Issue 25: the tool under its own limits. Every limit of `DecodeOptions`
//! has a flag, `--untrusted` / `--trusted` presets set them all, and the
//! default reads anything `from-json` writes; JSON given to `to-json` is
//! detected; error paths tell array indexes, map keys and map entries apart.

mod common;
use common::{run, unhex};

/// A JSON document holding one string of `len` bytes.
fn long_string(len: usize) -> Vec<u8> {
    format!("[\"{}\"]", "x".repeat(len)).into_bytes()
}

#[test]
fn the_default_reads_what_from_json_writes() {
    // A 2 MB string: past DecodeOptions::untrusted()'s 1 MiB.
    let json = long_string(2_000_000);
    let msgpack = run(&["from-json"], &json).ok().stdout;
    let back = run(&["to-json"], &msgpack).ok().stdout;
    assert_eq!(back, [json.as_slice(), b"\n"].concat());
    // 127 levels of JSON (serde_json reads fewer than 128) as arrays: past
    // untrusted's 64.
    let deep = format!("{}{}", "[".repeat(127), "]".repeat(127));
    let msgpack = run(&["from-json"], deep.as_bytes()).ok().stdout;
    assert_eq!(run(&["to-json"], &msgpack).ok().text(), format!("{deep}\n"));
    assert_eq!(run(&["inspect"], &msgpack).ok().text().lines().count(), 127);
    // --untrusted refuses both, as DecodeOptions::untrusted() does.
    let out = run(&["to-json", "--untrusted"], &run(&["from-json"], &json).ok().stdout);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        "error: invalid MessagePack at byte 1: length 2000000 exceeds the limit of 1048576 (max_str_len) (at $[0])\n"
    );
    assert_eq!(run(&["to-json", "--untrusted"], &msgpack).code, 1);
}

#[test]
fn every_limit_has_a_flag() {
    // [[1, 2, 3], "abcd", bin(3), ext(2)]
    let msg = unhex("94 93 01 02 03 a4 61 62 63 64 c4 03 01 02 03 d5 07 01 02");
    assert_eq!(
        run(&["to-json"], &msg).ok().text(),
        "[[1,2,3],\"abcd\",{\"$bin\":\"AQID\"},{\"$ext\":{\"type\":7,\"data\":\"AQI=\"}}]\n"
    );
    for (flag, value, message) in [
        ("--max-depth", "1", "error: invalid MessagePack at byte 1: nesting deeper than the limit of 1 (at $[0])"),
        (
            "--max-container-len",
            "3",
            "error: invalid MessagePack at byte 0: length 4 exceeds the limit of 3 (max_container_len)",
        ),
        (
            "--max-str-len",
            "3",
            "error: invalid MessagePack at byte 5: length 4 exceeds the limit of 3 (max_str_len) (at $[1])",
        ),
        (
            "--max-bin-len",
            "2",
            "error: invalid MessagePack at byte 10: length 3 exceeds the limit of 2 (max_bin_len) (at $[2])",
        ),
        (
            "--max-ext-len",
            "1",
            "error: invalid MessagePack at byte 15: length 2 exceeds the limit of 1 (max_ext_len) (at $[3])",
        ),
    ] {
        for args in [vec!["to-json", flag, value], vec!["inspect", flag, value]] {
            let out = run(&args, &msg);
            assert_eq!(out.code, 1, "{args:?}");
            assert_eq!(out.stderr.lines().next(), Some(message), "{args:?}");
        }
        // `--flag=value` too, and the limit met exactly passes.
        let ok = (value.parse::<u32>().unwrap() + 1).to_string();
        run(&["to-json", &format!("{flag}={ok}")], &msg).ok();
    }
    let out = run(&["to-json", "--max-alloc", "16"], &msg);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("max_alloc") || out.stderr.contains("allocat"), "{}", out.stderr);
    run(&["to-json", "--max-alloc", "100000"], &msg).ok();
    // A limit after a preset refines it; a preset after a limit replaces it.
    run(&["to-json", "--untrusted", "--max-str-len", "4"], &msg).ok();
    assert_eq!(run(&["to-json", "--max-str-len", "3", "--trusted"], &msg).code, 0);
    assert_eq!(run(&["to-json", "--trusted", "--max-str-len", "3"], &msg).code, 1);
    // Usage errors.
    for (args, message) in [
        (&["to-json", "--max-str-len", "x"][..], "--max-str-len must be a number from 0 to 4294967295, not x"),
        (&["to-json", "--max-alloc", "-1"], "--max-alloc must be a number of bytes, not -1"),
        (&["from-json", "--untrusted"], "--max-depth applies to to-json and inspect, as do the other limits"),
        (&["from-json", "--force"], "--force applies to to-json only"),
    ] {
        let out = run(args, b"");
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.starts_with(&format!("error: {message}")), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn json_given_to_to_json_is_detected() {
    for json in ["{\"a\": 1}\n", "[1, 2, 3]", "\"text\"", "1 2 3\n", "{\"$bin\":\"AQID\"}"] {
        let out = run(&["to-json"], json.as_bytes());
        assert_eq!(out.code, 1, "{json}");
        assert_eq!(out.stdout, b"", "{json}");
        assert!(
            out.stderr.starts_with("error: the input looks like JSON text, not MessagePack"),
            "{json}: {}",
            out.stderr
        );
        // --force reads the bytes as MessagePack (one integer per ASCII byte).
        let forced = run(&["to-json", "--force"], json.as_bytes());
        assert_eq!(forced.code, 0, "{json}");
        assert_eq!(forced.text().lines().count(), json.len(), "{json}");
    }
    // MessagePack that happens to be ASCII without the marks of text is
    // read as MessagePack: "123" is three fixints.
    assert_eq!(run(&["to-json"], b"123").ok().text(), "49\n50\n51\n");
    // Binary MessagePack is never taken for JSON.
    assert_eq!(run(&["to-json"], &unhex("81 a1 61 01")).ok().text(), "{\"a\":1}\n");
}

#[test]
fn paths_tell_indexes_keys_and_entries_apart() {
    for (hex, message) in [
        // A map of 5 entries holding 4: the fifth key is missing.
        (
            "85 a1 61 01 a1 62 02 04 03 c0 04",
            "invalid MessagePack at byte 11: unexpected end of input: needed 1 bytes, 0 left (at $[entry 4 key])",
        ),
        // The value of the integer key 4, and element 4 of an array.
        ("81 04 cd 01", "invalid MessagePack at byte 3: unexpected end of input: needed 2 bytes, 1 left (at $[key 4])"),
        (
            "95 01 02 03 04 cd 01",
            "invalid MessagePack at byte 6: unexpected end of input: needed 2 bytes, 1 left (at $[4])",
        ),
        // String keys as JSON strings; other keys as JSON.
        (
            "81 a3 61 20 62 91 c1",
            "invalid MessagePack at byte 6: invalid marker 0xc1 (never used by MessagePack) (at $[\"a b\"][0])",
        ),
        (
            "81 92 01 02 c1",
            "invalid MessagePack at byte 4: invalid marker 0xc1 (never used by MessagePack) (at $[key [1,2]])",
        ),
        // A bad key: the entry.
        (
            "82 a1 61 01 c1 02",
            "invalid MessagePack at byte 4: invalid marker 0xc1 (never used by MessagePack) (at $[entry 1 key])",
        ),
    ] {
        let out = run(&["to-json"], &unhex(hex));
        assert_eq!(out.code, 1, "{hex}");
        assert_eq!(out.stderr, format!("error: {message}\n"), "{hex}");
    }
}

#[test]
fn a_bad_form_is_reported_at_its_value() {
    let json = "[1,\n  {\"k\": {\"$map\": [[1, {\"$bin\": \"*\"}]]}}]";
    let out = run(&["from-json"], json.as_bytes());
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        "error: invalid JSON value at line 2 column 32: \"$bin\": invalid base64 (standard alphabet, padded): Invalid symbol 42, offset 0 (at $[1].k[\"$map\"][0][1])\n"
    );
}

//! Bad lock files get an error with a line, never a panic, a stack
//! overflow or unbounded memory; good ones print back to what they parse to.

use msgpack_schema_text::{parse, render};

const GOOD: &str = r#"# a comment
msgpack-schema-lock 1
mode full last 2

version 1 fingerprint 0x00000000000000ff
Root = map (deny_unknown_fields) {
    "id" (alias "ident", "i"): u64,
    7: int(-5..=5, nonzero) (default, may be left out),
    "tags": [str; 3] (may be left out),
    "blob": bin[16]|[u8],
    "ext": ext(-1),
    "map": {str: Option<(u8, f32,)>},
    "opaque": with("crate::m", "Vec<u8>"),
    ..Extra (default),
    "e": Event,
}
Extra = array {
    a: timestamp,
    b: char,
}
Event = enum, tag "t", content "c" {
    "start" (alias "begin"): map { "at": u64 },
    3: tuple { 0: nil, 1: any },
    "raw" (untagged): other any,
    "tick",
    other,
}

version 2 fingerprint 0x1
break "a \"quoted\" reason\n"
Root = enum, untagged {
    "a": Root,
    "b": unit {},
}
"#;

#[test]
fn a_file_using_every_construct_round_trips() {
    let lock = parse(GOOD).unwrap();
    let printed = render(&lock);
    assert_eq!(parse(&printed).unwrap(), lock);
    assert_eq!(render(&parse(&printed).unwrap()), printed, "printing is canonical");
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!(
        "msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nA = {}u8{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let err = parse(&deep).unwrap_err();
    assert!(err.message.contains("nest more than"), "{err}");
}

#[test]
fn mutations_of_a_good_file_never_panic() {
    let bytes = GOOD.as_bytes();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b"{}[]()<>:;,=|.\"\\-0x9azAZ_#@ \n";
    for _ in 0..20_000 {
        let mut b = bytes.to_vec();
        for _ in 0..(1 + next() % 4) {
            let at = (next() as usize) % b.len();
            match next() % 3 {
                0 => b[at] = alphabet[(next() as usize) % alphabet.len()],
                1 => {
                    b.remove(at);
                }
                _ => b.insert(at, alphabet[(next() as usize) % alphabet.len()]),
            }
        }
        let Ok(text) = String::from_utf8(b) else { continue };
        match parse(&text) {
            Ok(lock) => assert_eq!(parse(&render(&lock)).unwrap(), lock, "{text}"),
            Err(e) => assert!(e.line >= 1 && e.line <= text.lines().count().max(1) + 1, "{e} in {text}"),
        }
    }
}

#[test]
fn errors_name_the_line() {
    for (text, line, msg) in [
        ("", 1, "expected `msgpack-schema-lock`"),
        ("msgpack-schema-lock 1\nmode sideways\n", 2, "expected `backward`, `forward` or `full`"),
        ("msgpack-schema-lock 1\nmode backward\nversion 2 fingerprint 0x0\nA = u8\n", 3, "expected version 1 here"),
        (
            "msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nA = B\n",
            4,
            "`A` refers to `B`, which is not defined",
        ),
        (
            "msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nA = u8\nA = u16\n",
            5,
            "`A` is defined twice",
        ),
        ("msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x1ffffffffffffffff\n", 3, "not a number"),
        ("msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nA = \"open\n", 4, "not closed"),
        ("msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nA = int(5..=1)\n", 4, "is empty"),
        ("msgpack-schema-lock 1\nmode backward\nversion 1 fingerprint 0x0\nmap = u8\n", 4, "expected a type name"),
    ] {
        let err = parse(text).unwrap_err();
        assert_eq!(err.line, line, "{text:?}: {err}");
        assert!(err.message.contains(msg), "{text:?}: {err}");
    }
}

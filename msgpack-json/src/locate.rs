//! Where an error is, as a path the tool prints: array elements by index,
//! map values by their key, and a map entry's key by the entry's position,
//! each written so that no two can be confused (a value under the integer
//! key `4` is not element 4, and a missing key is not an element either).

use msgpack_core::{Decoder, Value};

/// The path to byte `offset` of the MessagePack value that starts `input`,
/// found by walking the input (iteratively: no recursion, whatever the
/// nesting): `$` for the value itself, then for each level
///
/// - `[4]`: element 4 of an array;
/// - `["name"]`: the value of the string key `name` in a map;
/// - `[key 4]`, `[key null]`, `[key [1,2]]`: the value of a key that is not
///   a string (written as JSON);
/// - `[entry 4 key]`: the key of a map's entry 4 (from 0): a bad key, or
///   the input ending where the key should start.
///
/// ```
/// // A map of 5 entries that ends after its fourth: the fifth key is missing.
/// let input = [0x85, 0xa1, b'a', 1, 0xa1, b'b', 2, 0x04, 3, 0xc0, 4];
/// assert_eq!(msgpack_json::path_to(&input, input.len()), "$[entry 4 key]");
/// // In an array inside the value of the integer key 4.
/// let input = [0x81, 0x04, 0x92, 0x01, 0xcd, 0x01];
/// assert_eq!(msgpack_json::path_to(&input, 4), "$[key 4][1]");
/// ```
pub fn path_to(input: &[u8], offset: usize) -> String {
    let mut path = String::from("$");
    let mut d = Decoder::new(input);
    loop {
        if d.position() >= offset {
            return path;
        }
        let Ok(marker) = d.peek() else { return path };
        match marker {
            msgpack_core::marker::Marker::Array => {
                let Ok(len) = d.array_len() else { return path };
                match inside(&mut d, len, offset) {
                    Some(i) => path.push_str(&format!("[{i}]")),
                    None => return path,
                }
            }
            msgpack_core::marker::Marker::Map => {
                let Ok(len) = d.map_len() else { return path };
                let mut found = false;
                for i in 0..len {
                    let key_at = d.position();
                    if !ends_before(&mut d, offset) {
                        // In (or missing at) the key: describe the entry.
                        path.push_str(&format!("[entry {i} key]"));
                        found = true;
                        break;
                    }
                    let value_at = d.position();
                    if !ends_before(&mut d, offset) {
                        path.push_str(&key_segment(&input[key_at..value_at]));
                        found = true;
                        break;
                    }
                }
                if !found {
                    return path;
                }
            }
            // A scalar: the offset is in it.
            _ => return path,
        }
    }
}

/// Which of the `len` elements that follow contains `offset` (the decoder
/// left at its start); `None` if none does.
fn inside(d: &mut Decoder<'_>, len: usize, offset: usize) -> Option<usize> {
    (0..len).find(|_| !ends_before(d, offset))
}

/// Skips the item at the decoder's position if it ends at or before
/// `offset` (`true`); otherwise (it holds `offset`, or the input ends
/// inside it) says `false`, the decoder left at the item's start.
fn ends_before(d: &mut Decoder<'_>, offset: usize) -> bool {
    let mut probe = d.clone();
    let before = probe.position() < offset && probe.skip().is_ok() && probe.position() <= offset;
    if before {
        *d = probe;
    }
    before
}

/// The segment naming the value of the key encoded as `key`.
fn key_segment(key: &[u8]) -> String {
    match msgpack_core::from_slice::<Value>(key) {
        Ok(Value::Str(ref s)) => format!("[{}]", serde_json::Value::from(s.as_str())),
        Ok(k) => format!("[key {}]", crate::to_json(&k)),
        Err(_) => "[key ?]".into(),
    }
}

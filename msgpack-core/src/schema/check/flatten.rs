//! Flattened fields in the check: a flattened struct's fields count as
//! the enclosing struct's own (map form: by key; array form: inline, by
//! position), and a flattened catch-all map stands for any other key.
//! These are the lookups through flattened fields; the checks that use
//! them (and recurse) are in `shape.rs`.

use super::base::reads_key;
use crate::schema::{FieldDef, Key, Shape, str_eq};

/// How deep flattened structs are followed (a flattened struct inside a
/// flattened struct...): the derive cannot flatten a type into itself, so
/// this only bounds hand-built shapes.
pub(super) const MAX_FLATTEN: u32 = 8;

/// The fields a flattened field inlines, if it is a struct (through
/// newtypes).
pub(super) const fn inner_fields(f: &FieldDef) -> Option<&'static [FieldDef]> {
    if !f.flatten {
        return None;
    }
    let mut s = f.shape.get();
    let mut i = 0;
    while i < MAX_FLATTEN {
        match s {
            Shape::Struct(d) => return Some(d.fields),
            Shape::Newtype(d) => s = d.inner.get(),
            _ => return None,
        }
        i += 1;
    }
    None
}

/// The key and value shapes of a flattened catch-all map.
pub(super) const fn map_of(f: &FieldDef) -> Option<(&'static Shape, &'static Shape)> {
    if !f.flatten {
        return None;
    }
    let mut s = f.shape.get();
    let mut i = 0;
    while i < MAX_FLATTEN {
        match s {
            Shape::Map { key, value } => return Some((key.get(), value.get())),
            Shape::Newtype(d) => s = d.inner.get(),
            _ => return None,
        }
        i += 1;
    }
    None
}

/// The reader field that reads `key`, among `fields` and the fields of
/// flattened structs.
pub(super) const fn find(fields: &'static [FieldDef], key: &Key) -> Option<&'static FieldDef> {
    find_depth(fields, key, 0)
}

const fn find_depth(fields: &'static [FieldDef], key: &Key, depth: u32) -> Option<&'static FieldDef> {
    let mut i = 0;
    while i < fields.len() {
        let f = &fields[i];
        if f.flatten {
            if let Some(inner) = inner_fields(f)
                && depth < MAX_FLATTEN
                && let Some(found) = find_depth(inner, key, depth + 1)
            {
                return Some(found);
            }
        } else if reads_key(&f.key, f.aliases, key) {
            return Some(f);
        }
        i += 1;
    }
    None
}

/// The field with this Rust name, among `fields` and the fields of
/// flattened structs (for messages: a renamed key).
pub(super) const fn find_named(fields: &'static [FieldDef], name: &str) -> Option<&'static FieldDef> {
    find_named_depth(fields, name, 0)
}

const fn find_named_depth(fields: &'static [FieldDef], name: &str, depth: u32) -> Option<&'static FieldDef> {
    let mut i = 0;
    while i < fields.len() {
        let f = &fields[i];
        if f.flatten {
            if let Some(inner) = inner_fields(f)
                && depth < MAX_FLATTEN
                && let Some(found) = find_named_depth(inner, name, depth + 1)
            {
                return Some(found);
            }
        } else if str_eq(f.name, name) {
            return Some(f);
        }
        i += 1;
    }
    None
}

/// The first flattened catch-all map (key and value shapes), among
/// `fields` and those of flattened structs.
pub(super) const fn catch_all(fields: &'static [FieldDef]) -> Option<(&'static Shape, &'static Shape)> {
    catch_all_depth(fields, 0)
}

const fn catch_all_depth(fields: &'static [FieldDef], depth: u32) -> Option<(&'static Shape, &'static Shape)> {
    let mut i = 0;
    while i < fields.len() {
        let f = &fields[i];
        if let Some(m) = map_of(f) {
            return Some(m);
        }
        if let Some(inner) = inner_fields(f)
            && depth < MAX_FLATTEN
            && let Some(m) = catch_all_depth(inner, depth + 1)
        {
            return Some(m);
        }
        i += 1;
    }
    None
}

/// The writer fields (through flattened structs) that reader field `rf`
/// reads: the first and, if there is one, a second.
pub(super) const fn written_as(
    rf: &FieldDef,
    fields: &'static [FieldDef],
) -> (Option<&'static FieldDef>, Option<&'static FieldDef>) {
    written_depth(rf, fields, (None, None), 0)
}

const fn written_depth(
    rf: &FieldDef,
    fields: &'static [FieldDef],
    mut acc: (Option<&'static FieldDef>, Option<&'static FieldDef>),
    depth: u32,
) -> (Option<&'static FieldDef>, Option<&'static FieldDef>) {
    let mut i = 0;
    while i < fields.len() {
        let f = &fields[i];
        if f.flatten {
            if let Some(inner) = inner_fields(f)
                && depth < MAX_FLATTEN
            {
                acc = written_depth(rf, inner, acc, depth + 1);
            }
        } else if reads_key(&rf.key, rf.aliases, &f.key) {
            if acc.0.is_none() {
                acc.0 = Some(f);
            } else if acc.1.is_none() {
                acc.1 = Some(f);
            }
        }
        if acc.1.is_some() {
            return acc;
        }
        i += 1;
    }
    acc
}

/// The number of positions of an array-form struct's fields, flattened
/// structs counting their own.
pub(super) const fn count(fields: &'static [FieldDef]) -> usize {
    count_depth(fields, 0)
}

const fn count_depth(fields: &'static [FieldDef], depth: u32) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < fields.len() {
        match inner_fields(&fields[i]) {
            Some(inner) if depth < MAX_FLATTEN => n += count_depth(inner, depth + 1),
            _ => n += 1,
        }
        i += 1;
    }
    n
}

/// The field at position `n` of an array-form struct, flattened structs
/// inlined.
pub(super) const fn nth(fields: &'static [FieldDef], n: usize) -> Option<&'static FieldDef> {
    nth_depth(fields, n, 0)
}

const fn nth_depth(fields: &'static [FieldDef], mut n: usize, depth: u32) -> Option<&'static FieldDef> {
    let mut i = 0;
    while i < fields.len() {
        match inner_fields(&fields[i]) {
            Some(inner) if depth < MAX_FLATTEN => {
                let c = count_depth(inner, depth + 1);
                if n < c {
                    return nth_depth(inner, n, depth + 1);
                }
                n -= c;
            }
            _ => {
                if n == 0 {
                    return Some(&fields[i]);
                }
                n -= 1;
            }
        }
        i += 1;
    }
    None
}

/// The position of the field with this Rust name in an array-form struct,
/// flattened structs inlined (for messages: a reordered field).
pub(super) const fn position_named(fields: &'static [FieldDef], name: &str) -> Option<usize> {
    let n = count(fields);
    let mut i = 0;
    while i < n {
        if let Some(f) = nth(fields, i)
            && str_eq(f.name, name)
        {
            return Some(i);
        }
        i += 1;
    }
    None
}

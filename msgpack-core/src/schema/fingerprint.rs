//! The schema fingerprint: 64-bit FNV-1a over a canonical encoding of the
//! wire schema (the encoding is specified on [`Shape::fingerprint`]).

use super::{EnumDef, FieldDef, Form, Key, Payload, Shape, StructDef, Tagging, str_eq};

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Named types nested deeper than this on one path are hashed as a cut.
const MAX_NESTING: usize = 64;

struct Hasher {
    h: u64,
    /// The named definitions on the current path: id, and whether generic.
    stack: [(&'static str, bool, u8); MAX_NESTING],
    n: usize,
    /// Hash a [`Shape::Recur`] as the derive's self-referring `static`s
    /// hash (the definition's kind byte, then the recursion entry): for
    /// shapes read back from lock files, where a back reference is a
    /// `Recur` but the recorded fingerprint is that of the derived type.
    recur_as_cycle: bool,
}

impl Hasher {
    const fn byte(&mut self, b: u8) {
        self.h ^= b as u64;
        self.h = self.h.wrapping_mul(FNV_PRIME);
    }

    const fn u64(&mut self, v: u64) {
        let b = v.to_le_bytes();
        let mut i = 0;
        while i < 8 {
            self.byte(b[i]);
            i += 1;
        }
    }

    const fn str(&mut self, s: &str) {
        let b = s.as_bytes();
        self.u64(b.len() as u64);
        let mut i = 0;
        while i < b.len() {
            self.byte(b[i]);
            i += 1;
        }
    }

    const fn len(&mut self, l: Option<usize>) {
        match l {
            None => self.byte(0),
            Some(n) => {
                self.byte(1);
                self.u64(n as u64);
            }
        }
    }

    /// Each alias as `2` and its string: a key starts with `0` or `1`, so
    /// the aliases before it are unambiguous, and a key without aliases
    /// hashes as it did before aliases existed.
    const fn aliases(&mut self, aliases: &[&str]) {
        let mut i = 0;
        while i < aliases.len() {
            self.byte(2);
            self.str(aliases[i]);
            i += 1;
        }
    }

    const fn key(&mut self, k: &Key) {
        match k {
            Key::Str(s) => {
                self.byte(0);
                self.str(s);
            }
            Key::Int(i) => {
                self.byte(1);
                self.u64(*i as u64);
            }
        }
    }

    /// A recursion entry for the innermost definition on the path with
    /// this id (generic ones included when `any`); `false` if there is none.
    const fn back_ref(&mut self, id: &str, any: bool) -> bool {
        let mut i = self.n;
        while i > 0 {
            i -= 1;
            let (sid, generic, _) = self.stack[i];
            if (any || !generic) && str_eq(sid, id) {
                self.byte(0x13);
                self.u64((self.n - 1 - i) as u64);
                return true;
            }
        }
        false
    }

    /// Enters a named definition: `false` if it was hashed as a back
    /// reference (recursion) or cut (too deep) instead. A generic
    /// definition is only referred back to through [`Shape::Recur`]: two
    /// occurrences are different instantiations.
    const fn enter(&mut self, id: &'static str, generic: bool, kind: u8) -> bool {
        if !generic && self.back_ref(id, false) {
            return false;
        }
        if self.n == MAX_NESTING {
            self.byte(0x14);
            return false;
        }
        self.stack[self.n] = (id, generic, kind);
        self.n += 1;
        true
    }

    const fn shape(&mut self, s: &Shape) {
        match s {
            Shape::Any => self.byte(0x01),
            Shape::Nil => self.byte(0x02),
            Shape::Bool => self.byte(0x03),
            Shape::Int(i) => {
                self.byte(0x04);
                self.u64(i.min as u64);
                self.u64(i.max);
                self.byte(i.nonzero as u8);
            }
            Shape::F32 => self.byte(0x05),
            Shape::F64 => self.byte(0x06),
            Shape::Str => self.byte(0x07),
            Shape::Char => self.byte(0x08),
            Shape::Bin { len, from_array } => {
                self.byte(0x09);
                self.len(*len);
                self.byte(*from_array as u8);
            }
            Shape::Ext { type_code } => {
                self.byte(0x0a);
                match type_code {
                    None => self.byte(0),
                    Some(t) => {
                        self.byte(1);
                        self.byte(*t as u8);
                    }
                }
            }
            Shape::Timestamp => self.byte(0x0b),
            Shape::Option(inner) => {
                self.byte(0x0c);
                self.shape(inner.get());
            }
            Shape::Seq { elem, len } => {
                self.byte(0x0d);
                self.len(*len);
                self.shape(elem.get());
            }
            Shape::Tuple(items) => {
                self.byte(0x0e);
                self.u64(items.len() as u64);
                let mut i = 0;
                while i < items.len() {
                    self.shape(items[i].get());
                    i += 1;
                }
            }
            Shape::Map { key, value } => {
                self.byte(0x0f);
                self.shape(key.get());
                self.shape(value.get());
            }
            Shape::Struct(d) => {
                self.byte(0x10);
                if self.enter(d.id, d.generic, 0x10) {
                    self.struct_body(d);
                    self.n -= 1;
                }
            }
            Shape::Enum(d) => {
                self.byte(0x11);
                if self.enter(d.id, d.generic, 0x11) {
                    self.enum_body(d);
                    self.n -= 1;
                }
            }
            // Transparent: only the inside is hashed (a recursion entry if
            // the newtype is already on the path).
            Shape::Newtype(d) => {
                if self.enter(d.id, d.generic, 0) {
                    self.shape(d.inner.get());
                    self.n -= 1;
                }
            }
            Shape::Recur { id, .. } => {
                if self.recur_as_cycle {
                    let mut i = self.n;
                    while i > 0 {
                        i -= 1;
                        let (sid, _, kind) = self.stack[i];
                        if str_eq(sid, id) {
                            if kind != 0 {
                                self.byte(kind);
                            }
                            break;
                        }
                    }
                }
                if !self.back_ref(id, true) {
                    self.byte(0x15);
                }
            }
            Shape::Opaque { with, ty } => {
                self.byte(0x12);
                self.str(with);
                self.str(ty);
            }
        }
    }

    const fn struct_body(&mut self, d: &StructDef) {
        self.byte(match d.form {
            Form::Map => 0,
            Form::Array => 1,
            Form::Tuple => 2,
            Form::Unit => 3,
        });
        self.byte(d.deny_unknown_fields as u8);
        // A flattened struct's fields count as the struct's own (the same
        // bytes on the wire as declaring them inline).
        self.u64(inline_count(d.fields, 0) as u64);
        self.fields(d.fields, d.form, 0);
    }

    const fn fields(&mut self, fields: &[FieldDef], form: Form, depth: u32) {
        let mut i = 0;
        while i < fields.len() {
            let f = &fields[i];
            i += 1;
            if let Some(inner) = flattened_fields(f)
                && depth < 8
            {
                self.fields(inner, form, depth + 1);
                continue;
            }
            if f.flatten {
                self.byte(3);
            } else if matches!(form, Form::Map) {
                self.aliases(f.aliases);
                self.key(&f.key);
            }
            self.byte(f.required as u8);
            self.byte(f.always_written as u8);
            self.shape(f.shape.get());
        }
    }

    const fn enum_body(&mut self, d: &EnumDef) {
        match d.tagging {
            Tagging::External => self.byte(0),
            Tagging::Internal(tag) => {
                self.byte(1);
                self.str(tag);
            }
            Tagging::Adjacent { tag, content } => {
                self.byte(2);
                self.str(tag);
                self.str(content);
            }
            Tagging::Untagged => self.byte(3),
        }
        self.byte(d.other as u8);
        self.u64(d.variants.len() as u64);
        let mut i = 0;
        while i < d.variants.len() {
            let v = &d.variants[i];
            if v.untagged && !matches!(d.tagging, Tagging::Untagged) {
                self.byte(4);
            }
            self.aliases(v.aliases);
            self.key(&v.tag);
            match v.payload {
                Payload::Unit => self.byte(0),
                Payload::Newtype(s) => {
                    self.byte(1);
                    self.shape(s.get());
                }
                Payload::Struct(s) => {
                    self.byte(2);
                    self.struct_body(s);
                }
                Payload::Other(s) => {
                    self.byte(3);
                    self.shape(s.get());
                }
            }
            i += 1;
        }
    }
}

/// The fields a flattened struct field inlines (through newtypes).
const fn flattened_fields(f: &FieldDef) -> Option<&'static [FieldDef]> {
    if !f.flatten {
        return None;
    }
    let mut s = f.shape.get();
    let mut i = 0;
    while i < 8 {
        match s {
            Shape::Struct(d) => return Some(d.fields),
            Shape::Newtype(d) => s = d.inner.get(),
            _ => return None,
        }
        i += 1;
    }
    None
}

/// The number of fields with flattened structs inlined.
const fn inline_count(fields: &[FieldDef], depth: u32) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < fields.len() {
        match flattened_fields(&fields[i]) {
            Some(inner) if depth < 8 => n += inline_count(inner, depth + 1),
            _ => n += 1,
        }
        i += 1;
    }
    n
}

impl Shape {
    /// A stable 64-bit fingerprint of the wire schema.
    ///
    /// Two types with the same fingerprint write and read the same
    /// messages; a change to the wire shape (a key, a field's type or
    /// integer range, requiredness, an alias, form, a variant's tag, the
    /// tagging style) changes it. Rust names are not part of it: renaming a type,
    /// or a field whose wire key is kept with `rename`, keeps the
    /// fingerprint.
    ///
    /// **Algorithm** (fixed; a change would be a breaking release): 64-bit
    /// FNV-1a (offset basis `0xcbf29ce484222325`, prime `0x100000001b3`)
    /// over this byte encoding of the shape, depth first. Integers are
    /// 8 bytes little-endian (`i64` as its two's complement); a string is
    /// its byte length then its UTF-8 bytes; an optional length is `0`, or
    /// `1` and the length; a key is `0` and a string or `1` and an integer.
    ///
    /// | shape | bytes |
    /// |---|---|
    /// | any, nil, bool | `01`, `02`, `03` |
    /// | integer | `04`, min, max, nonzero (`0`/`1`) |
    /// | f32, f64, str, char | `05`, `06`, `07`, `08` |
    /// | bin | `09`, optional length, also read from arrays (`0`/`1`) |
    /// | ext | `0a`, `0` (any type) or `1` and the type code byte |
    /// | timestamp | `0b` |
    /// | option | `0c`, inner |
    /// | sequence | `0d`, optional length, element |
    /// | tuple | `0e`, count, elements |
    /// | map | `0f`, key, value |
    /// | struct | `10`, form (`0` map, `1` array, `2` tuple, `3` unit), deny_unknown_fields, field count, per field (a flattened struct's fields counted and written in its place, as the struct's own): `3` if a flattened map, else its aliases (`2` and a string each) and key (map form only); required, always written, shape |
    /// | enum | `11`, tagging (`0` external, `1` and the tag field, `2` and the tag and content fields, `3` untagged), other, variant count, per variant: `4` if it is an untagged variant of a tagged enum, its aliases (`2` and a string each), tag key, payload (`0` unit, `1` and a shape, `2` and a struct body without its `10`, `3` and the shape an `other` variant holds) |
    /// | opaque (`with`) | `12`, module path, field type |
    /// | recursion | `13`, how many named types up the current path it refers to (`0`: the innermost) |
    /// | unresolved `Recur` (hand-built shapes only) | `15` |
    ///
    /// A newtype struct is written as its field alone (it is transparent on
    /// the wire). A named type (struct, enum, newtype) already on the
    /// current path is written as a recursion entry instead of its body (a
    /// generic type only through [`Shape::Recur`], which is written as the
    /// recursion entry of the nearest definition with its id); named types
    /// nested more than 64 deep are cut to `14`.
    ///
    /// ```
    /// use msgpack_core::MsgPack;
    /// use msgpack_core::schema::fingerprint_of;
    ///
    /// #[derive(MsgPack)]
    /// struct A { id: u32 }
    /// #[derive(MsgPack)]
    /// struct B { #[msgpack(rename = "id")] ident: u32 }
    /// #[derive(MsgPack)]
    /// struct C { id: u64 }
    ///
    /// assert_eq!(fingerprint_of::<A>(), fingerprint_of::<B>());
    /// assert_ne!(fingerprint_of::<A>(), fingerprint_of::<C>());
    /// ```
    #[must_use]
    pub const fn fingerprint(&'static self) -> u64 {
        let mut h = Hasher { h: FNV_OFFSET, stack: [("", false, 0); MAX_NESTING], n: 0, recur_as_cycle: false };
        h.shape(self);
        h.h
    }

    /// [`fingerprint`](Shape::fingerprint) with every [`Shape::Recur`]
    /// hashed as a direct reference back to its definition (the `static`
    /// descriptors of a derived type without parameters refer to
    /// themselves that way): the fingerprint a lock file records for a
    /// shape rebuilt from its text (`msgpack-schema` rebuilds descriptors
    /// from lock files with [`Shape::Recur`] for references back). Equal to
    /// [`fingerprint`](Shape::fingerprint) for every shape without a
    /// `Recur`.
    ///
    /// ```
    /// use msgpack_core::schema::shape_of;
    ///
    /// let s = shape_of::<Vec<Option<u32>>>();
    /// assert_eq!(s.fingerprint_as_cycles(), s.fingerprint());
    /// ```
    #[must_use]
    pub const fn fingerprint_as_cycles(&'static self) -> u64 {
        let mut h = Hasher { h: FNV_OFFSET, stack: [("", false, 0); MAX_NESTING], n: 0, recur_as_cycle: true };
        h.shape(self);
        h.h
    }
}

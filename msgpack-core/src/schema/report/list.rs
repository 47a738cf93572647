//! Every incompatibility a check found, in one [`Incompatible`]: the first
//! as its message (`R cannot read W: rule ID: detail`), each other one on a
//! line of its own (`  rule ID: detail`), up to `MAX_LISTED` and as many
//! as fit, then the tail: `  and N more` for those not listed, and an
//! optional note (schema lock files say how to record a break).

use super::{Incompatible, MAX_LISTED, MSG_CAP, Rule, TAIL_ROOM, text};

/// The prefix of a listed incompatibility's line after the first.
const LINE: &str = "\n  rule ";

impl Incompatible {
    /// An empty list, that [`add`](Self::add) fills.
    pub(in crate::schema) const fn list() -> Self {
        let mut m = Incompatible::for_rule(Rule::TypeChanged);
        m.count = 0;
        m.listed = 0;
        m
    }

    /// Adds the incompatibility `e` (a message under the same head, as the
    /// check builds them): the first is taken whole, the others as a line
    /// each while they fit; all are counted. Call
    /// [`close`](Self::close) when done.
    pub(in crate::schema) const fn add(&mut self, e: &Incompatible) {
        if self.count == 0 {
            *self = *e;
            self.count = 1;
            self.listed = 1;
            return;
        }
        self.count += 1;
        self.add_line(e.rule, e.detail());
    }

    /// Lists another incompatibility as a line, when there is room.
    const fn add_line(&mut self, rule: Rule, detail: &str) {
        let id = rule.id();
        let need = LINE.len() + id.len() + 2 + detail.len();
        if self.full || self.tail.is_some() || self.listed == MAX_LISTED || self.len + need > MSG_CAP - TAIL_ROOM {
            return;
        }
        let i = self.listed;
        self.starts[i] = self.len;
        self.write(LINE);
        self.write(id);
        self.write(": ");
        self.details[i] = self.len;
        self.write(detail);
        self.rules[i] = rule;
        self.listed += 1;
    }

    /// Ends the list: `  and N more` for the incompatibilities found but
    /// not listed.
    pub(in crate::schema) const fn close(&mut self) {
        if self.count > self.listed {
            self.start_tail();
            self.write_tail("\n  and ");
            let mut n = Incompatible::new();
            n.push_u64((self.count - self.listed) as u64);
            self.write_tail(n.as_str());
            self.write_tail(" more");
        }
    }

    /// Appends a line to the tail, after the list (and its `and N more`).
    pub(in crate::schema) const fn note(&mut self, line: &str) {
        self.start_tail();
        self.write_tail("\n  ");
        self.write_tail(line);
    }

    const fn start_tail(&mut self) {
        if self.tail.is_none() {
            self.tail = Some(self.len);
        }
    }

    /// Appends `s` to the tail when it fits whole.
    const fn write_tail(&mut self, s: &str) {
        if self.len + s.len() <= MSG_CAP {
            self.write(s);
        }
    }

    /// Copies `s` in; the caller made sure it fits.
    const fn write(&mut self, s: &str) {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            self.buf[self.len + i] = b[i];
            i += 1;
        }
        self.len += b.len();
    }

    /// Where the text of listed incompatibility `i` ends.
    const fn entry_end(&self, i: usize) -> usize {
        if i + 1 < self.listed {
            self.starts[i + 1]
        } else {
            match self.tail {
                Some(t) => t,
                None => self.len,
            }
        }
    }

    /// The detail of listed incompatibility `i` (none past the list).
    pub(super) const fn entry_detail(&self, i: usize) -> &str {
        if i > 0 && i >= self.listed {
            return "";
        }
        let start = if i == 0 { self.detail_start } else { self.details[i] };
        let end = self.entry_end(i);
        let end = if end < self.len { end } else { self.len };
        let start = if start < end { start } else { end };
        let (bytes, _) = self.buf.split_at(end);
        let (_, detail) = bytes.split_at(start);
        text(detail)
    }

    /// How many incompatibilities the check found: those listed in the
    /// message and those counted by its `and N more`.
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct V1 { id: u64 }
    /// #[derive(MsgPack)]
    /// struct V2 { id: u32, email: String }
    ///
    /// let err = check(shape_of::<V2>(), shape_of::<V1>()).unwrap_err();
    /// assert_eq!(err.count(), 2);
    /// assert_eq!(
    ///     err.as_str(),
    ///     "V2 cannot read V1: rule integer-narrowed: field \"id\": u32 cannot hold every u64\n  \
    ///      rule required-field-added: field \"email\" is required in V2 but V1 never writes it"
    /// );
    /// ```
    #[must_use]
    pub const fn count(&self) -> usize {
        self.count
    }

    /// The incompatibilities listed in the message, in the order found:
    /// each one's [rule](Rule) and detail (the path and the reason).
    ///
    /// ```
    /// use msgpack_core::{MsgPack, schema::{Rule, check, shape_of}};
    ///
    /// #[derive(MsgPack)]
    /// struct V1 { id: u64 }
    /// #[derive(MsgPack)]
    /// struct V2 { id: u32, email: String }
    ///
    /// let err = check(shape_of::<V2>(), shape_of::<V1>()).unwrap_err();
    /// let rules: Vec<Rule> = err.entries().map(|(rule, _)| rule).collect();
    /// assert_eq!(rules, [Rule::IntegerNarrowed, Rule::RequiredFieldAdded]);
    /// assert_eq!(err.entries().nth(1).unwrap().1, r#"field "email" is required in V2 but V1 never writes it"#);
    /// ```
    #[must_use]
    pub const fn entries(&self) -> Incompatibilities<'_> {
        Incompatibilities { m: self, next: 0 }
    }

    /// The same incompatibilities under another head, for tools that
    /// compose their own (schema lock files name the file): given `e` from
    /// [`check`], the message `e.with_head(&["User cannot read User@2 (",
    /// path, ")"])` is `User cannot read User@2 (path): rule {id}:
    /// {detail}` (then the other incompatibilities' lines), with `rule()`,
    /// `detail()` and `count()` those of `e`. A message too long for the
    /// buffer ends in `...`, or lists fewer lines and counts the others.
    ///
    /// ```
    /// use msgpack_core::schema::{Rule, check, shape_of};
    ///
    /// let e = check(shape_of::<u8>(), shape_of::<u32>()).unwrap_err();
    /// let m = e.with_head(&["Reading cannot read Reading@1 (", "schemas/Reading.msgpack-schema", ")"]);
    /// assert_eq!(
    ///     m.as_str(),
    ///     "Reading cannot read Reading@1 (schemas/Reading.msgpack-schema): rule integer-narrowed: u8 cannot hold every u32"
    /// );
    /// assert_eq!((m.rule(), m.detail()), (Rule::IntegerNarrowed, e.detail()));
    /// ```
    ///
    /// [`check`]: crate::schema::check
    #[must_use]
    pub const fn with_head(&self, head: &[&str]) -> Self {
        let mut m = Incompatible::from_parts(head, self.rule, &[self.detail()]);
        m.full = m.full || self.full;
        let mut i = 1;
        while i < self.listed {
            m.add_line(self.rules[i], self.entry_detail(i));
            i += 1;
        }
        m.count = if self.count > 1 { self.count } else { 1 };
        m.close();
        m
    }
}

/// The incompatibilities listed in an [`Incompatible`], each as its
/// [rule](Rule) and detail: what [`Incompatible::entries`] returns.
///
/// ```
/// use msgpack_core::schema::{Rule, check, shape_of};
///
/// let err = check(shape_of::<(u8, char)>(), shape_of::<(u16, String)>()).unwrap_err();
/// let mut entries = err.entries();
/// assert_eq!(entries.next(), Some((Rule::IntegerNarrowed, "element 0: u8 cannot hold every u16")));
/// assert_eq!(entries.next(), Some((Rule::CharNarrowed, "element 1: expected str of one character, found str")));
/// assert_eq!(entries.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Incompatibilities<'a> {
    m: &'a Incompatible,
    next: usize,
}

impl<'a> Iterator for Incompatibilities<'a> {
    type Item = (Rule, &'a str);

    fn next(&mut self) -> Option<(Rule, &'a str)> {
        if self.next >= self.m.listed {
            return None;
        }
        let i = self.next;
        self.next += 1;
        let rule = if i == 0 { self.m.rule } else { self.m.rules[i] };
        Some((rule, self.m.entry_detail(i)))
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::{Incompatible, MAX_LISTED, MSG_CAP, Rule};

    fn one(detail: &str) -> Incompatible {
        Incompatible::from_parts(&["A cannot read B"], Rule::TypeChanged, &[detail])
    }

    #[test]
    fn lists_up_to_the_limit_and_counts_the_rest() {
        let mut l = Incompatible::list();
        for i in 0..MAX_LISTED + 3 {
            let d = std::format!("field \"f{i}\": why");
            l.add(&one(&d));
        }
        l.close();
        assert_eq!(l.count(), MAX_LISTED + 3);
        assert_eq!(l.entries().count(), MAX_LISTED);
        let text = l.as_str();
        assert!(text.starts_with(
            "A cannot read B: rule type-changed: field \"f0\": why\n  rule type-changed: field \"f1\": why"
        ));
        assert!(text.ends_with("\n  and 3 more"), "{text}");
        assert_eq!(l.detail(), "field \"f0\": why");
        // A new head keeps every line and the count.
        let h = l.with_head(&["C cannot read D (file)"]);
        assert_eq!(h.as_str(), text.replacen("A cannot read B", "C cannot read D (file)", 1));
        assert_eq!((h.count(), h.entries().count()), (MAX_LISTED + 3, MAX_LISTED));
    }

    #[test]
    fn long_lines_are_counted_not_cut() {
        let long = "x".repeat(400);
        let mut l = Incompatible::list();
        for _ in 0..6 {
            l.add(&one(&long));
        }
        l.close();
        assert!(l.as_str().len() <= MSG_CAP);
        let listed = l.entries().count();
        assert!(listed < 6 && l.entries().all(|(_, d)| d == long), "{}", l.as_str());
        assert!(l.as_str().ends_with(&std::format!("\n  and {} more", 6 - listed)), "{}", l.as_str());
    }

    #[test]
    fn a_note_follows_the_list() {
        let mut l = Incompatible::list();
        l.add(&one("first"));
        l.add(&one("second"));
        l.close();
        l.note("(how to record it)");
        assert_eq!(
            l.as_str(),
            "A cannot read B: rule type-changed: first\n  rule type-changed: second\n  (how to record it)"
        );
        assert_eq!(l.entries().map(|(_, d)| d).collect::<std::vec::Vec<_>>(), ["first", "second"]);
    }
}

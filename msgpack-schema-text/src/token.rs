//! Splitting a lock file into tokens, each with its line.

use crate::error::ParseError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A word: letters, digits, `_`, `-`, `#`, `@` (not starting with a digit or `-`).
    Word(String),
    /// A string literal, unescaped.
    Str(String),
    /// An integer literal (decimal, or hexadecimal after `0x`), with its sign.
    Int(i128),
    /// `..=`.
    RangeIncl,
    /// `..`.
    DotDot,
    /// One of `{ } [ ] ( ) < > : ; , = |`.
    Punct(char),
}

impl Tok {
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::Word(w) => format!("`{w}`"),
            Tok::Str(s) => format!("the string {s:?}"),
            Tok::Int(i) => format!("the number {i}"),
            Tok::RangeIncl => "`..=`".into(),
            Tok::DotDot => "`..`".into(),
            Tok::Punct(c) => format!("`{c}`"),
        }
    }
}

/// A token and its 1-based line.
pub(crate) type Spanned = (Tok, usize);

fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '#' | '@')
}

/// The tokens of `text`. A `#` that starts a line (after spaces) starts a
/// comment running to the end of the line.
pub(crate) fn tokenize(text: &str) -> Result<Vec<Spanned>, ParseError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim_start().starts_with('#') {
            continue;
        }
        let err = |message: String| ParseError { line: n, message };
        let mut chars = line.char_indices().peekable();
        while let Some(&(at, c)) = chars.peek() {
            if c.is_whitespace() {
                chars.next();
            } else if c == '"' {
                chars.next();
                let mut s = String::new();
                loop {
                    match chars.next() {
                        None => return Err(err("a string is not closed on its line".into())),
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, '"')) => s.push('"'),
                            Some((_, '\\')) => s.push('\\'),
                            Some((_, 'n')) => s.push('\n'),
                            Some((_, 'r')) => s.push('\r'),
                            Some((_, 't')) => s.push('\t'),
                            Some((_, '0')) => s.push('\0'),
                            Some((_, 'u')) => {
                                if chars.next().map(|(_, c)| c) != Some('{') {
                                    return Err(err("expected `{` after `\\u`".into()));
                                }
                                let mut hex = String::new();
                                loop {
                                    match chars.next() {
                                        Some((_, '}')) => break,
                                        Some((_, h)) if h.is_ascii_hexdigit() && hex.len() < 6 => hex.push(h),
                                        _ => return Err(err("a `\\u{...}` escape is malformed".into())),
                                    }
                                }
                                let c = u32::from_str_radix(&hex, 16)
                                    .ok()
                                    .and_then(char::from_u32)
                                    .ok_or_else(|| err(format!("`\\u{{{hex}}}` is not a character")))?;
                                s.push(c);
                            }
                            other => {
                                let c = other.map_or(String::from("end of line"), |(_, c)| format!("`\\{c}`"));
                                return Err(err(format!("unknown escape {c} in a string")));
                            }
                        },
                        Some((_, c)) => s.push(c),
                    }
                }
                out.push((Tok::Str(s), n));
            } else if c.is_ascii_digit() || c == '-' {
                let start = at;
                chars.next();
                let mut end = start + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if d.is_ascii_alphanumeric() {
                        end = j + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                let lit = &line[start..end];
                let (neg, digits) = match lit.strip_prefix('-') {
                    Some(rest) => (true, rest),
                    None => (false, lit),
                };
                let value = match digits.strip_prefix("0x") {
                    Some(hex) => i128::from_str_radix(hex, 16),
                    None => digits.parse::<i128>(),
                }
                .ok()
                .filter(|v| *v <= u64::MAX as i128)
                .ok_or_else(|| err(format!("`{lit}` is not a number this format can hold")))?;
                out.push((Tok::Int(if neg { -value } else { value }), n));
            } else if word_char(c) {
                let start = at;
                let mut end = at;
                while let Some(&(j, d)) = chars.peek() {
                    if word_char(d) {
                        end = j + d.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push((Tok::Word(line[start..end].to_string()), n));
            } else if c == '.' {
                chars.next();
                if chars.next().map(|(_, c)| c) != Some('.') {
                    return Err(err("expected `..` or `..=`".into()));
                }
                if chars.peek().map(|&(_, c)| c) == Some('=') {
                    chars.next();
                    out.push((Tok::RangeIncl, n));
                } else {
                    out.push((Tok::DotDot, n));
                }
            } else if "{}[]()<>:;,=|".contains(c) {
                chars.next();
                out.push((Tok::Punct(c), n));
            } else {
                return Err(err(format!("unexpected character `{c}`")));
            }
        }
    }
    Ok(out)
}

//! Plain-text and markdown tables, the output styles and the width of the
//! runner's default output.

use std::fmt::Write as _;

/// The widest line of the default (plain-text) output.
///
/// ```
/// use msgpack_bench::report::{WIDTH, wrap};
///
/// let long = "word ".repeat(100);
/// assert!(wrap(&long, WIDTH, 2).lines().all(|l| l.chars().count() <= WIDTH));
/// ```
pub const WIDTH: usize = 120;

/// How tables are drawn.
///
/// ```
/// use msgpack_bench::report::Style;
///
/// assert!(Style::Markdown.wide() && Style::Wide.wide() && !Style::Text.wide());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plain text within [`WIDTH`] columns: the timed operations and their
    /// ratios (the default).
    Text,
    /// Plain text with every column: totals, sizes, allocations, time per
    /// item, peak memory, the reused-buffer API (`--wide`).
    Wide,
    /// Markdown tables with every column (`--markdown`).
    Markdown,
}

impl Style {
    /// Every column (wide text and markdown).
    ///
    /// ```
    /// assert!(msgpack_bench::report::Style::Wide.wide());
    /// ```
    pub fn wide(self) -> bool {
        self != Style::Text
    }

    /// Markdown.
    ///
    /// ```
    /// use msgpack_bench::report::Style;
    ///
    /// assert!(Style::Markdown.markdown() && !Style::Wide.markdown());
    /// ```
    pub fn markdown(self) -> bool {
        self == Style::Markdown
    }
}

/// Wrap `text` at `width` columns, words kept whole, the lines after the
/// first of each paragraph indented by `indent` spaces; lines of the input
/// stay lines.
///
/// ```
/// let text = msgpack_bench::report::wrap("one two three four", 9, 2);
/// assert_eq!(text, "one two\n  three\n  four");
/// ```
pub fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        let mut fresh = true; // nothing but the indent on `line` yet
        for word in para.split(' ') {
            if !fresh && line.chars().count() + 1 + word.chars().count() > width {
                out.push(std::mem::replace(&mut line, " ".repeat(indent)));
                fresh = true;
            }
            if !fresh {
                line.push(' ');
            }
            line.push_str(word);
            fresh = false;
        }
        out.push(line);
    }
    out.join("\n")
}

/// A table rendered either as aligned plain text or as markdown.
///
/// ```
/// use msgpack_bench::report::Table;
///
/// let mut table = Table::new(&["crate", "time"]);
/// table.rows.push(vec!["ours".into(), "12 ns".into()]);
/// table.rows.push(vec!["rmp-serde".into(), "345 ns".into()]);
/// assert_eq!(
///     table.render(false),
///     "crate        time\n\
///      -----------------\n\
///      ours        12 ns\n\
///      rmp-serde  345 ns\n"
/// );
/// ```
pub struct Table {
    /// Column headings.
    pub head: Vec<String>,
    /// Right-align this column.
    pub right: Vec<bool>,
    /// Cells.
    pub rows: Vec<Vec<String>>,
    /// In plain text, wrap this column's cells at this many columns (words
    /// kept whole; `None`: never). Markdown cells are never wrapped.
    pub wrap: Vec<Option<usize>>,
}

impl Table {
    /// An empty table with headings; the first column is left-aligned, the rest right.
    ///
    /// ```
    /// use msgpack_bench::report::Table;
    ///
    /// let mut table = Table::new(&["target", "measured", "met"]);
    /// assert_eq!(table.right, [false, true, true]);
    /// table.right[2] = false; // left-align the last column too
    /// assert!(table.rows.is_empty());
    /// ```
    pub fn new(head: &[&str]) -> Self {
        Table {
            head: head.iter().map(|h| h.to_string()).collect(),
            right: (0..head.len()).map(|i| i > 0).collect(),
            rows: Vec::new(),
            wrap: vec![None; head.len()],
        }
    }

    /// Render: aligned plain text (`markdown == false`, columns two spaces
    /// apart under a rule, cells of a column with a [`wrap`](Table::wrap)
    /// width on several lines) or a markdown table (alignment in the rule
    /// row).
    ///
    /// ```
    /// use msgpack_bench::report::Table;
    ///
    /// let mut table = Table::new(&["crate", "time"]);
    /// table.rows.push(vec!["ours".into(), "12 ns".into()]);
    /// assert_eq!(table.render(true), "| crate | time |\n|---|---:|\n| ours | 12 ns |\n");
    /// assert_eq!(table.render(false), "crate   time\n------------\nours   12 ns\n");
    ///
    /// table.rows.push(vec!["rmp-serde (named)".into(), "345 ns".into()]);
    /// table.wrap[0] = Some(10);
    /// assert_eq!(table.render(false), "crate        time\n-----------------\nours        12 ns\nrmp-serde  345 ns\n(named)\n");
    /// ```
    pub fn render(&self, markdown: bool) -> String {
        let mut out = String::new();
        if markdown {
            let _ = writeln!(out, "| {} |", self.head.join(" | "));
            let rule: Vec<&str> = self.right.iter().map(|&r| if r { "---:" } else { "---" }).collect();
            let _ = writeln!(out, "|{}|", rule.join("|"));
            for row in &self.rows {
                let _ = writeln!(out, "| {} |", row.join(" | "));
            }
            return out;
        }
        // Each row as one or more physical lines of cells.
        let mut lines: Vec<Vec<String>> = Vec::new();
        for row in &self.rows {
            let parts: Vec<Vec<String>> = row
                .iter()
                .enumerate()
                .map(|(c, cell)| match self.wrap[c] {
                    Some(w) => wrap(cell, w, 0).split('\n').map(String::from).collect(),
                    None => vec![cell.clone()],
                })
                .collect();
            let height = parts.iter().map(Vec::len).max().unwrap_or(1);
            for i in 0..height {
                lines.push(parts.iter().map(|p| p.get(i).cloned().unwrap_or_default()).collect());
            }
        }
        let width: Vec<usize> = (0..self.head.len())
            .map(|c| {
                lines.iter().map(|r| r[c].chars().count()).chain([self.head[c].chars().count()]).max().unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            let mut s = String::new();
            for (c, cell) in cells.iter().enumerate() {
                let pad = width[c] - cell.chars().count();
                if c > 0 {
                    s.push_str("  ");
                }
                if self.right[c] {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(cell);
                } else {
                    s.push_str(cell);
                    s.push_str(&" ".repeat(pad));
                }
            }
            s.trim_end().to_string()
        };
        let _ = writeln!(out, "{}", line(&self.head));
        let _ = writeln!(out, "{}", "-".repeat(width.iter().sum::<usize>() + 2 * (width.len() - 1)));
        for row in &lines {
            let _ = writeln!(out, "{}", line(row));
        }
        out
    }
}

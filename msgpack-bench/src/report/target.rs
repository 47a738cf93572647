//! One evaluated performance target (`TARGETS.md`), the targets table and
//! the summary line that ends the runner's output.

use std::fmt::Write as _;

use super::Table;

/// Where a target stands after a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The goal holds.
    Met,
    /// The goal does not hold.
    Missed,
    /// A figure printed for reference, with no goal.
    Reported,
    /// The case was run but the figure could not be measured (a row was
    /// not timed).
    NotEvaluated,
}

impl Status {
    /// The word in the table's `met` column.
    ///
    /// ```
    /// use msgpack_bench::report::Status;
    ///
    /// assert_eq!(Status::Missed.as_str(), "NO");
    /// assert_eq!(Status::NotEvaluated.as_str(), "not evaluated");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Met => "yes",
            Status::Missed => "NO",
            Status::Reported => "-",
            Status::NotEvaluated => "not evaluated",
        }
    }

    /// The JSON spelling (`"met"`, `"missed"`, `"reported"`, `"not evaluated"`).
    ///
    /// ```
    /// assert_eq!(msgpack_bench::report::Status::Met.json(), "met");
    /// ```
    pub fn json(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::Missed => "missed",
            Status::Reported => "reported",
            Status::NotEvaluated => "not evaluated",
        }
    }
}

/// One target of `TARGETS.md`, evaluated: a ratio **their time ÷ ours**
/// (above 1: ours is faster), or an allocation count.
///
/// ```
/// use msgpack_bench::report::{Status, Target};
///
/// let target = Target {
///     operation: "decode".into(),
///     theirs: "rmp-serde (named)".into(),
///     ours: "ours: derive".into(),
///     note: None,
///     case: "W2 Custom1".into(),
///     measured: "2.50x".into(),
///     goal: ">= 3.00x".into(),
///     status: Status::Missed,
/// };
/// assert_eq!(target.what(), "decode: rmp-serde (named) ÷ ours: derive");
/// assert!(!target.met());
/// ```
#[derive(Clone, Debug)]
pub struct Target {
    /// The operation compared: `encode (a) reused buffer`, `decode owned`, ...
    pub operation: String,
    /// Their row (a floor, or another row of ours, counts as theirs).
    pub theirs: String,
    /// Our row.
    pub ours: String,
    /// Why the comparison is not like for like, if it is not (other bytes).
    pub note: Option<String>,
    /// Where: workload and case.
    pub case: String,
    /// The measured figure, formatted (`"-"` when not evaluated).
    pub measured: String,
    /// The goal, formatted (`"reported"` when there is none).
    pub goal: String,
    /// Met, missed, reported or not evaluated.
    pub status: Status,
}

impl Target {
    /// `operation: theirs ÷ ours`, with the note in brackets.
    ///
    /// ```
    /// use msgpack_bench::report::{Status, Target};
    ///
    /// let target = Target {
    ///     operation: "encode (b) new Vec".into(),
    ///     theirs: "msgpacker".into(),
    ///     ours: "ours: derive (array)".into(),
    ///     note: Some("other bytes of the same size, 1,000 B".into()),
    ///     case: "W5 save file".into(),
    ///     measured: "1.10x".into(),
    ///     goal: ">= 1.00x".into(),
    ///     status: Status::Met,
    /// };
    /// assert_eq!(
    ///     target.what(),
    ///     "encode (b) new Vec: msgpacker ÷ ours: derive (array) (other bytes of the same size, 1,000 B)"
    /// );
    /// ```
    pub fn what(&self) -> String {
        let mut s = format!("{}: {} ÷ {}", self.operation, self.theirs, self.ours);
        if let Some(n) = &self.note {
            let _ = write!(s, " ({n})");
        }
        s
    }

    /// Whether the goal holds.
    ///
    /// ```
    /// # use msgpack_bench::report::{Status, Target};
    /// # let target = Target {
    /// #     operation: "decode".into(), theirs: "a".into(), ours: "b".into(), note: None,
    /// #     case: "W9".into(), measured: "1.00x".into(), goal: ">= 1.00x".into(), status: Status::Met,
    /// # };
    /// assert!(target.met());
    /// ```
    pub fn met(&self) -> bool {
        self.status == Status::Met
    }
}

/// The targets as a table: case, operation, their row, ours, their time ÷
/// ours, goal, met. Notes (other bytes) are numbered below it and long
/// names wrapped, so that the plain-text table stays within 120 columns.
///
/// ```
/// use msgpack_bench::report::{Status, Target, targets_table};
///
/// let target = Target {
///     operation: "encode".into(),
///     theirs: "rmp-serde (named)".into(),
///     ours: "ours: derive".into(),
///     note: None,
///     case: "W2 Custom1".into(),
///     measured: "4.00x".into(),
///     goal: ">= 3.00x".into(),
///     status: Status::Met,
/// };
/// let table = targets_table(&[target], false);
/// let lines: Vec<&str> = table.lines().collect();
/// assert_eq!(lines[0], "case        operation  theirs             ours          theirs ÷ ours      goal  met");
/// assert_eq!(lines[2], "W2 Custom1  encode     rmp-serde (named)  ours: derive          4.00x  >= 3.00x  yes");
/// ```
pub fn targets_table(targets: &[Target], markdown: bool) -> String {
    let mut t = Table::new(&["case", "operation", "theirs", "ours", "theirs ÷ ours", "goal", "met"]);
    t.right = vec![false, false, false, false, true, true, false];
    // Within the 120 columns of the plain-text output: long row names (W3's
    // types in brackets) and case names go on several lines.
    t.wrap = vec![Some(10), None, Some(24), Some(24), None, None, None];
    let mut notes: Vec<&str> = Vec::new();
    for x in targets {
        let mut theirs = x.theirs.clone();
        if let Some(n) = &x.note {
            let i = match notes.iter().position(|m| m == n) {
                Some(i) => i,
                None => {
                    notes.push(n);
                    notes.len() - 1
                }
            };
            let _ = write!(theirs, " [{}]", i + 1);
        }
        t.rows.push(vec![
            x.case.clone(),
            x.operation.clone(),
            theirs,
            x.ours.clone(),
            x.measured.clone(),
            x.goal.clone(),
            x.status.as_str().into(),
        ]);
    }
    let mut out = t.render(markdown);
    for (i, n) in notes.iter().enumerate() {
        let _ = writeln!(out, "{}[{}] {n}", if markdown { "\n" } else { "" }, i + 1);
    }
    out
}

/// The line that ends the runner's output: how many targets were met,
/// missed, not evaluated and only reported.
///
/// ```
/// use msgpack_bench::report::{Status, Target, summary};
///
/// let t = |status| Target {
///     operation: "decode".into(),
///     theirs: "zerompk".into(),
///     ours: "ours: derive".into(),
///     note: None,
///     case: "W9".into(),
///     measured: "1.00x".into(),
///     goal: ">= 1.25x".into(),
///     status,
/// };
/// let all = [t(Status::Met), t(Status::Missed), t(Status::Met), t(Status::Reported)];
/// assert_eq!(summary(&all), "targets: 2 met, 1 missed (of 3 with a goal; 1 more reported without one)");
/// let all = [t(Status::Met), t(Status::NotEvaluated)];
/// assert_eq!(summary(&all), "targets: 1 met, 0 missed, 1 not evaluated (of 2 with a goal)");
/// assert_eq!(summary(&[]), "targets: none evaluated (no case of this run carries one)");
/// ```
pub fn summary(targets: &[Target]) -> String {
    let count = |s: Status| targets.iter().filter(|t| t.status == s).count();
    let (met, missed, not, reported) =
        (count(Status::Met), count(Status::Missed), count(Status::NotEvaluated), count(Status::Reported));
    if targets.is_empty() {
        return "targets: none evaluated (no case of this run carries one)".into();
    }
    let mut s = format!("targets: {met} met, {missed} missed");
    if not > 0 {
        let _ = write!(s, ", {not} not evaluated");
    }
    let _ = write!(s, " (of {} with a goal", met + missed + not);
    if reported > 0 {
        let _ = write!(s, "; {reported} more reported without one");
    }
    s.push(')');
    s
}

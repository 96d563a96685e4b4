//! What the three command lines share about the options they were given, so
//! that they take and say it alike: each program's table of options, the
//! `--option=value` spelling taken for every option with a value, an unknown
//! option with the nearest known one, a bad value echoed beside what was
//! needed, and the version line.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// One option in a program's table: its name, and whether a value follows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Spec {
    /// `--check`, `-h`, …
    pub(crate) name: &'static str,
    /// Whether the option takes a value (`--out DIR` or `--out=DIR`).
    pub(crate) value: bool,
}

/// An option that takes no value.
pub(crate) const fn flag(name: &'static str) -> Spec {
    Spec { name, value: false }
}

/// An option followed by its value.
pub(crate) const fn valued(name: &'static str) -> Spec {
    Spec { name, value: true }
}

/// The arguments with each `--option=value` of an option in `table` that
/// takes a value split into `--option` and `value`, as the programs' own
/// parsers read them; everything else is left as it is (the value after an
/// option too, whatever it looks like, and all after `--` when the table
/// has it). `--flag=value` for an option that takes none is an error; an
/// option not in the table is left for the parser to report.
pub(crate) fn split_values(args: &[OsString], table: &[Spec]) -> Result<Vec<OsString>, String> {
    let ends_options = table.iter().any(|s| s.name == "--");
    let mut split = Vec::with_capacity(args.len());
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        // An argument that is not UTF-8 is no option of the table's.
        let Some(text) = arg.to_str() else {
            split.push(arg.clone());
            continue;
        };
        if ends_options && text == "--" {
            split.push(arg.clone());
            split.extend(args.cloned());
            break;
        }
        let (name, value) = match text.split_once('=') {
            Some((name, value)) if name.starts_with('-') => (name, Some(value)),
            _ => (text, None),
        };
        match (table.iter().find(|s| s.name == name), value) {
            (Some(spec), None) if spec.value => {
                // The value goes through as it is, even one like `--x=y`.
                split.push(arg.clone());
                split.extend(args.next().cloned());
            }
            (Some(spec), Some(value)) if spec.value => {
                split.push(OsString::from(name));
                split.push(OsString::from(value));
            }
            (Some(spec), Some(_)) => {
                return Err(format!(
                    "{} takes no value, found '{text}' (give '{}' alone)",
                    spec.name, spec.name
                ));
            }
            _ => split.push(arg.clone()),
        }
    }
    Ok(split)
}

/// `unknown option 'TEXT'`, then the nearest of `known` when one is close
/// enough to be a slip of the fingers (its name, before any `=value`), then
/// where the options are listed.
pub(crate) fn unknown_option(program: &str, text: &str, known: &[Spec]) -> String {
    let mut message = format!("unknown option '{text}'");
    let names: Vec<&str> = known.iter().map(|s| s.name).collect();
    let name = text.split_once('=').map_or(text, |(name, _)| name);
    if let Some(near) = nearest(name, &names) {
        message.push_str(&format!("; did you mean '{near}'?"));
    }
    message.push_str(&format!(" (see '{program} --help')"));
    message
}

/// `OPTION needs NEEDS, found 'VALUE'` (or `found nothing` when the option
/// came last).
pub(crate) fn bad_value(option: &str, needs: &str, value: Option<&str>) -> String {
    match value {
        Some(value) => format!("{option} needs {needs}, found '{value}'"),
        None => format!("{option} needs {needs}, found nothing"),
    }
}

/// Reads the value of `--out`: a folder's path. An empty one is refused, as
/// it would put the files into the current folder unasked.
pub(crate) fn out_folder(value: Option<&OsString>) -> Result<PathBuf, String> {
    match value {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => {
            let shown = value.map(|v| v.to_string_lossy());
            Err(bad_value("--out", "a folder", shown.as_deref()))
        }
    }
}

/// The longest limit `--max-seconds` takes: a year.
pub(crate) const MAX_SECONDS: f64 = 31_536_000.0;

/// Reads the value of `--max-seconds`: a number of seconds above 0 and at most
/// [`MAX_SECONDS`], fractions allowed (`None`: the option came last, with no
/// value).
pub(crate) fn parse_seconds(value: Option<&str>) -> Result<Duration, String> {
    match value.map(str::parse::<f64>) {
        Some(Ok(s)) if s > 0.0 && s <= MAX_SECONDS => Ok(Duration::from_secs_f64(s)),
        _ => Err(bad_value(
            "--max-seconds",
            &format!("a number of seconds above 0 and at most {MAX_SECONDS}"),
            value,
        )),
    }
}

/// The line `--version` prints.
pub(crate) fn version(program: &str) -> String {
    format!("{program} {}\n", env!("CARGO_PKG_VERSION"))
}

/// The word of `known` nearest to `word` in edits (insertions, deletions,
/// substitutions and swaps of two neighbours), if it is near enough: at
/// most a third of the longer word's letters, and at most 3.
pub(crate) fn nearest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    let (best, distance) = known
        .iter()
        .map(|&k| (k, edits(word, k)))
        .min_by_key(|&(_, d)| d)?;
    let longer = word.chars().count().max(best.chars().count());
    (distance <= (longer / 3).min(3)).then_some(best)
}

/// The optimal string alignment distance between `a` and `b`: Levenshtein's
/// edits, plus a swap of two neighbouring letters as one edit (the commonest
/// slip: `--chekc`).
fn edits(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two back, one back, and the one being filled.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            row[j] = best;
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_count_insertions_deletions_changes_and_swaps() {
        assert_eq!(edits("--check", "--check"), 0);
        assert_eq!(edits("--chekc", "--check"), 1);
        assert_eq!(edits("--chek", "--check"), 1);
        assert_eq!(edits("--checks", "--check"), 1);
        assert_eq!(edits("--cheek", "--check"), 1);
        assert_eq!(edits("", "abc"), 3);
        assert_eq!(edits("abc", ""), 3);
        assert_eq!(edits("kitten", "sitting"), 3);
    }

    #[test]
    fn only_a_near_word_is_suggested() {
        let known = ["--check", "--count", "--explain", "--format", "--from"];
        assert_eq!(nearest("--chekc", &known), Some("--check"));
        assert_eq!(nearest("--fromat", &known), Some("--format"));
        assert_eq!(nearest("--frm", &known), Some("--from"));
        assert_eq!(nearest("--explian", &known), Some("--explain"));
        assert_eq!(nearest("--zzzzzzz", &known), None);
        assert_eq!(nearest("-x", &known), None);
        assert_eq!(nearest("--check", &[]), None);
    }

    #[test]
    fn seconds_are_positive_finite_and_at_most_a_year() {
        assert_eq!(parse_seconds(Some("1.5")), Ok(Duration::from_millis(1500)));
        assert_eq!(
            parse_seconds(Some("31536000")),
            Ok(Duration::from_secs(31_536_000))
        );
        for bad in [
            None,
            Some("0"),
            Some("-2"),
            Some("inf"),
            Some("NaN"),
            Some("2s"),
        ] {
            assert!(parse_seconds(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse_seconds(Some("2s")),
            Err(
                "--max-seconds needs a number of seconds above 0 and at most 31536000, found '2s'"
                    .to_string()
            )
        );
    }

    #[test]
    fn messages_name_the_option_and_the_help() {
        assert_eq!(
            unknown_option("slink", "--chekc", &[flag("--check")]),
            "unknown option '--chekc'; did you mean '--check'? (see 'slink --help')"
        );
        assert_eq!(
            unknown_option("akari", "--zzz", &[valued("--format")]),
            "unknown option '--zzz' (see 'akari --help')"
        );
        assert_eq!(
            unknown_option("slink", "--fromat=svg", &[valued("--format")]),
            "unknown option '--fromat=svg'; did you mean '--format'? (see 'slink --help')"
        );
        assert_eq!(
            bad_value("--max-cells", "a whole number", Some("ten")),
            "--max-cells needs a whole number, found 'ten'"
        );
        assert_eq!(
            bad_value("--max-cells", "a whole number", None),
            "--max-cells needs a whole number, found nothing"
        );
    }

    fn split(args: &[&str]) -> Result<Vec<String>, String> {
        let table = [
            flag("--check"),
            valued("--out"),
            valued("--from"),
            flag("--"),
        ];
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let split = split_values(&args, &table)?;
        Ok(split
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect())
    }

    #[test]
    fn an_option_with_a_value_is_taken_with_an_equals_sign() {
        assert_eq!(
            split(&["--out=d", "--from=url", "x"]),
            Ok(vec![
                "--out".into(),
                "d".into(),
                "--from".into(),
                "url".into(),
                "x".into()
            ])
        );
        // An empty value is a value, for the parser to judge.
        assert_eq!(split(&["--out="]), Ok(vec!["--out".into(), "".into()]));
        // The value after an option, and everything after `--`, is left as
        // it is; so is an option the table does not have.
        assert_eq!(
            split(&["--out", "--from=url", "--", "--out=d", "--zz=1"]),
            Ok(vec![
                "--out".into(),
                "--from=url".into(),
                "--".into(),
                "--out=d".into(),
                "--zz=1".into()
            ])
        );
        assert_eq!(split(&["--zz=1"]), Ok(vec!["--zz=1".into()]));
        assert_eq!(
            split(&["--check=yes"]),
            Err("--check takes no value, found '--check=yes' (give '--check' alone)".into())
        );
    }
}

//! `--max-seconds S`, the time limit each puzzle gets in all three programs:
//! its value read from the command line, and the instant it sets.

use std::time::{Duration, Instant};

/// The longest limit taken: a year.
pub(crate) const MAX_SECONDS: f64 = 31_536_000.0;

/// Reads the value of `--max-seconds`: a number of seconds above 0 and at most
/// [`MAX_SECONDS`], fractions allowed (`None`: the option came last, with no
/// value).
pub(crate) fn parse_seconds(value: Option<&str>) -> Result<Duration, String> {
    match value.map(str::parse::<f64>) {
        Some(Ok(s)) if s > 0.0 && s <= MAX_SECONDS => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "--max-seconds needs a number of seconds above 0 and at most {MAX_SECONDS}"
        )),
    }
}

/// When a puzzle started now must be given up, if ever.
pub(crate) fn deadline(limit: Option<Duration>) -> Option<Instant> {
    limit.and_then(|limit| Instant::now().checked_add(limit))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}

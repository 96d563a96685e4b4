//! The picture of a setter's check (`--check --format svg`).

use crate::formats::svg::encode;
use crate::setter::Finding;
use crate::slink::answer::Solution;
use crate::slink::parse::Puzzle;

/// The draft, and the first of two answers where it has several.
pub(crate) fn check(puzzle: &Puzzle, finding: &Finding) -> String {
    let answer = match finding {
        Finding::Difference(d) => Some(&d.answers[0]),
        _ => None,
    };
    encode(puzzle, answer.map(Solution::states))
}

//! `--check`'s line for one puzzle: the verdict, and for a draft with no
//! answer or several, what the setter's check found ([`crate::setter`]);
//! with `--fix`, the draft written back with the change it suggests; with
//! `--format svg`, the picture of what it found.

use std::io::{self, Write};
use std::time::Instant;

use super::options::{Options, Written};
use super::output::Output;
use crate::formats::write;
use crate::setter::text::{clue_name, finding_text, fixed};
use crate::setter::{examine, Finding};
use crate::slink::answer::{Outcome, Solution};
use crate::slink::parse::Puzzle;

/// Writes puzzle `number`'s check of its `outcome`: the line on standard
/// output, or in `notes` when standard output takes the fixed draft
/// (`--fix`) or the picture.
pub(super) fn check_one(
    number: usize,
    puzzle: &Puzzle,
    outcome: &Outcome,
    options: &Options,
    deadline: Option<Instant>,
    out: &mut Output,
    notes: &mut String,
) -> io::Result<()> {
    let finding = match options.brief {
        true => None,
        false => examine(puzzle, outcome, deadline),
    };
    let word = match outcome {
        Outcome::Unique(_) => "unique",
        Outcome::Multiple(_) => "multiple",
        Outcome::NoSolution => "none",
        Outcome::Undecided(_) => "undecided",
    };
    let said = finding
        .as_ref()
        .map_or("\n".to_string(), |f| finding_text(puzzle, f));
    let line = format!("{number} {word}{said}");
    if options.fix {
        notes.push_str(&line);
        let format = match options.written {
            Written::Puzzle(format) => format,
            _ => crate::formats::Format::Contest,
        };
        let change = finding.as_ref().and_then(|f| fixed(puzzle, f));
        let draft = match &change {
            Some((changed, cell, clue)) => {
                let grid = puzzle.grid();
                notes.push_str(&format!(
                    "  --fix: written with {}\n",
                    clue_name(&grid, *cell, *clue)
                ));
                changed
            }
            None => puzzle,
        };
        return out.write_all(write::puzzle(draft, format).as_bytes());
    }
    if options.written == Written::Svg {
        let answer = match outcome {
            Outcome::Unique(s) | Outcome::Multiple(s) => Some(s),
            Outcome::Undecided(u) => u.answer.as_ref(),
            Outcome::NoSolution => None,
        };
        let picture = picture(puzzle, finding.as_ref(), answer);
        match &options.out_dir {
            Some(dir) => {
                out.write_all(line.as_bytes())?;
                super::save_svg(dir, number, &picture)
            }
            None => {
                notes.push_str(&line);
                out.write_all(picture.as_bytes())
            }
        }
    } else {
        out.write_all(line.as_bytes())
    }
}

/// The picture of a check: what was found, or the answer.
fn picture(puzzle: &Puzzle, finding: Option<&Finding>, answer: Option<&Solution>) -> String {
    match finding {
        Some(finding) => crate::formats::check_svg::check(puzzle, finding),
        None => write::answer(puzzle, answer.map(Solution::states), write::Answer::Svg),
    }
}

//! The contest's own format as the command line reads it: the judge path's
//! reader ([`crate::slink::parse::ContestReader`]) with clues up to 4 and room for
//! a puzzle's clues taken at once, a puzzle it cannot have being an error
//! for that puzzle (and `parse_all`, for tests and small inputs).

use std::io::Read;

use crate::shared::tokens::Tokens;
use crate::slink::parse::{ContestReader, ParseError, Puzzle, Room};

impl<R: Read> ContestReader<R> {
    /// The command line's reader: it refuses puzzles of more than
    /// `max_cells` cells (at most [`crate::slink::parse::MAX_CELLS_EVER`], whatever
    /// is asked), takes 4s as clues, and asks for a puzzle's room at once
    /// (only reserved: pages no clue reaches are never touched).
    pub fn with_limit(inner: R, max_cells: u64) -> Self {
        let room: Room = |cells| {
            let mut clues = Vec::new();
            clues.try_reserve_exact(cells).ok().map(|()| clues)
        };
        ContestReader::with(inner, max_cells, 4, room)
    }

    /// The tokens, for a reader of other formats on top of this one.
    pub(crate) fn tokens(&mut self) -> &mut Tokens<R> {
        &mut self.tokens
    }

    /// The most cells a puzzle may have.
    pub(crate) fn max_cells(&self) -> u64 {
        self.max_cells
    }

    /// Counts a puzzle read in another format (messages number puzzles).
    pub(crate) fn count_puzzle(&mut self) {
        self.puzzles += 1;
    }

    /// Marks the input as ended: the next puzzle is `None`.
    pub(crate) fn finish(&mut self) {
        self.finished = true;
    }
}

/// Reads every puzzle of a text in the contest's format, as the command line
/// does (a convenience for tests and small inputs).
pub fn parse_all(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut reader =
        ContestReader::with_limit(text.as_bytes(), crate::slink::parse::DEFAULT_MAX_CELLS);
    let mut puzzles = Vec::new();
    while let Some(p) = reader.next_puzzle()? {
        puzzles.push(p);
    }
    Ok(puzzles)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command line takes a 4 (only a loop round its cell meets it),
    /// and says so when a clue is wrong.
    #[test]
    fn the_command_line_takes_4s() {
        assert_eq!(
            parse_all("1 2 3 4").unwrap()[0].clues,
            vec![Some(3), Some(4)]
        );
        let error = parse_all("1 2\n3 x\n").unwrap_err().to_string();
        let expected = "expected a clue 0-4 or a blank ('.', '-' or '?'), found 'x'";
        assert_eq!(error, format!("line 2, column 3: {expected}"));
    }
}

//! The facts of the judged core's rules that only the full engine reads:
//! what each is called, its statement case, the tag `--explain` prints, what
//! its decisions depend on ([`Rule::facts`]), and the statement's own words
//! for case 6 (`--rules-only`). The rows the driver runs are the core's
//! ([`Rule::row`]); [`Rule::entry`] is both.

use crate::slink::board::{Board, Contradiction};
use crate::slink::rules::book::{Row, Rule};
use crate::slink::rules::pairs::adjacent_threes_where;
use crate::slink::rules::{Apply, Site};

/// What a rule's decision depends on, beyond the edges it sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Reach {
    /// The edges at its vertex.
    Vertex,
    /// The edges at its cell's four corners, and its clue.
    Cell,
    /// Those of a cell, and the clue of a neighbour: the rules of two clues,
    /// which set edges beyond the cell's corners.
    Pair,
    /// Anything on the board (the paths, the classes, every clue).
    Board,
}

/// What a rule is called, and what its decisions depend on: what the
/// tutor and `--explain` need of it.
#[derive(Clone, Copy)]
pub(crate) struct Facts {
    /// A few words naming the deduction.
    pub(crate) name: &'static str,
    /// The statement's case numbers (empty beyond the statement).
    pub(crate) case: &'static str,
    /// The tag `--explain` prints in brackets beyond the statement (a case's
    /// is `case N`).
    pub(crate) tag: &'static str,
    /// What its decisions depend on.
    pub(crate) reach: Reach,
    /// The function of the statement's words, where they say more than is
    /// true (case 6: `--rules-only`).
    pub(crate) as_written: Option<Apply>,
}

/// Everything about one rule: its facts and row.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    /// Its name, case, tag and reach.
    pub(crate) facts: Facts,
    /// Its tier, and how the driver runs it (`None`: a step the search
    /// takes itself, of the tier `Search`).
    pub(crate) row: Option<Row>,
}

impl Rule {
    /// The rule's facts.
    pub(crate) fn facts(self) -> Facts {
        use Rule::*;
        let (cell, pair, vertex, board) = (Reach::Cell, Reach::Pair, Reach::Vertex, Reach::Board);
        let case = |case, name, reach| Facts {
            name,
            case,
            tag: "",
            reach,
            as_written: None,
        };
        let beyond = |name, tag| Facts {
            name,
            case: "",
            tag,
            reach: board,
            as_written: None,
        };
        match self {
            ZeroClue => case("1", "zero", cell),
            ClueNeedsAllLeft => case("2-3", "clue needs every edge left", cell),
            ClueSaturated => case("4-5", "clue already met", cell),
            AdjacentThrees => Facts {
                as_written: Some(Apply::Site(adjacent_threes_as_stated)),
                ..case("6", "adjacent 3s", pair)
            },
            DiagonalThrees => case("7", "diagonal 3s", pair),
            OnlyExit => case("8", "path with one exit left", vertex),
            VertexFull => case("9", "vertex with two lines", vertex),
            DeadEnd => case("10", "vertex with three crosses", vertex),
            ThreeBlockedCorner => case("11", "3 with a blocked corner", cell),
            TwoBlockedCorner => case("12", "2 with a blocked corner", cell),
            OneBlockedCorner => case("13", "1 with a blocked corner", cell),
            ThreeEnteredCorner => case("14", "path entering a 3's corner", cell),
            ThreeOneDiagonal => case("15", "3 and 1 diagonal", pair),
            TwoEnteredCorner => case("16", "path entering a 2's corner", cell),
            OneEnteredCorner => case("17", "path entering a 1's corner", cell),
            // It reads only its vertex's edges, but where the path's other
            // end is depends on every line, and whether closing finishes
            // the puzzle on every clue.
            PrematureLoop => beyond("no premature loop", "loop"),
            LoopClosed => beyond("loop closed", "loop"),
            Trial => beyond("the other value fails", "trial"),
            Guess => beyond("guess", "guess"),
            Backtrack => beyond("backtrack", "backtrack"),
        }
    }

    /// Everything about the rule.
    pub(crate) fn entry(self) -> Entry {
        Entry {
            facts: self.facts(),
            row: self.row(),
        }
    }
}

/// Case 6 exactly as the statement states it, without the exception: for
/// `--rules-only`, where a puzzle whose answer is the loop around two 3s makes
/// the statement's rules contradict themselves.
pub(crate) fn adjacent_threes_as_stated(
    board: &mut Board,
    site: &Site,
) -> Result<(), Contradiction> {
    adjacent_threes_where(board, site, |_, _, _| true)
}

#[cfg(test)]
mod tests {
    use super::adjacent_threes_as_stated;
    use crate::slink::grid::Cell;
    use crate::slink::testkit::{apply_at, board};

    /// On 1×4 "3 3 1 0" the loop round the two 3s is the answer, so case 6
    /// with its exception holds back (its own test, in the core); the
    /// statement's literal case 6 sets the shared side anyway.
    #[test]
    fn case_6_as_stated_sets_the_shared_side_where_the_exception_holds_back() {
        let mut b = board("+ ? + ? + ? + ? +\n? 3 ? 3 ? 1 ? 0 ?\n+ ? + ? + ? + ? +");
        apply_at(adjacent_threes_as_stated, &mut b, Cell(0)).unwrap();
        assert!(b.is_line(b.grid().vertical(0, 1)));
    }
}

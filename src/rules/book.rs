//! The rulebook of the judged core: every fact about each of its rules in one
//! row ([`Rule::entry`]), and every list of rules derived from the rows: the
//! driver's tables ([`crate::rules::RuleSet`]), the rules of two clues, the
//! tiers the tutor grades by, what a decision depends on, the names and tags
//! `--explain` prints, the pictures the doc test runs.
//!
//! A rule of the core is a variant of [`Rule`] (and its slot in
//! [`Rule::ALL`]), its row and its facts here, and its function (named as
//! the variant) in its family's file: one file but for the function, and
//! the compiler finds each one missing (the matches are exhaustive, `ALL`'s
//! length follows the variants, a row names its function). Rows, which judge files need, and facts (names, tags, reach),
//! which only the full engine reads, are two matches so that judge files
//! carry no names. The full engine's rules have a book of the same rows and
//! facts ([`crate::rules::extra`]).
//!
//! A decision records only its rule's id, a [`Reason`] (one byte), so the
//! board can keep it without knowing whose book the rule is in.

use crate::reason::Reason;
use crate::rules::{
    at_vertex, clue, corner, loops, pairs, vertex, with_lines, Apply, Trigger, ANY_COUNTS, ON_0,
    ON_1, ON_2, ON_3, ON_4, ON_CLUES,
};

/// The rules of the judged core, and the search's own steps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rule {
    /// Case 1: a 0 has no lines.
    ZeroClue,
    /// Cases 2–3: a clue with exactly as many edges left as it needs.
    ClueNeedsAllLeft,
    /// Cases 4–5: a clue already met.
    ClueSaturated,
    /// Case 6: two adjacent 3s.
    AdjacentThrees,
    /// Case 7: two diagonal 3s.
    DiagonalThrees,
    /// Case 8: a path entering a vertex with one exit left.
    OnlyExit,
    /// Case 9: a vertex with two lines.
    VertexFull,
    /// Case 10: a vertex with three crosses.
    DeadEnd,
    /// Case 11: a 3 with a blocked corner.
    ThreeBlockedCorner,
    /// Case 12: a 2 with a blocked corner.
    TwoBlockedCorner,
    /// Case 13: a 1 with a blocked corner.
    OneBlockedCorner,
    /// Case 14: a path entering a 3's corner.
    ThreeEnteredCorner,
    /// Case 15: a 3 and a 1 diagonal.
    ThreeOneDiagonal,
    /// Case 16: a path entering a 2's corner.
    TwoEnteredCorner,
    /// Case 17: a path entering a 1's corner.
    OneEnteredCorner,
    /// Beyond the statement: an edge that would close a loop too early.
    PrematureLoop,
    /// Beyond the statement: the loop is closed, every other edge is crossed.
    LoopClosed,
    /// Beyond the statement: one value of the edge fails under propagation.
    Trial,
    /// Search: a guessed edge.
    Guess,
    /// Search: the other value of a guess whose first value failed.
    Backtrack,
}

/// The tiers of deduction, cheapest first: a rule's tier says in which modes
/// it runs and how hard a puzzle that needs it is (`--grade` prints a
/// tier's number).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Tier {
    /// The statement's seventeen cases.
    Statement = 1,
    /// And the loop rules.
    Loops = 2,
    /// And inside/outside.
    Sides = 3,
    /// And pairs of edges: corner pairs and edge classes.
    Pairs = 4,
    /// And one-edge trials.
    Trial = 5,
    /// And search.
    Search = 6,
}

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

/// A rule's tier, and how the driver runs it: what judge files need of a
/// rule.
#[derive(Clone, Copy)]
pub(crate) struct Row {
    /// Its tier: the modes that reach it run it.
    pub(crate) tier: Tier,
    /// When it runs.
    pub(crate) trigger: Trigger,
    /// For a cell rule, the clues it can fire on: bit n for clue n.
    pub(crate) clues: u8,
    /// For a vertex rule, the counts at the vertex it can fire with: bit
    /// `5 * lines + undecided` ([`at_vertex`]). The driver calls it only then.
    pub(crate) counts: u32,
    /// Its function.
    pub(crate) apply: Apply,
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
    /// How many rules the core has: the search's steps stay last, so that a
    /// rule added among the others, and missing from [`Rule::ALL`], makes
    /// `ALL` the wrong length.
    pub const COUNT: usize = Rule::Backtrack as usize + 1;

    /// Every rule of the core, in the order the driver applies the rules of
    /// one trigger (the statement's order, then the rules beyond it).
    pub const ALL: [Rule; Rule::COUNT] = {
        use Rule::*;
        [
            ZeroClue,
            ClueNeedsAllLeft,
            ClueSaturated,
            AdjacentThrees,
            DiagonalThrees,
            OnlyExit,
            VertexFull,
            DeadEnd,
            ThreeBlockedCorner,
            TwoBlockedCorner,
            OneBlockedCorner,
            ThreeEnteredCorner,
            ThreeOneDiagonal,
            TwoEnteredCorner,
            OneEnteredCorner,
            PrematureLoop,
            LoopClosed,
            Trial,
            Guess,
            Backtrack,
        ]
    };

    /// The rule's row: its tier and how the driver runs it, or `None` for a
    /// step the search takes itself. Its function is the one named as the
    /// rule in snake case (`ZeroClue`: `zero_clue`), in its family's file.
    pub(crate) fn row(self) -> Option<Row> {
        use Apply::{Board, Clue, Site, Vertex};
        use Rule::*;
        use Tier::Statement as S;
        use Trigger::{Cell as C, Vertex as V};
        let row = |tier, trigger, clues, counts, apply| {
            Some(Row {
                tier,
                trigger,
                clues,
                counts,
                apply,
            })
        };
        // Clues and counts a rule does not look at.
        let (any, all) = (ON_CLUES, ANY_COUNTS);
        match self {
            ZeroClue => row(S, C, ON_0, all, Clue(clue::zero_clue)),
            // Also on a 4 (which only judge files refuse): only the loop
            // round its cell meets it.
            ClueNeedsAllLeft => row(S, C, any | ON_4, all, Clue(clue::clue_needs_all_left)),
            ClueSaturated => row(S, C, any, all, Clue(clue::clue_saturated)),
            AdjacentThrees => row(S, C, ON_3, all, Site(pairs::adjacent_threes)),
            DiagonalThrees => row(S, C, ON_3, all, Site(pairs::diagonal_threes)),
            OnlyExit => row(S, V, any, at_vertex(1, 1), Vertex(vertex::only_exit)),
            VertexFull => row(S, V, any, with_lines(2), Vertex(vertex::vertex_full)),
            DeadEnd => row(S, V, any, at_vertex(0, 1), Vertex(vertex::dead_end)),
            ThreeBlockedCorner => row(S, C, ON_3, all, Site(corner::three_blocked_corner)),
            TwoBlockedCorner => row(S, C, ON_2, all, Site(corner::two_blocked_corner)),
            OneBlockedCorner => row(S, C, ON_1, all, Site(corner::one_blocked_corner)),
            ThreeEnteredCorner => row(S, C, ON_3, all, Site(corner::three_entered_corner)),
            ThreeOneDiagonal => row(S, C, ON_1 | ON_3, all, Site(pairs::three_one_diagonal)),
            TwoEnteredCorner => row(S, C, ON_2, all, Site(corner::two_entered_corner)),
            OneEnteredCorner => row(S, C, ON_1, all, Site(corner::one_entered_corner)),
            PrematureLoop => row(
                Tier::Loops,
                V,
                any,
                with_lines(1),
                Vertex(loops::premature_loop),
            ),
            LoopClosed => row(
                Tier::Loops,
                Trigger::Closed,
                any,
                all,
                Board(loops::loop_closed),
            ),
            // Probing's trial, which the search runs when propagation stalls.
            Trial => row(Tier::Trial, Trigger::Stall, any, all, Apply::Search),
            Guess | Backtrack => None,
        }
    }

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
                as_written: Some(Apply::Site(pairs::adjacent_threes_as_stated)),
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

impl From<Rule> for Reason {
    fn from(rule: Rule) -> Reason {
        Reason(rule as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ALL` holds every rule once, in the order of their ids.
    #[test]
    fn every_rule_is_listed_once_in_order() {
        for (i, rule) in Rule::ALL.iter().enumerate() {
            assert_eq!(*rule as usize, i, "{rule:?}");
        }
        assert_eq!(Rule::ALL.len(), Rule::COUNT);
    }
}

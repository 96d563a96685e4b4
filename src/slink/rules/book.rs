//! The rulebook of the judged core: each rule's row (its tier, when it runs,
//! on which clues, its function), and every list of rules derived from the
//! rows: the driver's tables ([`crate::slink::rules::RuleSet`]), the rules of
//! two clues, the tiers the tutor grades by. Its facts (name, case, the tag
//! `--explain` prints, what a decision depends on) are the full engine's
//! ([`crate::engine::rules::facts`]), which only it reads: judge files carry
//! no names.
//!
//! A rule of the core is four places in three files: a line in [`Rule`]
//! (the `rulebook!` macro makes [`Rule::ALL`] from the lines), its row here,
//! its facts, and its function (named as the rule) in its family's file. The
//! compiler finds each one missing: the row and the facts are exhaustive
//! matches, and a row names its function. The full engine's rules have a
//! book of the same kind, rows and facts in one file
//! ([`crate::engine::rules::extra`]).
//!
//! A decision records only its rule's id, a [`Reason`] (one byte), so the
//! board can keep it without knowing whose book the rule is in.

use crate::slink::reason::Reason;
use crate::slink::rules::{
    at_vertex, clue, corner, loops, pairs, vertex, with_lines, Apply, Trigger, ANY_COUNTS, ON_0,
    ON_1, ON_2, ON_3, ON_4, ON_CLUES,
};

/// Declares a rulebook: the enum of its rules and `ALL`, every rule in the
/// order written. A rule is then one line here; rustc asks for its row and
/// its facts, each an exhaustive match, and the row names its function.
macro_rules! rulebook {
    (
        $(#[$meta:meta])*
        $vis:vis enum $book:ident { $($(#[$doc:meta])* $rule:ident),* $(,)? }
    ) => {
        $(#[$meta])*
        $vis enum $book { $($(#[$doc])* $rule),* }

        impl $book {
            /// Every rule of the book, in order.
            pub(crate) const ALL: &'static [$book] = &[$($book::$rule,)*];
        }
    };
}
pub(crate) use rulebook;

rulebook! {
    /// The rules of the judged core, and the search's own steps, in the
    /// order the driver applies the rules of one trigger (the statement's
    /// order, then the rules beyond it).
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

impl Rule {
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
}

impl From<Rule> for Reason {
    fn from(rule: Rule) -> Reason {
        Reason(rule as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ALL` holds every rule once, in the order of their ids (the macro
    /// makes it so; ids name rules in decisions).
    #[test]
    fn every_rule_is_listed_once_in_order() {
        for (i, rule) in Rule::ALL.iter().enumerate() {
            assert_eq!(*rule as usize, i, "{rule:?}");
        }
    }
}

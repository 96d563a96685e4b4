//! The full engine's rulebook: the rules it adds to the judged core's
//! ([`crate::slink::rules::book`]), in rows of the same kind, and the lookup of any
//! reason's row, whoever's book it is in. Judge files leave these rules out.
//!
//! A rule here is a variant of [`EngineRule`] (kept in [`EngineRule::ALL`]),
//! its row and facts here and its function (named as the variant) in its
//! family's file.

use crate::engine::rules::facts::{Entry, Facts, Reach};
use crate::engine::rules::{connectivity, pairing, sides};
use crate::slink::reason::Reason;
use crate::slink::rules::book::{rulebook, Row, Rule, Tier};
use crate::slink::rules::{Apply, Trigger, ANY_COUNTS, ON_CLUES};

rulebook! {
    /// The rules the full engine adds, in the order the driver applies the
    /// rules of one trigger.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub(crate) enum EngineRule {
        /// An edge cut off from the lines by crosses.
        Connectivity,
        /// Inside/outside classes around a vertex.
        VertexSides,
        /// Inside/outside classes around a clue.
        ClueSides,
        /// Corner pairs: at most, at least or exactly one of two edges.
        CornerPairs,
        /// Edges proved equal or opposite, in classes.
        EdgeClasses,
    }
}

/// The first id of the engine's rules: the core's are below it.
const FIRST: u8 = 64;

impl EngineRule {
    /// The rule's row (its function is named as the rule, in snake case).
    pub(crate) fn row(self) -> Option<Row> {
        let row = |tier, trigger, apply| {
            Some(Row {
                tier,
                trigger,
                clues: ON_CLUES,
                counts: ANY_COUNTS,
                apply,
            })
        };
        match self {
            // Once the local rules are idle: a walk of the undecided region.
            EngineRule::Connectivity => row(Tier::Loops, Trigger::Idle, Apply::Board(connectivity)),
            // Inside/outside, which costs a few finds and up to 32
            // colourings per locus, runs in sweeps over the whole board.
            EngineRule::VertexSides => row(
                Tier::Sides,
                Trigger::Sweep,
                Apply::Vertex(sides::vertex_sides),
            ),
            EngineRule::ClueSides => {
                row(Tier::Sides, Trigger::Sweep, Apply::Site(sides::clue_sides))
            }
            // Run when everything cheaper stalls, by the search before it
            // begins and by the tutor (`pairing::settle`), not the driver:
            // each run builds its facts afresh over the whole board.
            EngineRule::CornerPairs => row(
                Tier::Pairs,
                Trigger::Stall,
                Apply::Board(pairing::corner_pairs),
            ),
            EngineRule::EdgeClasses => row(
                Tier::Pairs,
                Trigger::Stall,
                Apply::Board(pairing::edge_classes),
            ),
        }
    }

    /// The rule's facts: what it rests on can lie anywhere (the classes are
    /// built from the whole board).
    pub(crate) fn facts(self) -> Facts {
        let (name, tag) = match self {
            EngineRule::Connectivity => ("cut off from the lines", "loop"),
            EngineRule::VertexSides => ("sides around a vertex", "sides"),
            EngineRule::ClueSides => ("sides around a clue", "sides"),
            EngineRule::CornerPairs => ("two edges at a corner", "pairs"),
            EngineRule::EdgeClasses => ("edges equal or opposite", "parity"),
        };
        Facts {
            name,
            case: "",
            tag,
            reach: Reach::Board,
            as_written: None,
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

impl From<EngineRule> for Reason {
    fn from(rule: EngineRule) -> Reason {
        Reason(FIRST + rule as u8)
    }
}

/// Every rule of both books, the core's then the engine's: its reason, the
/// name of its function (the rule's, in snake case) and its entry.
#[cfg(test)]
pub(crate) fn entries() -> Vec<(Reason, String, Entry)> {
    let snake = |name: String| {
        let mut out = String::new();
        for c in name.chars() {
            if c.is_ascii_uppercase() && !out.is_empty() {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    let core = Rule::ALL
        .iter()
        .map(|&r| (Reason::from(r), snake(format!("{r:?}")), r.entry()));
    let engine = EngineRule::ALL
        .iter()
        .map(|&r| (Reason::from(r), snake(format!("{r:?}")), r.entry()));
    core.chain(engine).collect()
}

impl Reason {
    /// The row of the rule this reason names.
    pub(crate) fn entry(self) -> Entry {
        // Reasons are made only from the books' rules, so each id is one.
        match self.0.checked_sub(FIRST) {
            Some(i) => EngineRule::ALL[usize::from(i)].entry(),
            None => Rule::ALL[usize::from(self.0)].entry(),
        }
    }

    /// The bracketed tag `--explain` prints: `case N` or a short name.
    pub(crate) fn tag(self) -> String {
        let facts = self.entry().facts;
        match facts.tag {
            "" => format!("case {}", facts.case),
            tag => tag.to_string(),
        }
    }

    /// A few words naming the deduction.
    pub(crate) fn name(self) -> &'static str {
        self.entry().facts.name
    }

    /// The tier the rule belongs to (a step the search takes itself is
    /// the search's).
    pub(crate) fn tier(self) -> Tier {
        self.entry().row.map_or(Tier::Search, |row| row.tier)
    }

    /// What the rule's decisions depend on.
    pub(crate) fn reach(self) -> Reach {
        self.entry().facts.reach
    }

    /// The order in which reports list reasons: by tier, and within one by
    /// the books' order.
    pub(crate) fn rank(self) -> (Tier, u8) {
        (self.tier(), self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ALL` holds every rule once, in the order of their ids, and every
    /// reason finds its rule's row.
    #[test]
    fn every_engine_rule_is_listed_once_in_order() {
        for (i, rule) in EngineRule::ALL.iter().enumerate() {
            assert_eq!(*rule as usize, i, "{rule:?}");
        }
        for (reason, name, entry) in entries() {
            assert_eq!(reason.name(), entry.facts.name, "{name}");
        }
    }
}

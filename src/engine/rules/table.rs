//! The full engine's rule table of a mode: the judged core's rulebook and
//! the engine's ([`crate::engine::rules::extra`]), case 6 as the statement words it
//! for `--rules-only`, and for sound modes the rules a settled cell still
//! runs.

use crate::engine::rules::extra::EngineRule;
use crate::engine::rules::facts::Reach;
use crate::slink::reason::Reason;
use crate::slink::rules::book::{Row, Rule};
use crate::slink::rules::{Mode, RuleSet, Run};

impl RuleSet {
    /// The rules for a mode: every row of both rulebooks whose tier the mode
    /// reaches, in the books' order.
    pub(crate) fn full(mode: Mode) -> RuleSet {
        let core = Rule::ALL.iter().map(|&r| {
            // `--rules-only` runs case 6 as the statement words it.
            let words = r.facts().as_written.filter(|_| mode.as_written());
            let row = r.row().map(|row| Row {
                apply: words.unwrap_or(row.apply),
                ..row
            });
            (Reason::from(r), row)
        });
        let engine = EngineRule::ALL.iter().map(|&r| (Reason::from(r), r.row()));
        let mut rules = RuleSet::of(core.chain(engine), mode.top_tier());
        // The statement's cases as written are not sound: a settled cell's
        // rules may still find something there.
        if mode != Mode::StatementAsWritten {
            let beyond = |clue: u8| {
                let rules = rules.cell(clue).iter();
                rules
                    .filter(|r| r.reason.reach() == Reach::Pair)
                    .copied()
                    .collect()
            };
            rules.beyond = Some([0, 1, 2, 3, 4].map(beyond));
        }
        rules
    }

    /// Every row, in order.
    pub(crate) fn table(&self) -> &[Run] {
        &self.rows
    }
}

impl Mode {
    /// Whether case 6 runs as the statement words it (`--rules-only`).
    pub(crate) fn as_written(self) -> bool {
        match self {
            Mode::Full | Mode::Statement | Mode::Loops => false,
            Mode::StatementAsWritten => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slink::rules::driver::tests::{
        assert_idle_at_blank_dots, assert_patterns_only_beyond_0, MODES,
    };

    /// The full engine's table of each mode passes over blank dots safely,
    /// as the core's does (the driver's own test says why it matters).
    #[test]
    fn the_full_tables_fire_no_vertex_rule_on_a_board_with_nothing_decided() {
        for mode in MODES {
            assert_idle_at_blank_dots(&RuleSet::full(mode), mode);
        }
    }

    /// The full engine's table of each mode gives pattern rules to every
    /// clue but 0.
    #[test]
    fn the_full_tables_give_only_clues_other_than_0_pattern_rules() {
        for mode in MODES {
            assert_patterns_only_beyond_0(&RuleSet::full(mode), mode);
        }
    }
}

//! Randomised restarts (Gomes, Selman and Kautz, 1998), shared by the
//! searches: a search can wander into a large subtree with no answer, so it
//! runs with a budget of nodes that doubles at each restart and, from the
//! second run on, draws its choices' order at random. Answers found by any run
//! are kept; only a run that finishes proves there are no more.
//!
//! The random numbers are SplitMix64's (Steele, Lea and Flood, 2014), seeded,
//! so a puzzle is solved the same way on every run and every machine.

use std::time::Instant;

/// SplitMix64's finaliser: a well-mixed 64-bit function of `z`.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 generator: its state steps by the golden gamma and each step
/// is mixed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    /// The next number.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number below `n` (`n` > 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One run of a search: its nodes so far and its budget, its random numbers
/// (none in the first run, which takes choices in their given order), and
/// when to give up altogether (never in judge files).
pub(crate) struct Run {
    nodes: u64,
    budget: u64,
    restarts: u64,
    random: Option<SplitMix>,
    deadline: Option<Instant>,
    out_of_time: bool,
}

impl Run {
    /// The first run, with `budget` nodes.
    pub(crate) fn new(budget: u64, deadline: Option<Instant>) -> Run {
        Run {
            nodes: 0,
            budget,
            restarts: 0,
            random: None,
            deadline,
            out_of_time: false,
        }
    }

    /// Counts a node; false once the budget or the time is spent (the clock
    /// is read every 64 nodes).
    pub(crate) fn step(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % 64 == 0 && self.deadline.map_or(false, |d| Instant::now() >= d) {
            self.out_of_time = true;
        }
        !self.out_of_time && self.nodes <= self.budget
    }

    /// Whether the run stopped for its budget (not for time, and not done).
    pub(crate) fn ran_out(&self) -> bool {
        self.nodes > self.budget && !self.out_of_time
    }

    /// Whether the time limit has passed.
    pub(crate) fn out_of_time(&self) -> bool {
        self.out_of_time
    }

    /// The next run: twice the budget, a new seed. True the first time (the
    /// search has proved long).
    pub(crate) fn restart(&mut self) -> bool {
        self.restarts += 1;
        self.nodes = 0;
        self.budget = self.budget.saturating_mul(2);
        self.random = Some(SplitMix(self.restarts));
        self.restarts == 1
    }

    /// The run's random numbers; `None` in the first run.
    pub(crate) fn random(&mut self) -> Option<&mut SplitMix> {
        self.random.as_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_gives_the_published_first_values() {
        // SplitMix64 from seed 0 (the reference implementation's first outputs).
        let mut rng = SplitMix(0);
        assert_eq!(rng.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next(), 0x6E78_9E6A_A1B9_65F4);
    }
}

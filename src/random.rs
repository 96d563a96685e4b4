//! SplitMix64 (Steele, Lea and Flood, 2014): the seeded random numbers the
//! searches draw for their randomised restarts. Seeded, so a puzzle is solved
//! the same way on every run and every machine.

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

//! A set of small numbers, emptied in constant time: the search's and the
//! sweeps' bookkeeping of edges, dots, cells and classes, made afresh many
//! times over on boards of any size.

/// A bit a number, and per word of 64 the epoch it was last written in (a
/// word from an older epoch reads as empty), so emptying the set is one
/// increment however large it is. A bit and a half a number: probing keeps
/// four and a half bits an edge (its implied values and the edges passed
/// over), so its memory stays within the board's on the largest grids.
#[derive(Default)]
pub(crate) struct Marks {
    words: Vec<u64>,
    epochs: Vec<u32>,
    epoch: u32,
}

impl Marks {
    /// Makes room for the numbers below `n` (emptied if the room changes; a
    /// set of the same size keeps its members).
    pub(crate) fn fit(&mut self, n: usize) {
        let words = (n + 63) / 64;
        if self.words.len() != words {
            self.words = vec![0; words];
            self.epochs = vec![0; words];
            self.epoch = 1;
        }
    }

    /// Empties the set.
    pub(crate) fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Once in four billion clears: stale epochs could come round again.
            self.epochs.iter_mut().for_each(|e| *e = 0);
            self.epoch = 1;
        }
    }

    /// Whether `i` is a member.
    pub(crate) fn get(&self, i: usize) -> bool {
        self.word(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// Makes `i` a member.
    pub(crate) fn set(&mut self, i: usize) {
        let w = i / 64;
        if self.epochs[w] != self.epoch {
            self.epochs[w] = self.epoch;
            self.words[w] = 0;
        }
        self.words[w] |= 1 << (i % 64);
    }

    /// Makes `i` no member.
    pub(crate) fn unset(&mut self, i: usize) {
        let w = i / 64;
        if self.epochs[w] == self.epoch {
            self.words[w] &= !(1 << (i % 64));
        }
    }

    /// The smallest member from `from` on, if any.
    pub(crate) fn next(&self, from: usize) -> Option<usize> {
        let mut w = from / 64;
        let mut rest = self.word(w)? & !0u64 << (from % 64);
        while rest == 0 {
            w += 1;
            rest = self.word(w)?;
        }
        Some(w * 64 + rest.trailing_zeros() as usize)
    }

    /// Word `w` as it reads in this epoch; `None` past the end.
    fn word(&self, w: usize) -> Option<u64> {
        let live = *self.epochs.get(w)? == self.epoch;
        Some(if live { self.words[w] } else { 0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_emptied_by_each_clear() {
        let mut marks = Marks::default();
        marks.fit(200);
        marks.set(3);
        marks.set(130);
        assert!(marks.get(3) && marks.get(130) && !marks.get(4));
        marks.clear();
        assert!(!marks.get(3) && !marks.get(130));
        // A word written again in a new epoch forgets its old bits.
        marks.set(5);
        assert!(marks.get(5) && !marks.get(3));
        // The epoch wrapping round cannot revive a stale word.
        marks.epoch = u32::MAX;
        marks.set(7);
        marks.clear();
        assert!(!marks.get(7) && !marks.get(5));
    }

    #[test]
    fn next_finds_the_members_in_order_and_none_stale() {
        let mut marks = Marks::default();
        marks.fit(300);
        for i in [2, 63, 64, 190, 299] {
            marks.set(i);
        }
        let mut found = Vec::new();
        let mut from = 0;
        while let Some(i) = marks.next(from) {
            found.push(i);
            from = i + 1;
        }
        assert_eq!(found, [2, 63, 64, 190, 299]);
        assert_eq!(marks.next(300), None);
        marks.unset(64);
        marks.unset(65);
        assert_eq!((marks.next(3), marks.next(64)), (Some(63), Some(190)));
        // After a clear, words of the old epoch hold nothing.
        marks.clear();
        marks.set(100);
        assert_eq!((marks.next(0), marks.next(101)), (Some(100), None));
    }
}

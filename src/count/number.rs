//! The numbers answers are counted in: `u128` while the counts fit (every
//! blank grid up to 12×12 does), and [`Big`], whole numbers of any size in
//! 32-bit limbs, when one overflows.

/// What the counting program needs of a number: nothing but adding and
/// printing.
pub(crate) trait Number: Clone {
    /// The number 0.
    fn zero() -> Self;
    /// The number 1.
    fn one() -> Self;
    /// Adds `other`; `false` when the sum does not fit (then `self` is
    /// unspecified and the count starts again in a wider kind).
    fn add(&mut self, other: &Self) -> bool;
    /// The number in decimal.
    fn decimal(&self) -> String;
    /// The bytes the number holds on the heap, with the allocator's own.
    fn heap_bytes(&self) -> usize;
}

impl Number for u128 {
    fn zero() -> Self {
        0
    }

    fn one() -> Self {
        1
    }

    fn add(&mut self, other: &Self) -> bool {
        match self.checked_add(*other) {
            Some(sum) => {
                *self = sum;
                true
            }
            None => false,
        }
    }

    fn decimal(&self) -> String {
        self.to_string()
    }

    fn heap_bytes(&self) -> usize {
        0
    }
}

/// A whole number of any size: 32-bit limbs, least significant first, no
/// trailing zero limb (zero is no limb).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Big(Vec<u32>);

impl Number for Big {
    fn zero() -> Self {
        Big(Vec::new())
    }

    fn one() -> Self {
        Big(vec![1])
    }

    fn add(&mut self, other: &Self) -> bool {
        let (a, b) = (&mut self.0, &other.0);
        if a.len() < b.len() {
            a.resize(b.len(), 0);
        }
        let mut carry = 0u64;
        for (i, limb) in a.iter_mut().enumerate() {
            let sum = u64::from(*limb) + u64::from(b.get(i).copied().unwrap_or(0)) + carry;
            *limb = sum as u32;
            carry = sum >> 32;
            if carry == 0 && i >= b.len() {
                break;
            }
        }
        if carry > 0 {
            a.push(carry as u32);
        }
        true
    }

    fn heap_bytes(&self) -> usize {
        Big::heap_of(self.0.capacity())
    }

    fn decimal(&self) -> String {
        // Nine decimal digits at a time, by short division of the limbs.
        let mut limbs = self.0.clone();
        let mut chunks = Vec::new();
        while limbs.iter().any(|&l| l != 0) {
            let mut rest = 0u64;
            for limb in limbs.iter_mut().rev() {
                let value = (rest << 32) | u64::from(*limb);
                *limb = (value / 1_000_000_000) as u32;
                rest = value % 1_000_000_000;
            }
            chunks.push(rest as u32);
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
        }
        match chunks.split_last() {
            None => "0".to_string(),
            Some((first, rest)) => {
                let mut text = first.to_string();
                for chunk in rest.iter().rev() {
                    text.push_str(&format!("{chunk:09}"));
                }
                text
            }
        }
    }
}

impl Big {
    /// The bytes of `limbs` 32-bit limbs on the heap: the allocator rounds a
    /// block up to 16 bytes and keeps 16 of its own.
    fn heap_of(limbs: usize) -> usize {
        if limbs == 0 {
            return 0;
        }
        (limbs * 4 + 15) / 16 * 16 + 16
    }
}

impl From<u128> for Big {
    fn from(value: u128) -> Big {
        let mut limbs: Vec<u32> = (0..4).map(|i| (value >> (32 * i)) as u32).collect();
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Big(limbs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_numbers_add_and_print_as_u128_does() {
        let values = [
            0u128,
            1,
            9,
            10,
            999_999_999,
            1_000_000_000,
            u64::MAX as u128,
            u128::MAX / 3,
        ];
        for &a in &values {
            for &b in &values {
                let mut big = Big::from(a);
                big.add(&Big::from(b));
                if let Some(sum) = a.checked_add(b) {
                    assert_eq!(big.decimal(), sum.to_string(), "{a} + {b}");
                }
            }
        }
        assert_eq!(Big::default().decimal(), "0");
    }

    #[test]
    fn sums_past_u128_carry_into_a_new_limb() {
        let mut max = u128::MAX;
        assert!(!max.add(&1));
        let mut big = Big::from(u128::MAX);
        big.add(&Big::one());
        // 2^128.
        assert_eq!(big.decimal(), "340282366920938463463374607431768211456");
        let mut doubled = big.clone();
        doubled.add(&big);
        assert_eq!(doubled.decimal(), "680564733841876926926749214863536422912");
    }
}

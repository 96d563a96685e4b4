//! The deductions, each a named function over a [`State`], reporting progress or
//! a contradiction. They read the puzzle through [`Geometry`], computed once:
//! which white cells each white cell sees, and which white cells touch each
//! numbered grey cell.

use crate::akari::puzzle::{Puzzle, Square};

/// What is known of a white cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mark {
    /// Not decided.
    Unknown,
    /// A light.
    Light,
    /// No light (it may still be lit by another).
    NoLight,
    /// A grey cell: never a light.
    Grey,
}

/// The puzzle's state: one mark per cell.
pub(crate) type State = Vec<Mark>;

/// The puzzle cannot be completed from this state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Contradiction;

/// The fixed facts of a puzzle.
pub(crate) struct Geometry {
    /// For each white cell, the white cells it sees along its row and column up
    /// to a grey cell or the border (itself excluded).
    pub(crate) sees: Vec<Vec<usize>>,
    /// Numbered grey cells with their number and white neighbours.
    pub(crate) clues: Vec<(usize, u8, Vec<usize>)>,
}

impl Geometry {
    /// The geometry of `p`.
    pub(crate) fn new(p: &Puzzle) -> Geometry {
        let (h, w) = (p.rows as i64, p.cols as i64);
        let white = |r: i64, c: i64| {
            r >= 0
                && c >= 0
                && r < h
                && c < w
                && !matches!(p.squares[(r * w + c) as usize], Square::Grey(_))
        };
        let mut sees = vec![Vec::new(); p.squares.len()];
        let mut clues = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let i = (r * w + c) as usize;
                let steps = [(-1, 0), (1, 0), (0, -1), (0, 1)];
                if white(r, c) {
                    for (dr, dc) in steps {
                        let (mut y, mut x) = (r + dr, c + dc);
                        while white(y, x) {
                            sees[i].push((y * w + x) as usize);
                            y += dr;
                            x += dc;
                        }
                    }
                } else if let Square::Grey(Some(number)) = p.squares[i] {
                    let around = steps
                        .iter()
                        .filter(|&&(dr, dc)| white(r + dr, c + dc))
                        .map(|&(dr, dc)| ((r + dr) * w + c + dc) as usize)
                        .collect();
                    clues.push((i, number, around));
                }
            }
        }
        Geometry { sees, clues }
    }
}

/// The starting state of `p`: its lights kept, other white cells undecided.
pub(crate) fn initial_state(p: &Puzzle) -> State {
    p.squares
        .iter()
        .map(|s| match s {
            Square::Empty => Mark::Unknown,
            Square::Light => Mark::Light,
            Square::Grey(_) => Mark::Grey,
        })
        .collect()
}

/// Lights block their view: every white cell a light sees holds no light (a
/// light there would light the first one). Two lights in view contradict.
pub(crate) fn light_blocks_its_view(g: &Geometry, s: &mut State) -> Result<bool, Contradiction> {
    let mut progress = false;
    for (i, seen) in g.sees.iter().enumerate() {
        if s[i] != Mark::Light {
            continue;
        }
        for &j in seen {
            match s[j] {
                Mark::Light => return Err(Contradiction),
                Mark::Unknown => {
                    s[j] = Mark::NoLight;
                    progress = true;
                }
                _ => {}
            }
        }
    }
    Ok(progress)
}

fn count(s: &State, cells: &[usize], mark: Mark) -> usize {
    cells.iter().filter(|&&j| s[j] == mark).count()
}

/// A clue needing all its free neighbours: when the lights beside a number plus
/// its undecided neighbours make exactly the number, every undecided neighbour
/// is a light. Fewer is a contradiction.
pub(crate) fn clue_needs_all_free(g: &Geometry, s: &mut State) -> Result<bool, Contradiction> {
    let mut progress = false;
    for (_, number, around) in &g.clues {
        let (lights, free) = (
            count(s, around, Mark::Light),
            count(s, around, Mark::Unknown),
        );
        let number = usize::from(*number);
        if lights + free < number {
            return Err(Contradiction);
        }
        if free > 0 && lights + free == number {
            for &j in around {
                if s[j] == Mark::Unknown {
                    s[j] = Mark::Light;
                }
            }
            progress = true;
        }
    }
    Ok(progress)
}

/// A clue already met: when a number has its lights, its other neighbours hold
/// none. More lights than the number is a contradiction.
pub(crate) fn clue_met(g: &Geometry, s: &mut State) -> Result<bool, Contradiction> {
    let mut progress = false;
    for (_, number, around) in &g.clues {
        let lights = count(s, around, Mark::Light);
        let number = usize::from(*number);
        if lights > number {
            return Err(Contradiction);
        }
        if lights == number && count(s, around, Mark::Unknown) > 0 {
            for &j in around {
                if s[j] == Mark::Unknown {
                    s[j] = Mark::NoLight;
                }
            }
            progress = true;
        }
    }
    Ok(progress)
}

/// An unlit cell that only one free cell can light: that cell (itself or one it
/// sees) holds a light. None left is a contradiction.
pub(crate) fn only_one_can_light(g: &Geometry, s: &mut State) -> Result<bool, Contradiction> {
    let mut progress = false;
    for (i, seen) in g.sees.iter().enumerate() {
        if s[i] == Mark::Grey || s[i] == Mark::Light || seen.iter().any(|&j| s[j] == Mark::Light) {
            continue;
        }
        let mut candidates = seen
            .iter()
            .copied()
            .chain(std::iter::once(i))
            .filter(|&j| s[j] == Mark::Unknown);
        match (candidates.next(), candidates.next()) {
            (None, _) => return Err(Contradiction),
            (Some(j), None) => {
                s[j] = Mark::Light;
                progress = true;
            }
            _ => {}
        }
    }
    Ok(progress)
}

/// A deduction: progress made, or a contradiction.
pub(crate) type Rule = fn(&Geometry, &mut State) -> Result<bool, Contradiction>;

/// The rules in the order they are tried, cheapest first.
pub(crate) const RULES: [Rule; 4] = [
    light_blocks_its_view,
    clue_met,
    clue_needs_all_free,
    only_one_can_light,
];

/// Applies the rules until none makes progress.
pub(crate) fn propagate(g: &Geometry, s: &mut State) -> Result<(), Contradiction> {
    'again: loop {
        for rule in RULES {
            if rule(g, s)? {
                continue 'again;
            }
        }
        return Ok(());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies `rule` once to the puzzle text, with `?` cells read as undecided
    /// white cells and `-` as white cells known to hold no light.
    fn apply(rule: Rule, text: &str) -> Result<String, Contradiction> {
        let marks: Vec<char> = text
            .split_whitespace()
            .skip(1)
            .map(|t| t.chars().next().unwrap_or('.'))
            .collect();
        let plain = text.replace(['?', '-'], ".");
        let p = Puzzle::read(plain.as_bytes()).expect("test puzzle");
        let g = Geometry::new(&p);
        let mut s = initial_state(&p);
        for (i, &m) in marks.iter().enumerate() {
            if m == '-' {
                s[i] = Mark::NoLight;
            }
        }
        rule(&g, &mut s)?;
        let cells: Vec<String> = s
            .iter()
            .zip(&p.squares)
            .map(|(m, sq)| match (m, sq) {
                (Mark::Light, _) => "*".to_string(),
                (Mark::NoLight, _) => "-".to_string(),
                (Mark::Unknown, _) => "?".to_string(),
                (Mark::Grey, Square::Grey(Some(n))) => n.to_string(),
                (Mark::Grey, _) => "X".to_string(),
            })
            .collect();
        Ok(cells
            .chunks(p.cols)
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    #[test]
    fn light_blocks_its_view_up_to_grey_cells() {
        assert_eq!(
            apply(light_blocks_its_view, "3 * ? X ? ? ? ? ? ?"),
            Ok("* - X\n- ? ?\n- ? ?".into())
        );
        assert_eq!(
            apply(light_blocks_its_view, "2 ? ? ? ?"),
            Ok("? ?\n? ?".into())
        );
        assert_eq!(
            apply(light_blocks_its_view, "2 * ? ? *"),
            Ok("* -\n- *".into())
        );
        assert_eq!(
            apply(light_blocks_its_view, "2 * * ? ?"),
            Err(Contradiction)
        );
    }

    #[test]
    fn clue_needing_all_its_free_neighbours() {
        assert_eq!(
            apply(clue_needs_all_free, "2 ? 2 - ?"),
            Ok("* 2\n- *".into())
        );
        assert_eq!(
            apply(clue_needs_all_free, "2 ? 1 ? ?"),
            Ok("? 1\n? ?".into())
        );
        assert_eq!(apply(clue_needs_all_free, "2 - 2 - ?"), Err(Contradiction));
    }

    #[test]
    fn clue_already_met() {
        assert_eq!(apply(clue_met, "2 * 1 ? ?"), Ok("* 1\n? -".into()));
        assert_eq!(apply(clue_met, "2 * 2 ? ?"), Ok("* 2\n? ?".into()));
        assert_eq!(apply(clue_met, "3 ? * ? * 1 * ? ? ?"), Err(Contradiction));
    }

    #[test]
    fn only_one_cell_can_light_it() {
        // The top-left cell sees only the cell below it (the one to its right is
        // grey) and itself; itself is ruled out.
        assert_eq!(
            apply(only_one_can_light, "2 - X ? X"),
            Ok("- X\n* X".into())
        );
        assert_eq!(
            apply(only_one_can_light, "2 ? X ? X"),
            Ok("? X\n? X".into())
        );
        assert_eq!(apply(only_one_can_light, "2 - X - X"), Err(Contradiction));
    }
}

//! The 16 grid types Loopy plays on, by Loopy's number for them (the `t` of
//! a game ID, `loopy.c`'s `GRIDLIST` in Debian's sgt-puzzles 20230122): their
//! names, their smallest sizes, and the grid of a size ([`Layout::build`]).

use crate::graph::penrose::{self, Patch, Tiling};
use crate::graph::{tilings, Builder, Graph};

/// A grid type of Loopy's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Kind {
    /// Loopy's number for it: the `t` of a game ID.
    pub(crate) number: u8,
    /// Its name on `slink`'s command line.
    pub(crate) name: &'static str,
    /// Width and height must both be at least this…
    pub(crate) least: u32,
    /// …and one of them at least this (Loopy's `amin` and `omin`).
    pub(crate) one_at_least: u32,
    /// At most this many faces a step of the grid (the work a size costs).
    faces_per_step: u32,
}

/// Every grid type, in Loopy's order (index = number).
pub(crate) const KINDS: [Kind; 16] = [
    kind(0, "square", 3, 3, 1),
    kind(1, "triangular", 3, 3, 3),
    kind(2, "honeycomb", 3, 3, 1),
    kind(3, "snub-square", 3, 3, 3),
    kind(4, "cairo", 3, 4, 2),
    kind(5, "great-hexagonal", 3, 3, 6),
    kind(6, "octagonal", 3, 3, 2),
    kind(7, "kites", 3, 3, 6),
    kind(8, "floret", 1, 2, 6),
    kind(9, "dodecagonal", 2, 2, 3),
    kind(10, "great-dodecagonal", 2, 2, 6),
    kind(11, "penrose-kite-dart", 3, 3, 0),
    kind(12, "penrose-rhombs", 3, 3, 0),
    kind(13, "great-great-dodecagonal", 2, 2, 12),
    kind(14, "kagome", 3, 3, 4),
    kind(15, "compass-dodecagonal", 2, 2, 6),
];

const fn kind(number: u8, name: &'static str, least: u32, one_at_least: u32, faces: u32) -> Kind {
    Kind {
        number,
        name,
        least,
        one_at_least,
        faces_per_step: faces,
    }
}

/// The square grid.
pub(crate) const SQUARE: Kind = KINDS[0];
/// The triangular grid, whose grid description says which layout.
pub(crate) const TRIANGULAR: Kind = KINDS[1];

impl Kind {
    /// The grid type Loopy numbers `number`.
    pub(crate) fn numbered(number: u64) -> Option<Kind> {
        KINDS.get(usize::try_from(number).ok()?).copied()
    }

    /// The grid type of a command-line name.
    pub(crate) fn named(name: &str) -> Option<Kind> {
        KINDS.iter().copied().find(|k| k.name == name)
    }

    /// Whether a game ID names its patch (the Penrose grids).
    pub(crate) fn is_penrose(self) -> bool {
        self.tiling().is_some()
    }

    /// Its Penrose tiling, if it is one.
    pub(crate) fn tiling(self) -> Option<Tiling> {
        match self.number {
            11 => Some(Tiling::KitesAndDarts),
            12 => Some(Tiling::Rhombs),
            _ => None,
        }
    }

    /// Why Loopy refuses a `w × h` grid of this type, if it does.
    pub(crate) fn size_error(self, w: u32, h: u32) -> Option<String> {
        if w < self.least || h < self.least {
            return Some(format!(
                "a {} grid at least {}×{}, not {w}×{h}",
                self.name, self.least, self.least
            ));
        }
        if w < self.one_at_least && h < self.one_at_least {
            return Some(format!(
                "a {} grid with a side of at least {}, not {w}×{h}",
                self.name, self.one_at_least
            ));
        }
        None
    }

    /// About how many faces a `w × h` grid has, or for a Penrose grid how many
    /// tiles are made to cut it from: what a size limit bounds.
    pub(crate) fn work(self, w: u32, h: u32) -> u64 {
        let (w, h) = (u64::from(w), u64::from(h));
        if self.is_penrose() {
            // The tiling covers a disc round every window the size allows:
            // about 60 tiles for each unit of w² + h².
            60 * (w * w + h * h)
        } else {
            u64::from(self.faces_per_step) * w * h
        }
    }
}

/// What a game ID's grid description says, beyond the type and size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Description {
    /// None: every type but the Penrose ones, and the triangles' old layout.
    None,
    /// `0`: the triangles' layout since 2019 (rows without end triangles
    /// when their number is odd).
    Triangles,
    /// A Penrose window.
    Patch(Patch),
}

/// A grid: its type, size and description.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Layout {
    /// The grid type.
    pub(crate) kind: Kind,
    /// Loopy's width, in steps of the grid (not faces).
    pub(crate) width: u32,
    /// Loopy's height, in steps.
    pub(crate) height: u32,
    /// The grid description.
    pub(crate) description: Description,
}

impl Layout {
    /// The grid, dots, faces and edges in Loopy's order; or, for a Penrose
    /// window with no usable patch, why not.
    pub(crate) fn build(&self) -> Result<Graph, &'static str> {
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        if let (Some(tiling), Description::Patch(patch)) = (self.kind.tiling(), self.description) {
            return penrose::build(tiling, w, h, patch)
                .ok_or("a patch that holds a usable grid (this window holds none)");
        }
        let mut b = Builder::new();
        let make: fn(&mut Builder, i64, i64) = match self.kind.number {
            0 => tilings::square,
            1 if self.description == Description::None => tilings::triangular_old,
            1 => tilings::triangular,
            2 => tilings::honeycomb,
            3 => tilings::snub_square,
            4 => tilings::cairo,
            5 => tilings::great_hexagonal,
            6 => tilings::octagonal,
            7 => tilings::kites,
            8 => tilings::floret,
            9 => tilings::dodecagonal,
            10 => tilings::great_dodecagonal,
            13 => tilings::great_great_dodecagonal,
            14 => tilings::kagome,
            15 => tilings::compass_dodecagonal,
            _ => return Err("a Penrose patch"),
        };
        make(&mut b, w, h);
        Ok(b.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(number: u8, w: u32, h: u32, description: Description) -> (usize, usize, usize) {
        let layout = Layout {
            kind: KINDS[usize::from(number)],
            width: w,
            height: h,
            description,
        };
        let g = layout.build().unwrap();
        (g.face_count(), g.edge_count(), g.dot_count())
    }

    /// Faces, edges and dots as Loopy's own `grid.c` makes them (Debian's
    /// sgt-puzzles 20230122, measured by a harness round its grid code).
    #[test]
    fn sizes_are_loopy_s() {
        type Counts = (usize, usize, usize);
        let table: [(u8, [Counts; 3]); 14] = [
            (0, [(20, 49, 30), (49, 112, 64), (100, 220, 121)]),
            (1, [(44, 75, 32), (103, 168, 66), (210, 335, 126)]),
            (2, [(20, 77, 58), (49, 174, 126), (100, 339, 240)]),
            (3, [(51, 99, 49), (133, 244, 112), (280, 499, 220)]),
            (4, [(31, 96, 66), (84, 241, 158), (180, 496, 317)]),
            (5, [(87, 206, 120), (241, 534, 294), (523, 1122, 600)]),
            (6, [(32, 129, 98), (85, 308, 224), (181, 620, 440)]),
            (7, [(120, 274, 155), (294, 642, 349), (600, 1278, 679)]),
            (8, [(102, 300, 199), (270, 750, 481), (570, 1539, 970)]),
            (9, [(44, 197, 154), (121, 468, 348), (262, 939, 678)]),
            (10, [(87, 326, 240), (241, 828, 588), (523, 1722, 1200)]),
            (13, [(159, 484, 326), (457, 1284, 828), (1009, 2730, 1722)]),
            (14, [(58, 134, 77), (145, 318, 174), (298, 636, 339)]),
            (15, [(80, 257, 178), (229, 648, 420), (505, 1344, 840)]),
        ];
        for (number, sizes) in table {
            let description = if number == 1 {
                Description::Triangles
            } else {
                Description::None
            };
            for ((w, h), want) in [(5, 4), (7, 7), (10, 10)].into_iter().zip(sizes) {
                assert_eq!(counts(number, w, h, description), want, "{w}x{h}t{number}");
            }
        }
        assert_eq!(counts(8, 4, 5, Description::None), (108, 318, 211));
        assert_eq!(counts(1, 4, 5, Description::Triangles), (43, 73, 31));
        assert_eq!(counts(1, 3, 3, Description::Triangles), (19, 34, 16));
        assert_eq!(counts(4, 3, 3, Description::None), (12, 41, 30));
        // The triangles' old layout: 2wh faces on (w+1)(h+1) dots.
        assert_eq!(counts(1, 7, 7, Description::None), (98, 161, 64));
        let patch = |x, y, angle| Description::Patch(Patch { x, y, angle });
        assert_eq!(counts(11, 7, 7, patch(-1679, 205, 324)), (25, 60, 36));
        assert_eq!(counts(12, 10, 10, patch(-4912, 851, 180)), (59, 133, 75));
        assert_eq!(counts(11, 12, 9, patch(-2906, -5269, 36)), (68, 155, 88));
        assert_eq!(counts(12, 3, 3, patch(489, 620, 324)), (3, 9, 7));
    }
}

//! An answer as plain rows of lines, the form in which the solver hands its
//! answers to the independent checker ([`crate::check::slink`]): no edge ids, no
//! grid type, nothing of the solver's own geometry, so a fault in how the
//! solver numbers its edges is read differently here, not the same wrong way.
//!
//! For R×C cells: R+1 rows of C horizontal edges (row `r`, column `c` runs
//! from dot `(r, c)` to dot `(r, c+1)`), and R rows of C+1 vertical edges
//! (row `r`, column `c` runs from dot `(r, c)` to dot `(r+1, c)`).

/// The lines of an answer, row by row.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Drawing {
    rows: u32,
    cols: u32,
    /// `(rows + 1) × cols` horizontal edges, row by row.
    across: Vec<bool>,
    /// `rows × (cols + 1)` vertical edges, row by row.
    down: Vec<bool>,
}

impl Drawing {
    /// The drawing of a `rows × cols` grid with these lines, or `None` when
    /// a row list has the wrong length.
    pub fn new(rows: u32, cols: u32, across: Vec<bool>, down: Vec<bool>) -> Option<Drawing> {
        let (r, c) = (rows as usize, cols as usize);
        let fits = across.len() == (r + 1) * c && down.len() == r * (c + 1);
        fits.then_some(Drawing {
            rows,
            cols,
            across,
            down,
        })
    }

    /// Number of cell rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of cell columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Whether the horizontal edge from dot `(r, c)` to `(r, c+1)` is a line
    /// (off the grid: no).
    pub fn across(&self, r: u32, c: u32) -> bool {
        r <= self.rows && c < self.cols && self.across[(r * self.cols + c) as usize]
    }

    /// Whether the vertical edge from dot `(r, c)` to `(r+1, c)` is a line
    /// (off the grid: no).
    pub fn down(&self, r: u32, c: u32) -> bool {
        r < self.rows && c <= self.cols && self.down[(r * (self.cols + 1) + c) as usize]
    }
}

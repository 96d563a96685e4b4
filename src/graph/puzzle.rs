//! A Slitherlink puzzle on one of Loopy's grids: the grid and a clue, or
//! none, for each face in the grid's face order.

use crate::graph::kinds::Layout;
use crate::graph::Graph;

/// A puzzle on a grid other than the square one.
#[derive(Clone, Debug)]
pub(crate) struct GraphPuzzle {
    /// The grid's type, size and description, as its game ID gives them.
    pub(crate) layout: Layout,
    /// The grid.
    pub(crate) graph: Graph,
    /// Face by face: how many of its sides the loop runs along, if given
    /// (at most its number of sides).
    pub(crate) clues: Vec<Option<u8>>,
}

impl GraphPuzzle {
    /// A square puzzle as a graph (Loopy's levels are named on it): Loopy's square grid numbers its faces row
    /// by row, as the square puzzle numbers its cells.
    pub(crate) fn of_square(puzzle: &crate::slink::parse::Puzzle) -> GraphPuzzle {
        use crate::graph::kinds::{Description, SQUARE};
        let layout = Layout {
            kind: SQUARE,
            width: puzzle.cols,
            height: puzzle.rows,
            description: Description::None,
        };
        let graph = layout.build().expect("a square grid is always made");
        GraphPuzzle {
            layout,
            graph,
            clues: puzzle.clues.clone(),
        }
    }
}

//! Inside and outside, beyond the statement's cases: every cell lies inside or
//! outside the loop, the outside of the grid is outside, a line separates
//! different sides and a cross joins equal ones. The board keeps the classes of
//! cells known to be on equal or opposite sides (see [`crate::slink::board`]); these rules
//! read them around one vertex or one clue.
//!
//! Both rules work the same way: name each distinct class among the few cells
//! involved, try every way of putting those classes inside or outside (at most
//! 2⁵), keep the ways the vertex or the clue allows, and decide each undecided edge
//! on which all the kept ways agree. No kept way at all is a contradiction.

use crate::engine::EngineBoard;
use crate::slink::board::{Board, Contradiction, EdgeState};
use crate::slink::grid::{Edge, Vertex};
use crate::slink::rules::Site;

/// Up to five cells (as sides nodes), the edges between pairs of them, and the
/// test a colouring must pass.
struct Local {
    nodes: [(u32, u8); 5],
    len: usize,
    pairs: [(usize, usize, Edge); 4],
}

impl Local {
    /// Whether every node is in a class of its own, so that the classes rule
    /// out no colouring.
    fn all_apart(&self) -> bool {
        let nodes = &self.nodes[..self.len];
        (1..nodes.len()).all(|i| nodes[..i].iter().all(|other| other.0 != nodes[i].0))
    }

    /// Decides the undecided edges on which every allowed colouring agrees.
    /// `allowed` gets the number of differing pairs.
    fn decide(
        &self,
        board: &mut Board,
        allowed: impl Fn(u32) -> bool,
    ) -> Result<(), Contradiction> {
        let mut roots = [0u32; 5];
        let mut root_of = [0usize; 5];
        let mut distinct = 0;
        for (slot, &(root, _)) in root_of.iter_mut().zip(&self.nodes[..self.len]) {
            *slot = match roots[..distinct].iter().position(|&r| r == root) {
                Some(j) => j,
                None => {
                    roots[distinct] = root;
                    distinct += 1;
                    distinct - 1
                }
            };
        }
        // Bit k of seen_differ / seen_equal: pair k differed / was equal in some
        // allowed colouring.
        let (mut seen_differ, mut seen_equal) = (0u8, 0u8);
        // Flipping every class gives the same edges, so fix the first class.
        for mask in 0..(1u32 << (distinct - 1)) {
            let colour = |i: usize| self.nodes[i].1 ^ ((mask << 1 >> root_of[i]) & 1) as u8;
            let mut differ = 0u8;
            for (k, &(a, b, _)) in self.pairs.iter().enumerate() {
                if colour(a) != colour(b) {
                    differ |= 1 << k;
                }
            }
            if allowed(differ.count_ones()) {
                seen_differ |= differ;
                seen_equal |= !differ & 0xF;
            }
        }
        if seen_differ | seen_equal == 0 {
            return Err(Contradiction {
                edge: self.pairs[0].2,
            });
        }
        for (k, &(_, _, edge)) in self.pairs.iter().enumerate() {
            let bit = 1 << k;
            if board.is_unknown(edge) && (seen_differ & bit == 0 || seen_equal & bit == 0) {
                let state = if seen_differ & bit != 0 {
                    EdgeState::Line
                } else {
                    EdgeState::Cross
                };
                board.set(edge, state)?;
            }
        }
        Ok(())
    }
}

/// Sides around a vertex: the four cells around a vertex change side exactly
/// where a line leaves it, and a vertex has no line or two.
///
/// Why: going round the vertex, each of its edges lies between two of the cells;
/// the loop passes through with two lines or not at all, so the number of side
/// changes is 0 or 2.
///
/// The two upper cells are outside, their tops being crossed, so the edge
/// between them is crossed, and so are their sides on the border:
///
/// ```text
/// + x + x +      + x + x +
/// ? . ? . ?      x . x . x
/// + ? + ? +  =>  + ? + ? +
/// ? . ? . ?      ? . ? . ?
/// + ? + ? +      + ? + ? +
/// ```
///
/// With nothing known of any cell, nothing follows:
///
/// ```text
/// + ? + ? +
/// ? . ? . ?
/// + ? + ? +
/// ```
///
/// Fires at any vertex where every allowed colouring agrees on an undecided edge.
pub(crate) fn vertex_sides(board: &mut Board, v: Vertex) -> Result<(), Contradiction> {
    if board.vertex_unknown(v) == 0 {
        return Ok(());
    }
    let grid = *board.grid();
    let cells = grid.vertex_cells(v);
    let edges = grid.vertex_edges(v);
    let mut local = Local {
        nodes: [(0, 0); 5],
        len: 4,
        // Cells in order up-left, up-right, down-right, down-left; the edge up
        // lies between the first two, and so on round the vertex.
        pairs: [
            (0, 1, edges[0]),
            (1, 2, edges[1]),
            (2, 3, edges[2]),
            (3, 0, edges[3]),
        ],
    };
    {
        let class = classes_of(board);
        for (i, cell) in cells.into_iter().enumerate() {
            local.nodes[i] = class(board.side_node(cell));
        }
    }
    // Four unrelated cells: any one can be alone on its side, so each edge
    // is a line in some allowed colouring and a cross in another.
    if local.all_apart() {
        return Ok(());
    }
    local.decide(board, |changes| changes == 0 || changes == 2)
}

/// Sides around a clue: a clue n has exactly n neighbours on the other side of
/// the loop (the outside of the grid counting as outside).
///
/// Why: each side of the cell is a line exactly when the cells it separates lie
/// on different sides. When some neighbours are already known to be on equal or
/// opposite sides of each other, only some colourings give n changes.
///
/// A 1 whose upper and lower neighbours are both outside (their far sides
/// crossed): were the 1 inside, both its sides there would be lines, so it is
/// outside, and neither is:
///
/// ```text
/// + ? + x + ? +      + ? + x + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + ? + ? +  =>  + ? + x + ? +
/// ? . ? 1 ? . ?      ? . ? 1 ? . ?
/// + ? + ? + ? +      + ? + x + ? +
/// ? . ? . ? . ?      ? . ? . ? . ?
/// + ? + x + ? +      + ? + x + ? +
/// ```
///
/// With only the upper one known, either side of the 1 may still hold its
/// line:
///
/// ```text
/// + ? + x + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ? . ? 1 ? . ?
/// + ? + ? + ? +
/// ? . ? . ? . ?
/// + ? + ? + ? +
/// ```
///
/// Fires at a clue where every allowed colouring agrees on an undecided side.
pub(crate) fn clue_sides(board: &mut Board, site: &Site) -> Result<(), Contradiction> {
    let (cell, clue) = (site.cell, site.clue);
    if board.cell_unknown(cell) == 0 {
        return Ok(());
    }
    let grid = *board.grid();
    let sides = grid.cell_edges(cell);
    let mut local = Local {
        nodes: [(0, 0); 5],
        len: 5,
        pairs: [
            (0, 1, sides[0]),
            (0, 2, sides[1]),
            (0, 3, sides[2]),
            (0, 4, sides[3]),
        ],
    };
    {
        let class = classes_of(board);
        local.nodes[0] = class(cell.0);
        for (i, &e) in sides.iter().enumerate() {
            let [a, b] = grid.edge_cells(e);
            let other = if a == Some(cell) { b } else { a };
            local.nodes[i + 1] = class(board.side_node(other));
        }
    }
    // Four unrelated neighbours: any 1 to 3 of them can be the ones across
    // the loop, so each side is a line in some allowed colouring and a cross
    // in another (a 0 or a 4 decides everything, and is left to `decide`).
    if (1..=3).contains(&clue) && local.all_apart() {
        return Ok(());
    }
    local.decide(board, |changes| changes == u32::from(clue))
}

/// The class root and parity of a sides node, from the board's classes,
/// reached once for a whole rule (each node alone when none are made yet).
fn classes_of(board: &Board) -> impl Fn(u32) -> (u32, u8) + '_ {
    let classes = board.sides();
    move |node| classes.map_or((node, 0), |c| c.find(node))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::picture::board;
    use crate::slink::testkit::{apply_at, draw, normal};

    #[test]
    fn equal_sides_around_a_vertex_cross_the_edge_between() {
        // Crosses join the two upper cells, the two lower cells, and each of the
        // left cells to the outside: all four cells are on one side, so the left
        // and right edges at the middle vertex are crossed too.
        let mut b = board(
            "+ x + ? +
             ? . x . ?
             + ? + ? +
             ? . x . ?
             + x + ? +",
        );
        let g = *b.grid();
        vertex_sides(&mut b, g.vertex(1, 1)).unwrap();
        assert_eq!(
            draw(&b),
            normal("+ x + ? +\n? . x . ?\n+ x + x +\n? . x . ?\n+ x + ? +")
        );
    }

    #[test]
    fn unrelated_cells_decide_nothing() {
        let mut b = board("+ ? + ? +\n? . x . ?\n+ ? + ? +\n? . x . ?\n+ ? + ? +");
        let before = draw(&b);
        let g = *b.grid();
        vertex_sides(&mut b, g.vertex(1, 1)).unwrap();
        assert_eq!(draw(&b), before);
    }

    #[test]
    fn one_whose_other_neighbours_are_one_class_takes_the_left() {
        // Crosses round the right join the 1's upper, right and lower neighbours:
        // they change side together, 0 or 3 times, so the 1's line is its left.
        let mut b = board(
            "+ ? + ? + ? +
             ? . ? . x . ?
             + ? + ? + x +
             ? . ? 1 ? . ?
             + ? + ? + x +
             ? . ? . x . ?
             + ? + ? + ? +",
        );
        let g = *b.grid();
        apply_at(clue_sides, &mut b, g.cell(1, 1)).unwrap();
        assert!(b.is_cross(g.horizontal(1, 1)) && b.is_cross(g.horizontal(2, 1)));
        assert!(b.is_cross(g.vertical(1, 2)) && b.is_line(g.vertical(1, 1)));
        // With the cross between the upper and right neighbours gone, only the
        // right and lower neighbours are one class: they cannot both differ, so
        // neither does, and the 1 is on its top or its left.
        let mut open = board(&frame_without_right_crosses());
        apply_at(clue_sides, &mut open, g.cell(1, 1)).unwrap();
        assert!(open.is_cross(g.vertical(1, 2)) && open.is_cross(g.horizontal(2, 1)));
        assert!(open.is_unknown(g.horizontal(1, 1)) && open.is_unknown(g.vertical(1, 1)));
    }

    /// What lets both rules skip `decide` when every node is in a class of
    /// its own: it then decides nothing round a vertex, nor round a clue of 1
    /// to 3 (a 0 does decide, which is why it is left to `decide`).
    #[test]
    fn unrelated_nodes_decide_nothing_but_round_a_0() {
        let open = "+ ? + ? +\n? . ? . ?\n+ ? + ? +\n? . ? . ?\n+ ? + ? +";
        let mut b = board(open);
        let g = *b.grid();
        let edges = g.vertex_edges(g.vertex(1, 1));
        let apart = |len| Local {
            nodes: [(0, 0), (1, 1), (2, 0), (3, 1), (4, 0)],
            len,
            pairs: match len {
                4 => [
                    (0, 1, edges[0]),
                    (1, 2, edges[1]),
                    (2, 3, edges[2]),
                    (3, 0, edges[3]),
                ],
                _ => [
                    (0, 1, edges[0]),
                    (0, 2, edges[1]),
                    (0, 3, edges[2]),
                    (0, 4, edges[3]),
                ],
            },
        };
        assert!(apart(4).all_apart() && apart(5).all_apart());
        apart(4).decide(&mut b, |n| n == 0 || n == 2).unwrap();
        for clue in 1..=3 {
            apart(5).decide(&mut b, |n| n == clue).unwrap();
        }
        assert_eq!(draw(&b), normal(open));
        apart(5).decide(&mut b, |n| n == 0).unwrap();
        assert!(edges.iter().all(|&e| b.is_cross(e)));
        let mut joined = apart(4);
        joined.nodes[1].0 = 0;
        assert!(!joined.all_apart());
    }

    fn frame_without_right_crosses() -> String {
        "+ ? + ? + ? +
         ? . ? . x . ?
         + ? + ? + ? +
         ? . ? 1 ? . ?
         + ? + ? + x +
         ? . ? . x . ?
         + ? + ? + ? +"
            .to_string()
    }

    #[test]
    fn impossible_sides_are_a_contradiction() {
        // A 2 whose four neighbours are all on one side (joined by crosses round
        // the outside of the 3×3 frame): it differs from all or none.
        let mut b = board(
            "+ ? + ? + ? +
             ? . x . x . ?
             + x + ? + x +
             ? . ? 2 ? . ?
             + x + ? + x +
             ? . x . x . ?
             + ? + ? + ? +",
        );
        let g = *b.grid();
        assert!(apply_at(clue_sides, &mut b, g.cell(1, 1)).is_err());
    }
}

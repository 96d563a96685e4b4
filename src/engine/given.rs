//! Edges given before a solve (a partial answer from a file, the
//! generator's windows; [`super::EngineBoard::set_given`]): set one by one
//! through [`Board::set`], or, on a board with nothing decided yet, all at
//! once by counting, the counts handed to the board whole
//! ([`Board::load`]); and the walk along given lines both ways use. Nothing
//! here reads what the engine attaches to a board: the verb that calls it
//! does.

use crate::slink::board::{Board, Caches, EdgeState, CROSS, DEAD_END, NO_CLUE, NO_VERTEX};
use crate::slink::grid::{Edge, Grid, Vertex};

/// The other end of the path of lines that starts at the path end `v`, found
/// by walking it (for [`super::audit`]; `None` if the walk does not end at
/// another path end).
pub(super) fn walked_path_end(board: &Board, v: Vertex) -> Option<Vertex> {
    let g = board.grid;
    let (mut at, mut back) = (g.vertex_pos(v), NOWHERE);
    for _ in 0..=g.edge_count() {
        (back, at) = along_line(g, board.states(), at, back)?;
        let end = g.vertex(at.0, at.1);
        if board.vertex_lines(end) == 1 {
            return Some(end);
        }
    }
    None
}

/// No way back: the first step of a walk along the lines.
const NOWHERE: u8 = 4;

/// One step along the lines of `given` from the dot at (row, column) `at`,
/// not the way `back` (0 to 3: up, right, down, left; or [`NOWHERE`]): the
/// way back from the dot reached, and that dot; `None` at a path end.
/// (Dots by row and column: no division a step.)
fn along_line(
    grid: Grid,
    given: &[EdgeState],
    at: (u32, u32),
    back: u8,
) -> Option<(u8, (u32, u32))> {
    let line = |e: Edge| given.get(e.0 as usize) == Some(&EdgeState::Line);
    let (r, c) = at;
    if back != 0 && r > 0 && line(grid.vertical(r - 1, c)) {
        Some((2, (r - 1, c)))
    } else if back != 1 && c < grid.cols() && line(grid.horizontal(r, c)) {
        Some((3, (r, c + 1)))
    } else if back != 2 && r < grid.rows() && line(grid.vertical(r, c)) {
        Some((0, (r + 1, c)))
    } else if back != 3 && c > 0 && line(grid.horizontal(r, c - 1)) {
        Some((1, (r, c - 1)))
    } else {
        None
    }
}

/// [`super::EngineBoard::set_given`] edge by edge, through [`Board::set`].
pub(super) fn one_by_one(board: &mut Board, given: &[EdgeState]) -> Result<(), Edge> {
    for (e, &state) in given.iter().enumerate() {
        let e = Edge(e as u32);
        if state != EdgeState::Unknown && board.set(e, state).is_err() {
            return Err(e);
        }
    }
    Ok(())
}

/// [`super::EngineBoard::set_given`] on a board with nothing decided, by
/// counting: a few passes over the edges rather than a [`Board::set`] each
/// (the generator's windows give all but a few edges, hundreds of times a
/// puzzle). The board ends as `set` would leave it, but for the trail,
/// which a fresh driver passes over anyway, and for what is attached to it,
/// which hears nothing: the caller gives edges to a board with a log one by
/// one. Returns false, with the board untouched, when it has decisions or
/// undo records, or when `given` breaks it: edge by edge then finds where.
pub(super) fn at_once(board: &mut Board, given: &[EdgeState]) -> bool {
    let grid = board.grid;
    let fresh = board.unknown as usize == grid.edge_count() && !board.recording;
    if !fresh || given.len() > grid.edge_count() {
        return false;
    }
    let (mut cell_counts, mut vertex_counts) =
        (board.cell_counts.clone(), board.vertex_counts.clone());
    // Each edge's part of a count, by row of edges (the order of their
    // ids, as in `Grid::horizontal` and `vertical`), added a whole row at
    // a time: no division and no test per edge.
    let part = |s: &EdgeState| [0, 1, CROSS][*s as usize];
    let mut parts: Vec<u8> = given.iter().map(part).collect();
    parts.resize(grid.edge_count(), 0);
    let decided = parts.iter().filter(|&&p| p != 0).count() as u32;
    let lines = parts.iter().filter(|&&p| p == 1).count() as u32;
    let (rows, cols) = (grid.rows() as usize, grid.cols() as usize);
    let width = cols + 1;
    let add = |counts: &mut [u8], parts: &[u8]| {
        for (count, part) in counts.iter_mut().zip(parts) {
            *count += part;
        }
    };
    let (horizontal, vertical) = parts.split_at((rows + 1) * cols);
    for (r, row) in horizontal.chunks(cols).enumerate() {
        add(&mut vertex_counts[r * width..], row);
        add(&mut vertex_counts[r * width + 1..], row);
        if r > 0 {
            add(&mut cell_counts[(r - 1) * cols..], row);
        }
        if r < rows {
            add(&mut cell_counts[r * cols..], row);
        }
    }
    for (r, row) in vertical.chunks(width).enumerate() {
        add(&mut vertex_counts[r * width..], row);
        add(&mut vertex_counts[(r + 1) * width..], row);
        add(&mut cell_counts[r * cols..(r + 1) * cols], row);
        add(&mut cell_counts[r * cols..(r + 1) * cols], &row[1..]);
    }
    // The checks `set` makes at each change, on the final counts: they
    // only grow, so a limit passed on the way is passed at the end.
    let mut unmet = 0;
    for (&count, &clue) in cell_counts.iter().zip(&board.clues) {
        if clue != NO_CLUE {
            if count % CROSS > clue || 4 - count / CROSS < clue {
                return false;
            }
            unmet += u32::from(count % CROSS != clue);
        }
    }
    if vertex_counts
        .iter()
        .any(|&n| n % CROSS > 2 || n == DEAD_END)
    {
        return false;
    }
    // Each path walked from one end to the other, which become partners.
    let mut partner = board.partner.clone();
    let (mut segments, mut walked) = (0, 0);
    for start in 0..grid.vertex_count() {
        if vertex_counts[start] % CROSS != 1 || partner[start] != NO_VERTEX {
            continue;
        }
        let (mut at, mut back) = (grid.vertex_pos(Vertex(start as u32)), NOWHERE);
        let end = loop {
            match along_line(grid, given, at, back) {
                Some(step) => (back, at) = step,
                None => return false,
            }
            walked += 1;
            let v = at.0 as usize * width + at.1 as usize;
            if vertex_counts[v] % CROSS == 1 {
                break v;
            }
        };
        partner[start] = end as u32;
        partner[end] = start as u32;
        segments += 1;
    }
    // Lines on no path close loops: one alone, meeting every clue, is the
    // answer; anything else breaks the board.
    let closed = walked < lines;
    if closed && (segments > 0 || unmet > 0 || !one_loop_of(grid, given, lines)) {
        return false;
    }
    let caches = Caches {
        cell_counts,
        vertex_counts,
        partner,
        segments,
        unmet,
        closed,
        unknown: board.unknown_count() - decided,
    };
    board.load(given, caches);
    true
}

/// Whether the `lines` lines of `given` on `grid`, each at a vertex of two,
/// make one loop: the walk round from any of them comes back after all of
/// them.
fn one_loop_of(grid: Grid, given: &[EdgeState], lines: u32) -> bool {
    let first = given.iter().position(|&s| s == EdgeState::Line);
    let start = match first {
        Some(e) => grid.vertex_pos(grid.edge_vertices(Edge(e as u32))[0]),
        None => return false,
    };
    let (mut at, mut back, mut walked) = (start, NOWHERE, 0);
    loop {
        match along_line(grid, given, at, back) {
            Some(step) => (back, at) = step,
            None => return false,
        }
        walked += 1;
        if at == start {
            return walked == lines;
        }
    }
}

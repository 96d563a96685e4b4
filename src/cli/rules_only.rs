//! `slink --rules-only`: the statement's seventeen cases as written, alone,
//! with no search: the board they reach, and where they stop or contradict
//! themselves.

use super::*;

/// `--rules-only`: the statement's cases as written, no search. Writes the board
/// they reach, and says in `notes` where they stop; returns whether they
/// finished the puzzle.
pub(super) fn rules_only(
    number: usize,
    puzzle: &Puzzle,
    out: &mut Output,
    notes: &mut String,
) -> io::Result<bool> {
    let (board, result) = statement_rules_only(puzzle);
    let dropped = pair_loop_answers(puzzle);
    writeln!(out, "{number}")?;
    write_picture(
        out,
        board.grid(),
        &puzzle.clues,
        board.states(),
        Marks::LinesOnly,
    )?;
    let grid = board.grid();
    let message = match result {
        Err(failure) => {
            let at = locus_name(grid, failure.at).unwrap_or_else(|| "the board".to_string());
            format!(
                "the statement's rules contradict themselves ({} at {at}, edge {})",
                failure.reason.tag(),
                edge_name(grid, failure.edge)
            )
        }
        Ok(()) if board.unknown_count() > 0 => format!(
            "the statement's rules stop with {} edges undecided",
            board.unknown_count()
        ),
        Ok(()) => {
            let answer = board.closed()
                && verify(&puzzle.clues, &Solution::from_board(&board).drawing()).is_ok();
            if answer && dropped.is_empty() {
                return Ok(true);
            }
            if answer {
                String::new()
            } else {
                "the statement's rules decide every edge but draw no single loop".to_string()
            }
        }
    };
    if !message.is_empty() {
        notes.push_str(&format!("slink: puzzle {number}: {message}\n"));
    }
    for (a, b) in dropped {
        let name = |c: Cell| locus_name(grid, Locus::Cell(c)).unwrap_or_default();
        notes.push_str(&format!(
            "slink: puzzle {number}: case 6 as written rules out the loop round the 3s at {} and {}, which is an answer\n",
            name(a),
            name(b)
        ));
    }
    Ok(false)
}

/// The pairs of side-by-side 3s whose six-edge loop is an answer of `puzzle`:
/// the answers the statement's case 6, taken literally, throws away (it makes
/// the side the two 3s share a line). Each loop is checked by the verifier.
fn pair_loop_answers(puzzle: &Puzzle) -> Vec<(Cell, Cell)> {
    let grid = Grid::new(puzzle.rows, puzzle.cols);
    let mut found = Vec::new();
    // The small loop touches only the pair and its six neighbours: with more
    // clues above 0 than that, it is no answer, and nothing need be checked.
    if puzzle
        .clues
        .iter()
        .filter(|c| c.is_some_and(|n| n > 0))
        .count()
        > 8
    {
        return found;
    }
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let a = grid.cell(r, c);
            for (dr, dc) in [(0, 1), (1, 0)] {
                let Some(b) = grid.neighbour(a, dr, dc) else {
                    continue;
                };
                if puzzle.clues[a.0 as usize] != Some(3) || puzzle.clues[b.0 as usize] != Some(3) {
                    continue;
                }
                // The loop is every side of the two cells but the shared one.
                let mut states = vec![EdgeState::Cross; grid.edge_count()];
                for e in grid.cell_edges(a).into_iter().chain(grid.cell_edges(b)) {
                    let line = &mut states[e.0 as usize];
                    *line = if *line == EdgeState::Line {
                        EdgeState::Cross
                    } else {
                        EdgeState::Line
                    };
                }
                if verify(
                    &puzzle.clues,
                    &Solution::from_states(grid, states).drawing(),
                )
                .is_ok()
                {
                    found.push((a, b));
                }
            }
        }
    }
    found
}

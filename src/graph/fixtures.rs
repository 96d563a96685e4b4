//! Test support: the puzzles Loopy generated on its 16 grids, with Loopy's
//! answers (`samples/loopy/fixtures.txt`, made by `scripts/loopy-fixtures.sh`).

/// One fixture: how Loopy was asked for it, its game ID, and Loopy's answer,
/// edge by edge (on the loop or not).
pub(crate) struct Fixture {
    /// The `--generate` argument: size, type, level and seed.
    pub(crate) made_by: String,
    /// The game ID.
    pub(crate) id: String,
    /// Loopy's answer, by edge number.
    pub(crate) answer: Vec<bool>,
}

/// Every fixture in the file.
pub(crate) fn fixtures() -> Vec<Fixture> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/loopy/fixtures.txt");
    let text = std::fs::read_to_string(path).expect("samples/loopy/fixtures.txt");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 3, "{line}");
            Fixture {
                made_by: fields[0].to_string(),
                id: fields[1].to_string(),
                answer: solve_move(fields[2]),
            }
        })
        .collect()
}

/// Loopy's solve move `S0y1n…` as one flag an edge, checking that the edges
/// come in order.
fn solve_move(text: &str) -> Vec<bool> {
    let body = text.strip_prefix('S').expect("a solve move starts with S");
    let mut answer = Vec::new();
    let mut number = String::new();
    for c in body.chars() {
        match c {
            '0'..='9' => number.push(c),
            'y' | 'n' => {
                assert_eq!(
                    number.parse::<usize>().ok(),
                    Some(answer.len()),
                    "edges in order"
                );
                answer.push(c == 'y');
                number.clear();
            }
            _ => panic!("unexpected {c:?} in a solve move"),
        }
    }
    answer
}

/// The puzzle of a game ID as a graph, a square one too.
pub(crate) fn graph_of(id: &str) -> crate::graph::puzzle::GraphPuzzle {
    use crate::formats::{loopy::decode, AnyPuzzle};
    match decode(id, 4_000_000).expect("a game ID") {
        AnyPuzzle::Graph(puzzle) => *puzzle,
        AnyPuzzle::Square(puzzle) => crate::graph::puzzle::GraphPuzzle::of_square(&puzzle),
    }
}

//! Test support shared by the integration tests: a small seeded PRNG of our own
//! (SplitMix64) and the one generator of random single loops ("planted"
//! answers) they all use, with their puzzles and blanked clues.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

use slink::board::EdgeState;
use slink::grid::Grid;
use slink::{Puzzle, Solution};

/// Starts one of the crate's binaries with `args`, standard input a pipe and
/// the other two streams as given.
pub fn spawn(binary: &str, args: &[&str], stdout: Stdio, stderr: Stdio) -> Child {
    Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the binary starts")
}

/// Runs one of the crate's binaries with `args`, feeding it `stdin`.
pub fn run_binary(binary: &str, args: &[&str], stdin: &[u8]) -> Output {
    run_with(binary, args, stdin, Stdio::piped(), Stdio::piped())
}

/// `/dev/full` opened for writing (every write fails with "no space left"), or
/// `None` where the system has none.
pub fn dev_full() -> Option<Stdio> {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()
        .map(Stdio::from)
}

/// Runs `binary` on `stdin` with standard output and standard error as given.
pub fn run_with(binary: &str, args: &[&str], stdin: &[u8], stdout: Stdio, stderr: Stdio) -> Output {
    let mut child = spawn(binary, args, stdout, stderr);
    let mut input = child.stdin.take().expect("stdin");
    // Written from a thread while the output is read, so that a large input
    // and a large output cannot block each other. A closed pipe here means the
    // binary stopped reading early, which some tests expect; its output says
    // whether it was right to.
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let _ = input.write_all(stdin);
        });
        child.wait_with_output().expect("the binary ends")
    })
}

/// Runs `binary` on `stdin` and closes its standard output after the first
/// byte, as `… | head -c 1` does; `stdin` is written from a thread, so the
/// program can be stopped by the closed pipe, not by its input.
pub fn run_until_stdout_closes(binary: &str, args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = spawn(binary, args, Stdio::piped(), Stdio::piped());
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("the binary ends");
    let _ = writer.join();
    out
}

/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and good enough to make
/// test cases; seeded, so every failure can be replayed from its seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A random set of cells whose boundary is one simple loop: grown one cell at a
/// time from a random seed cell, keeping only additions after which the region is
/// still connected, has no hole, and touches itself at no corner alone.
pub fn random_region(rng: &mut Rng, rows: u32, cols: u32) -> Vec<bool> {
    let (r, c) = (rows as i64, cols as i64);
    let mut inside = vec![false; (r * c) as usize];
    let start = rng.below((r * c) as u64) as usize;
    inside[start] = true;
    // At least two cells where there is room: the loop round a single cell would
    // need a clue of 4, which the Slink format cannot say.
    let target = (1 + rng.below((r * c) as u64) as usize).max(2.min((r * c) as usize));
    let mut size = 1;
    let mut attempts = 0;
    while size < target && attempts < 20 * (r * c) as usize {
        attempts += 1;
        let cell = rng.below((r * c) as u64) as usize;
        if inside[cell] {
            continue;
        }
        let (y, x) = (cell as i64 / c, cell as i64 % c);
        let is_in = |inside: &Vec<bool>, y: i64, x: i64| {
            y >= 0 && x >= 0 && y < r && x < c && inside[(y * c + x) as usize]
        };
        // Adding the cell keeps the boundary one simple loop when (a) no 2×2
        // block becomes a diagonal pair (the loop would touch itself at a dot),
        // and (b) going round its eight neighbours, the region's cells form
        // exactly one run (so the region stays connected and gains no hole).
        // Cells beyond the border count as outside.
        let ring = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
        ];
        let mut bits = [false; 8];
        for (i, &(dy, dx)) in ring.iter().enumerate() {
            bits[i] = is_in(&inside, y + dy, x + dx);
        }
        let pinch = [0, 2, 4, 6]
            .iter()
            .any(|&i| bits[i] && !bits[(i + 7) % 8] && !bits[(i + 1) % 8]);
        let runs = (0..8).filter(|&i| bits[i] && !bits[(i + 7) % 8]).count();
        if pinch || runs != 1 {
            continue;
        }
        inside[cell] = true;
        size += 1;
    }
    inside
}

/// The loop around a region, as edge states in the grid's edge order.
pub fn boundary(rows: u32, cols: u32, inside: &[bool]) -> Solution {
    let grid = Grid::new(rows, cols);
    let at = |y: i64, x: i64| {
        y >= 0
            && x >= 0
            && y < rows as i64
            && x < cols as i64
            && inside[(y * cols as i64 + x) as usize]
    };
    let mut states = vec![EdgeState::Cross; grid.edge_count()];
    for y in 0..=rows {
        for x in 0..cols {
            if at(y as i64 - 1, x as i64) != at(y as i64, x as i64) {
                states[grid.horizontal(y, x).0 as usize] = EdgeState::Line;
            }
        }
    }
    for y in 0..rows {
        for x in 0..=cols {
            if at(y as i64, x as i64 - 1) != at(y as i64, x as i64) {
                states[grid.vertical(y, x).0 as usize] = EdgeState::Line;
            }
        }
    }
    Solution::from_states(grid, states)
}

/// A random loop on a `rows × cols` grid.
pub fn random_loop(rng: &mut Rng, rows: u32, cols: u32) -> Solution {
    let region = random_region(rng, rows, cols);
    boundary(rows, cols, &region)
}

/// The Slink puzzle of a loop: every cell clued with its number of lines.
pub fn clues_of(solution: &Solution) -> Puzzle {
    let (rows, cols) = (solution.rows(), solution.cols());
    let mut clues = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let n = [
                solution.horizontal_lines(r).at(c),
                solution.horizontal_lines(r + 1).at(c),
                solution.vertical_lines(r).at(c),
                solution.vertical_lines(r).at(c + 1),
            ]
            .iter()
            .filter(|&&l| l)
            .count();
            clues.push(Some(n as u8));
        }
    }
    Puzzle { rows, cols, clues }
}

/// Blanks each clue of `puzzle` with probability `percent`/100 (one draw a
/// cell, in order, so a seed gives the same puzzle every time).
pub fn blank(rng: &mut Rng, puzzle: &mut Puzzle, percent: u64) {
    for clue in puzzle.clues.iter_mut() {
        if rng.chance(percent) {
            *clue = None;
        }
    }
}

/// The puzzle text of `puzzles` in the input format, ended by `0 0`.
pub fn input_text(puzzles: &[Puzzle]) -> String {
    let mut text = String::new();
    for p in puzzles {
        text.push_str(&format!("{} {}\n", p.rows, p.cols));
        for r in 0..p.rows {
            let row: Vec<String> = (0..p.cols)
                .map(|c| match p.clues[(r * p.cols + c) as usize] {
                    Some(n) => n.to_string(),
                    None => ".".to_string(),
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
    }
    text.push_str("0 0\n");
    text
}

/// A random grid with grey cells, a maximal set of lights that do not see each
/// other, and every grey cell's number (or none) derived from them.
pub fn akari_planted(rng: &mut Rng, size: usize) -> slink::akari::puzzle::Puzzle {
    let mut squares = vec![slink::akari::puzzle::Square::Empty; size * size];
    let grey_share = rng.below(35);
    for s in squares.iter_mut() {
        if rng.chance(grey_share) {
            *s = slink::akari::puzzle::Square::Grey(None);
        }
    }
    let mut order: Vec<usize> = (0..size * size).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let n = size as i64;
    for &i in &order {
        if squares[i] != slink::akari::puzzle::Square::Empty {
            continue;
        }
        let (r, c) = (i as i64 / n, i as i64 % n);
        let sees_light = [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|&(dr, dc)| {
            let (mut y, mut x) = (r + dr, c + dc);
            while y >= 0 && x >= 0 && y < n && x < n {
                match squares[(y * n + x) as usize] {
                    slink::akari::puzzle::Square::Grey(_) => return false,
                    slink::akari::puzzle::Square::Light => return true,
                    slink::akari::puzzle::Square::Empty => {}
                }
                y += dr;
                x += dc;
            }
            false
        });
        if !sees_light {
            squares[i] = slink::akari::puzzle::Square::Light;
        }
    }
    let number_share = rng.below(101);
    for i in 0..squares.len() {
        if squares[i] == slink::akari::puzzle::Square::Grey(None) && rng.chance(number_share) {
            let (r, c) = (i as i64 / n, i as i64 % n);
            let lights = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .filter(|&&(dr, dc)| {
                    let (y, x) = (r + dr, c + dc);
                    y >= 0
                        && x >= 0
                        && y < n
                        && x < n
                        && squares[(y * n + x) as usize] == slink::akari::puzzle::Square::Light
                })
                .count();
            squares[i] = slink::akari::puzzle::Square::Grey(Some(lights as u8));
        }
    }
    slink::akari::puzzle::Puzzle {
        rows: size,
        cols: size,
        squares,
    }
}

/// A random Su-domino-ku answer: a random sudoku grid (a base grid under random
/// symmetries), then a tiling found by depth-first search over the cells in
/// row-major order, each the single of its digit or half of a domino with its
/// right or lower neighbour, every pair used once, choices in random order. A
/// grid whose tiling takes too long is dropped for another.
pub fn sudominoku_planted(rng: &mut Rng) -> slink::sudominoku::solve::Answer {
    loop {
        let grid = random_sudoku(rng);
        let mut t = Tiler {
            grid,
            covered: [false; 81],
            singles: [false; 10],
            pairs: [[false; 10]; 10],
            tiling: Vec::new(),
            budget: 20_000,
        };
        if t.fill(0, rng) {
            return slink::sudominoku::solve::Answer {
                grid,
                tiling: t.tiling,
            };
        }
    }
}

fn random_sudoku(rng: &mut Rng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    shuffle(rng, &mut digits);
    let order = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        shuffle(rng, &mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut inner = [0usize, 1, 2];
            shuffle(rng, &mut inner);
            out.extend(inner.iter().map(|i| b * 3 + i));
        }
        out
    };
    let (rows, cols) = (order(rng), order(rng));
    let transpose = rng.chance(50);
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (y, x) = (rows[r], cols[c]);
            let (y, x) = if transpose { (x, y) } else { (y, x) };
            // The base grid: row y is 1..9 shifted by 3(y mod 3) + y/3.
            grid[r * 9 + c] = digits[(y % 3 * 3 + y / 3 + x) % 9];
        }
    }
    grid
}

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

struct Tiler {
    grid: [u8; 81],
    covered: [bool; 81],
    singles: [bool; 10],
    pairs: [[bool; 10]; 10],
    tiling: Vec<slink::sudominoku::puzzle::Placed>,
    budget: u32,
}

impl Tiler {
    fn fill(&mut self, from: usize, rng: &mut Rng) -> bool {
        let Some(p) = (from..81).find(|&p| !self.covered[p]) else {
            return true;
        };
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let mut options = [0usize, 1, 2];
        shuffle(rng, &mut options);
        for option in options {
            let d = usize::from(self.grid[p]);
            if option == 0 {
                if self.singles[d] {
                    continue;
                }
                self.singles[d] = true;
                self.covered[p] = true;
                if self.fill(p + 1, rng) {
                    return true;
                }
                self.covered[p] = false;
                self.singles[d] = false;
                continue;
            }
            let q = if option == 1 { p + 1 } else { p + 9 };
            if (option == 1 && p % 9 == 8) || q >= 81 || self.covered[q] {
                continue;
            }
            let e = usize::from(self.grid[q]);
            let (lo, hi) = (d.min(e), d.max(e));
            if self.pairs[lo][hi] {
                continue;
            }
            self.pairs[lo][hi] = true;
            self.covered[p] = true;
            self.covered[q] = true;
            self.tiling.push(slink::sudominoku::puzzle::Placed {
                digits: [self.grid[p], self.grid[q]],
                cells: [p, q],
            });
            if self.fill(p + 1, rng) {
                return true;
            }
            self.tiling.pop();
            self.covered[p] = false;
            self.covered[q] = false;
            self.pairs[lo][hi] = false;
        }
        false
    }
}

/// The puzzle of a planted answer with `shown` of its dominoes revealed.
pub fn sudominoku_puzzle(
    rng: &mut Rng,
    answer: &slink::sudominoku::solve::Answer,
    shown: usize,
) -> slink::sudominoku::puzzle::Puzzle {
    let mut tiles = answer.tiling.clone();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, rng.below(i as u64 + 1) as usize);
    }
    tiles.truncate(shown);
    let mut singles = [0; 9];
    for (cell, &digit) in answer.grid.iter().enumerate() {
        let in_tile = answer.tiling.iter().any(|t| t.cells.contains(&cell));
        if !in_tile {
            singles[usize::from(digit) - 1] = cell;
        }
    }
    slink::sudominoku::puzzle::Puzzle {
        dominoes: tiles,
        singles,
    }
}

/// A file of the shared data beside the project (`../shared/NAME`), for the
/// tests that need it (all `#[ignore]`d, so that `cargo test` on a clone
/// alone passes; `cargo test -- --ignored` runs them). Without the data such
/// a test fails and says why: it never passes by checking nothing.
pub fn shared_file(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(name);
    match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => panic!(
            "this test needs the shared data beside the project: cannot read {}: {e}",
            path.display()
        ),
    }
}

/// Runs `binary`, with no arguments, in `dir` at a terminal (`script`, of
/// util-linux, gives it one): what it printed, the terminal's CRLF line ends
/// turned back to LF, and its exit status. `None`, said on stderr, where
/// `script` is missing: the caller then checks nothing.
pub fn at_a_terminal(binary: &str, dir: &std::path::Path) -> Option<(String, Option<i32>)> {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script` here: the terminal case is not checked");
        return None;
    }
    let out = Command::new("script")
        .args(["-qec", binary, "/dev/null"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("script runs");
    let printed = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    Some((printed, out.status.code()))
}

//! The 14 periodic grids Loopy plays on, built as Loopy builds them, so that
//! their dots, faces and edges come in Loopy's order (the facts are those of
//! `grid.c` in Debian's sgt-puzzles 20230122, one `grid_new_*` function a
//! grid): a row-major walk over `width × height` steps (x fastest), each step
//! naming its faces in a fixed order, some of them only away from the border.
//! A face is given by its corners' offsets from the step's reference point,
//! clockwise on screen, in the order Loopy names them.
//!
//! The lengths are Loopy's integer ones (15 and 26 stand for 1 and √3, 29 and
//! 41 for 1 and √2), so dots shared by two faces fall on equal points.

use crate::graph::{Builder, Point};

/// Names a face: corners at `offsets` from `(x, y)`.
fn face(b: &mut Builder, (x, y): Point, offsets: &[Point]) {
    let corners: Vec<Point> = offsets.iter().map(|&(dx, dy)| (x + dx, y + dy)).collect();
    b.face(&corners);
}

/// Every step of a `w × h` grid, row by row.
fn steps(w: i64, h: i64) -> impl Iterator<Item = (i64, i64)> {
    (0..h).flat_map(move |y| (0..w).map(move |x| (x, y)))
}

/// t0: squares of side 20.
pub(crate) fn square(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 20;
    for (x, y) in steps(w, h) {
        face(b, (A * x, A * y), &[(0, 0), (A, 0), (A, A), (0, A)]);
    }
}

/// t1, as Loopy makes it now (grid description `0`): rows of triangles
/// pointing up and down in turn, without the half-row's end triangles when
/// the number of rows is odd. Loopy names a down triangle's dots left, bottom,
/// right while its corners go left, right, bottom (clockwise).
pub(crate) fn triangular(b: &mut Builder, w: i64, h: i64) {
    const VX: i64 = 15;
    const VY: i64 = 26;
    let triangle = |b: &mut Builder, x0: i64, up: bool, top: i64, bottom: i64| {
        let (x1, x2) = (x0 + VX, x0 + 2 * VX);
        if up {
            face(b, (0, 0), &[(x0, bottom), (x1, top), (x2, bottom)]);
        } else {
            let left = b.dot((x0, top));
            let low = b.dot((x1, bottom));
            let right = b.dot((x2, top));
            b.face_of_dots(&[left, right, low]);
        }
    };
    for y in 0..h {
        let (top, bottom) = (y * VY, (y + 1) * VY);
        let even = y % 2 == 0;
        for x in 0..=w {
            if h % 2 == 1 && y == h - 1 && (x == 0 || x == w) {
                continue;
            }
            triangle(b, 2 * x * VX, even, top, bottom);
        }
        for x in 0..w {
            triangle(b, (2 * x + 1) * VX, !even, top, bottom);
        }
    }
}

/// t1 as older Loopy IDs (with no grid description) give it: all dots first,
/// row by row, odd rows shifted half a triangle; then two triangles a step.
pub(crate) fn triangular_old(b: &mut Builder, w: i64, h: i64) {
    const VX: i64 = 15;
    const VY: i64 = 26;
    let mut dots = Vec::new();
    for y in 0..=h {
        for x in 0..=w {
            let shift = if y % 2 == 1 { VX } else { 0 };
            dots.push(b.dot((2 * VX * x + shift, VY * y)));
        }
    }
    let at = |x: i64, y: i64| dots[(y * (w + 1) + x) as usize];
    for (x, y) in steps(w, h) {
        if y % 2 == 1 {
            b.face_of_dots(&[at(x, y), at(x + 1, y + 1), at(x, y + 1)]);
            b.face_of_dots(&[at(x, y), at(x + 1, y), at(x + 1, y + 1)]);
        } else {
            b.face_of_dots(&[at(x, y), at(x + 1, y), at(x, y + 1)]);
            b.face_of_dots(&[at(x + 1, y), at(x + 1, y + 1), at(x, y + 1)]);
        }
    }
}

/// t2: hexagons, odd columns half a hexagon lower.
pub(crate) fn honeycomb(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 15;
    const B: i64 = 26;
    for (x, y) in steps(w, h) {
        let centre = (3 * A * x, 2 * B * y + if x % 2 == 1 { B } else { 0 });
        face(b, centre, &hexagon(A, B));
    }
}

/// A flat-topped hexagon round its centre, from its top-left corner.
fn hexagon(a: i64, b: i64) -> [Point; 6] {
    [(-a, -b), (a, -b), (2 * a, 0), (a, b), (-a, b), (-2 * a, 0)]
}

/// t3: tilted squares, and triangles between them.
pub(crate) fn snub_square(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 15;
    const B: i64 = 26;
    for (x, y) in steps(w, h) {
        let p = ((A + B) * x, (A + B) * y);
        let odd = (x + y) % 2 == 1;
        if odd {
            face(b, p, &[(A, 0), (A + B, A), (B, A + B), (0, B)]);
        } else {
            face(b, p, &[(B, 0), (A + B, B), (A, A + B), (0, A)]);
        }
        if x > 0 {
            if odd {
                face(b, p, &[(A, 0), (0, B), (-A, 0)]);
            } else {
                face(b, p, &[(0, A), (A, A + B), (-A, A + B)]);
            }
        }
        if y > 0 {
            if odd {
                face(b, p, &[(A, 0), (A + B, -A), (A + B, A)]);
            } else {
                face(b, p, &[(0, -A), (B, 0), (0, A)]);
            }
        }
    }
}

/// t4: Cairo pentagons, one lying and one standing a step.
pub(crate) fn cairo(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 14;
    const B: i64 = 31;
    for (x, y) in steps(w, h) {
        let p = (2 * B * x, 2 * B * y);
        let odd = (x + y) % 2 == 1;
        if y > 0 {
            if odd {
                face(
                    b,
                    p,
                    &[(A, -B), (2 * B - A, -B), (2 * B, 0), (B, A), (0, 0)],
                );
            } else {
                face(b, p, &[(0, 0), (B, -A), (2 * B, 0), (2 * B - A, B), (A, B)]);
            }
        }
        if x > 0 {
            if odd {
                face(b, p, &[(0, 0), (B, A), (B, 2 * B - A), (0, 2 * B), (-A, B)]);
            } else {
                face(
                    b,
                    p,
                    &[(0, 0), (A, B), (0, 2 * B), (-B, 2 * B - A), (-B, A)],
                );
            }
        }
    }
}

/// t5: hexagons with squares and triangles between them.
pub(crate) fn great_hexagonal(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 15;
    const B: i64 = 26;
    for (x, y) in steps(w, h) {
        let odd_column = x % 2 == 1;
        let c = (
            (3 * A + B) * x,
            (2 * A + 2 * B) * y + if odd_column { A + B } else { 0 },
        );
        let (left, right, below) = (x > 0, x < w - 1, y < h - 1);
        face(b, c, &hexagon(A, B));
        if below {
            face(b, c, &[(-A, B), (A, B), (A, 2 * A + B), (-A, 2 * A + B)]);
        }
        if right && (!odd_column || below) {
            face(b, c, &[(2 * A, 0), (2 * A + B, A), (A + B, A + B), (A, B)]);
        }
        if left && (!odd_column || below) {
            face(
                b,
                c,
                &[(-2 * A, 0), (-A, B), (-A - B, A + B), (-2 * A - B, A)],
            );
        }
        if right && below {
            face(b, c, &[(A, B), (A + B, A + B), (A, 2 * A + B)]);
        }
        if left && below {
            face(b, c, &[(-A, B), (-A, 2 * A + B), (-A - B, A + B)]);
        }
    }
}

/// t6: octagons with diamonds between them.
pub(crate) fn octagonal(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 29;
    const B: i64 = 41;
    for (x, y) in steps(w, h) {
        let p = ((2 * A + B) * x, (2 * A + B) * y);
        let (a2b, ab) = (2 * A + B, A + B);
        face(
            b,
            p,
            &[
                (A, 0),
                (ab, 0),
                (a2b, A),
                (a2b, ab),
                (ab, a2b),
                (A, a2b),
                (0, ab),
                (0, A),
            ],
        );
        if x > 0 && y > 0 {
            face(b, p, &[(0, -A), (A, 0), (0, A), (-A, 0)]);
        }
    }
}

/// t7: kites, six round each step's centre, odd rows shifted half a step.
pub(crate) fn kites(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 15;
    const B: i64 = 26;
    for (x, y) in steps(w, h) {
        let p = (4 * B * x + if y % 2 == 1 { 2 * B } else { 0 }, 6 * A * y);
        let kites: [[Point; 3]; 6] = [
            [(2 * B, 0), (2 * B, 2 * A), (B, 3 * A)],
            [(B, 3 * A), (0, 4 * A), (-B, 3 * A)],
            [(-B, 3 * A), (-2 * B, 2 * A), (-2 * B, 0)],
            [(-2 * B, 0), (-2 * B, -2 * A), (-B, -3 * A)],
            [(-B, -3 * A), (0, -4 * A), (B, -3 * A)],
            [(B, -3 * A), (2 * B, -2 * A), (2 * B, 0)],
        ];
        for [k1, k2, k3] in kites {
            face(b, p, &[(0, 0), k1, k2, k3]);
        }
    }
}

/// t8: florets of six pentagons. Rows go up the screen, odd columns half a
/// step lower; an even column's floret is left out of the top row.
pub(crate) fn floret(b: &mut Builder, w: i64, h: i64) {
    // Loopy's vectors: P = (75, -26), Q = (60, 52), R = Q - P.
    let (p, q, r): (Point, Point, Point) = ((75, -26), (60, 52), (-15, 78));
    let at = |i: i64, u: Point, j: i64, v: Point| (i * u.0 + j * v.0, i * u.1 + j * v.1);
    for (x, y) in steps(w, h) {
        let odd_column = x % 2 == 1;
        if !odd_column && y > 0 && y == h - 1 {
            continue;
        }
        let c = (315 * x, -364 * y + if odd_column { 182 } else { 0 });
        // Each pentagon: the centre, then 2u, 2u + v, 2v + u, 2v for the pairs
        // (u, v) going round the centre (P's sign flips with R's).
        let pairs = [
            (1, r, 1, q),
            (1, q, 1, p),
            (1, p, -1, r),
            (-1, r, -1, q),
            (-1, q, -1, p),
            (-1, p, 1, r),
        ];
        for (i, u, j, v) in pairs {
            face(
                b,
                c,
                &[
                    (0, 0),
                    at(2 * i, u, 0, v),
                    at(2 * i, u, j, v),
                    at(i, u, 2 * j, v),
                    at(0, u, 2 * j, v),
                ],
            );
        }
    }
}

/// t14: hexagons with triangles between them (the trihexagonal tiling), odd
/// rows shifted half a step, with two more triangles at an odd row's start.
pub(crate) fn kagome(b: &mut Builder, w: i64, h: i64) {
    const A: i64 = 15;
    const B: i64 = 26;
    for (x, y) in steps(w, h) {
        let odd_row = y % 2 == 1;
        let c = (4 * A * x + if odd_row { 2 * A } else { 0 }, 2 * B * y);
        face(
            b,
            c,
            &[(A, -B), (2 * A, 0), (A, B), (-A, B), (-2 * A, 0), (-A, -B)],
        );
        if x < w - 1 || (!odd_row && y > 0) {
            face(b, c, &[(3 * A, -B), (2 * A, 0), (A, -B)]);
        }
        if x < w - 1 || (!odd_row && y < h - 1) {
            face(b, c, &[(3 * A, B), (A, B), (2 * A, 0)]);
        }
        if x == 0 && odd_row {
            face(b, c, &[(-A, -B), (-2 * A, 0), (-3 * A, -B)]);
            if y < h - 1 {
                face(b, c, &[(-A, B), (-3 * A, B), (-2 * A, 0)]);
            }
        }
    }
}

/// The lengths of the dodecagon family (t9, t10, t13, t15).
const DA: i64 = 15;
const DB: i64 = 26;

/// The dodecagon round its centre, from the right end of its top side.
fn dodecagon() -> [Point; 12] {
    let (a, b) = (DA, DB);
    [
        (a, -(2 * a + b)),
        (a + b, -(a + b)),
        (2 * a + b, -a),
        (2 * a + b, a),
        (a + b, a + b),
        (a, 2 * a + b),
        (-a, 2 * a + b),
        (-(a + b), a + b),
        (-(2 * a + b), a),
        (-(2 * a + b), -a),
        (-(a + b), -(a + b)),
        (-a, -(2 * a + b)),
    ]
}

/// Where a dodecagon-family step stands next to the border: `right` when a
/// step follows in its row; `on_right` / `on_left` when the faces between
/// rows are made on that side (odd rows are shifted right, so the last step
/// of an even row and the first of an odd row still have them).
struct Sides {
    right: bool,
    on_right: bool,
    on_left: bool,
}

fn sides(x: i64, y: i64, w: i64) -> Sides {
    let odd_row = y % 2 == 1;
    Sides {
        right: x < w - 1,
        on_right: x < w - 1 || !odd_row,
        on_left: x > 0 || odd_row,
    }
}

/// t9: dodecagons with triangles between the rows.
pub(crate) fn dodecagonal(b: &mut Builder, w: i64, h: i64) {
    let (a, bb) = (DA, DB);
    for (x, y) in steps(w, h) {
        let c = (
            (4 * a + 2 * bb) * x + if y % 2 == 1 { 2 * a + bb } else { 0 },
            (3 * a + 2 * bb) * y,
        );
        let s = sides(x, y, w);
        let between = s.on_right && s.on_left;
        face(b, c, &dodecagon());
        if y < h - 1 && between {
            face(
                b,
                c,
                &[(a, 2 * a + bb), (0, 2 * a + 2 * bb), (-a, 2 * a + bb)],
            );
        }
        if y > 0 && between {
            face(
                b,
                c,
                &[
                    (-a, -(2 * a + bb)),
                    (0, -(2 * a + 2 * bb)),
                    (a, -(2 * a + bb)),
                ],
            );
        }
    }
}

/// t10: dodecagons with hexagons and squares between them.
pub(crate) fn great_dodecagonal(b: &mut Builder, w: i64, h: i64) {
    let (a, bb) = (DA, DB);
    for (x, y) in steps(w, h) {
        let c = (
            (6 * a + 2 * bb) * x + if y % 2 == 1 { 3 * a + bb } else { 0 },
            (3 * a + 3 * bb) * y,
        );
        let s = sides(x, y, w);
        let between = s.on_right && s.on_left;
        face(b, c, &dodecagon());
        if y < h - 1 && between {
            face(
                b,
                c,
                &[
                    (a, 2 * a + bb),
                    (2 * a, 2 * a + 2 * bb),
                    (a, 2 * a + 3 * bb),
                    (-a, 2 * a + 3 * bb),
                    (-2 * a, 2 * a + 2 * bb),
                    (-a, 2 * a + bb),
                ],
            );
        }
        if y > 0 && between {
            face(
                b,
                c,
                &[
                    (-a, -(2 * a + bb)),
                    (-2 * a, -(2 * a + 2 * bb)),
                    (-a, -(2 * a + 3 * bb)),
                    (a, -(2 * a + 3 * bb)),
                    (2 * a, -(2 * a + 2 * bb)),
                    (a, -(2 * a + bb)),
                ],
            );
        }
        if s.right {
            face(
                b,
                c,
                &[
                    (2 * a + bb, -a),
                    (4 * a + bb, -a),
                    (4 * a + bb, a),
                    (2 * a + bb, a),
                ],
            );
        }
        if y > 0 && s.on_right {
            face(
                b,
                c,
                &[
                    (a, -(2 * a + bb)),
                    (2 * a, -(2 * a + 2 * bb)),
                    (2 * a + bb, -(a + 2 * bb)),
                    (a + bb, -(a + bb)),
                ],
            );
        }
        if y > 0 && s.on_left {
            face(
                b,
                c,
                &[
                    (-(a + bb), -(a + bb)),
                    (-(2 * a + bb), -(a + 2 * bb)),
                    (-2 * a, -(2 * a + 2 * bb)),
                    (-a, -(2 * a + bb)),
                ],
            );
        }
    }
}

/// t13: dodecagons with hexagons, squares and triangles between them.
pub(crate) fn great_great_dodecagonal(b: &mut Builder, w: i64, h: i64) {
    let (a, bb) = (DA, DB);
    for (x, y) in steps(w, h) {
        let c = (
            (4 * a + 4 * bb) * x + if y % 2 == 1 { 2 * a + 2 * bb } else { 0 },
            (6 * a + 2 * bb) * y,
        );
        let s = sides(x, y, w);
        let (above, below, left) = (y > 0, y < h - 1, x > 0);
        face(b, c, &dodecagon());
        if above && s.on_right {
            face(
                b,
                c,
                &[
                    (a + 2 * bb, -(4 * a + bb)),
                    (a + 2 * bb, -(2 * a + bb)),
                    (a + bb, -(a + bb)),
                    (a, -(2 * a + bb)),
                    (a, -(4 * a + bb)),
                    (a + bb, -(5 * a + bb)),
                ],
            );
        }
        if s.right {
            face(
                b,
                c,
                &[
                    (2 * a + 3 * bb, -a),
                    (2 * a + 3 * bb, a),
                    (2 * a + 2 * bb, 2 * a),
                    (2 * a + bb, a),
                    (2 * a + bb, -a),
                    (2 * a + 2 * bb, -2 * a),
                ],
            );
        }
        if below && s.on_right {
            face(
                b,
                c,
                &[
                    (a + 2 * bb, 2 * a + bb),
                    (a + 2 * bb, 4 * a + bb),
                    (a + bb, 5 * a + bb),
                    (a, 4 * a + bb),
                    (a, 2 * a + bb),
                    (a + bb, a + bb),
                ],
            );
        }
        if above && s.right {
            face(
                b,
                c,
                &[
                    (a + 2 * bb, -(2 * a + bb)),
                    (2 * a + 2 * bb, -2 * a),
                    (2 * a + bb, -a),
                    (a + bb, -(a + bb)),
                ],
            );
        }
        if below && s.right {
            face(
                b,
                c,
                &[
                    (2 * a + 2 * bb, 2 * a),
                    (a + 2 * bb, 2 * a + bb),
                    (a + bb, a + bb),
                    (2 * a + bb, a),
                ],
            );
        }
        if below && s.on_right && s.on_left {
            face(
                b,
                c,
                &[
                    (a, 2 * a + bb),
                    (a, 4 * a + bb),
                    (-a, 4 * a + bb),
                    (-a, 2 * a + bb),
                ],
            );
        }
        if left && below {
            face(
                b,
                c,
                &[
                    (-(2 * a + bb), a),
                    (-(a + bb), a + bb),
                    (-(a + 2 * bb), 2 * a + bb),
                    (-(2 * a + 2 * bb), 2 * a),
                ],
            );
        }
        if left && above {
            face(
                b,
                c,
                &[
                    (-(a + bb), -(a + bb)),
                    (-(2 * a + bb), -a),
                    (-(2 * a + 2 * bb), -2 * a),
                    (-(a + 2 * bb), -(2 * a + bb)),
                ],
            );
        }
        if above && s.on_right && s.on_left {
            face(
                b,
                c,
                &[
                    (a, -(4 * a + bb)),
                    (a, -(2 * a + bb)),
                    (-a, -(2 * a + bb)),
                    (-a, -(4 * a + bb)),
                ],
            );
        }
        if above && s.right {
            face(
                b,
                c,
                &[
                    (3 * a + 2 * bb, -(2 * a + bb)),
                    (2 * a + 2 * bb, -2 * a),
                    (a + 2 * bb, -(2 * a + bb)),
                ],
            );
        }
        if below && s.right {
            face(
                b,
                c,
                &[
                    (3 * a + 2 * bb, 2 * a + bb),
                    (a + 2 * bb, 2 * a + bb),
                    (2 * a + 2 * bb, 2 * a),
                ],
            );
        }
    }
}

/// t15: dodecagons in a square array, with a square and four triangles in
/// each gap.
pub(crate) fn compass_dodecagonal(b: &mut Builder, w: i64, h: i64) {
    let (a, bb) = (DA, DB);
    for (x, y) in steps(w, h) {
        let c = ((4 * a + 2 * bb) * x, (4 * a + 2 * bb) * y);
        face(b, c, &dodecagon());
        if x < w - 1 && y < h - 1 {
            let (near, far) = (a + bb, 3 * a + bb);
            face(b, c, &[(2 * a + bb, a), (far, near), (near, near)]);
            face(
                b,
                c,
                &[(3 * a + 2 * bb, 2 * a + bb), (far, far), (far, near)],
            );
            face(
                b,
                c,
                &[(far, far), (2 * a + bb, 3 * a + 2 * bb), (near, far)],
            );
            face(b, c, &[(near, near), (near, far), (a, 2 * a + bb)]);
            face(b, c, &[(far, near), (far, far), (near, far), (near, near)]);
        }
    }
}

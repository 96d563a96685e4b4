//! Loopy's two Penrose grids (t11 kites and darts, t12 rhombs), built as
//! Debian's sgt-puzzles 20230122 builds them (`penrose.c` and `grid.c`'s
//! `grid_new_penrose`): a tiling grown by subdividing half-tiles to a fixed
//! depth round the origin, turned by the ID's angle, cut to a window of
//! `100·width × 100·height` centred at the ID's offset, and trimmed to the
//! largest patch whose inner dots hold together.
//!
//! Points are exact: four integers on the unit vectors at 0°, 36°, 72° and
//! 108°. Only a corner's place on screen is rounded, with Loopy's constants
//! and its rounding (half away from zero), so that the dots, and which tiles
//! the window keeps, are Loopy's own.

use crate::graph::{Builder, Dot, Graph, Point};

/// Which Penrose tiling.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tiling {
    /// P2: kites and darts (Loopy's t11).
    KitesAndDarts,
    /// P3: thick and thin rhombs (Loopy's t12).
    Rhombs,
}

/// Where the window sits: Loopy's grid description `G<x>,<y>,<angle>`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Patch {
    /// The window's centre, in the tiling's units.
    pub(crate) x: i64,
    /// The window's centre, y down.
    pub(crate) y: i64,
    /// The tiling's turn in degrees, a multiple of 36 below 360.
    pub(crate) angle: i64,
}

/// A point as four integers on the unit vectors at 0°, 36°, 72° and 108°.
type Exact = [i64; 4];

fn add(u: Exact, v: Exact) -> Exact {
    [u[0] + v[0], u[1] + v[1], u[2] + v[2], u[3] + v[3]]
}

/// A tenth of a turn.
fn turn36([a, b, c, d]: Exact) -> Exact {
    [-d, d + a, -d + b, d + c]
}

/// Turned by `degrees` (a multiple of 36), as Loopy does it: by ten tenths
/// of a turn less the angle's.
fn turn(v: Exact, degrees: i64) -> Exact {
    debug_assert_eq!(degrees % 36, 0);
    let tenths = (360 - degrees.rem_euclid(360)) / 36;
    (0..tenths).fold(v, |v, _| turn36(v))
}

/// Times the golden ratio.
fn grow([a, b, c, d]: Exact) -> Exact {
    [a + b - d, c + d, a + b, c + d - a]
}

/// Over the golden ratio.
fn shrink([a, b, c, d]: Exact) -> Exact {
    [b - d, c + d - b, a + b - c, c - a]
}

/// Loopy's rounding: half away from zero.
fn rounded(r: f64) -> i64 {
    if r > 0.0 {
        (r + 0.5).floor() as i64
    } else {
        (r - 0.5).ceil() as i64
    }
}

/// Where an exact point falls on screen (with Loopy's seven-digit cosines).
fn exact_on_screen([a, b, c, d]: Exact) -> (f64, f64) {
    let x = (a + d) as f64 * 0.5877852 + (b + c) as f64 * 0.9510565;
    let y = (a - d) as f64 * 0.8090169 + (b - c) as f64 * 0.3090169;
    (x, y)
}

/// Where an exact point falls on screen, rounded as Loopy rounds it.
fn on_screen(point: Exact) -> Point {
    let (x, y) = exact_on_screen(point);
    (rounded(x), rounded(y))
}

/// The tile size a tiling starts from.
fn tile_size(tiling: Tiling) -> i64 {
    match tiling {
        Tiling::KitesAndDarts => 100 * 3 / 2,
        Tiling::Rhombs => 100 * 5 / 4,
    }
}

/// The radius the tiling must cover for a `w × h` window anywhere it may sit.
fn radius(tiling: Tiling, w: i64, h: i64) -> f64 {
    tile_size(tiling) as f64 * 3.11 * ((w * w + h * h) as f64).sqrt()
}

/// How far from the origin a window's centre may be: the tiling's radius
/// less the window's diagonal (Loopy rounds it down to an integer).
pub(crate) fn inner_radius(tiling: Tiling, w: i64, h: i64) -> i64 {
    (radius(tiling, w, h) - ((w * w + h * h) as f64).sqrt()) as i64
}

/// Why a patch is refused, in Loopy's words, or `None` if the window lies
/// within the tiling.
pub(crate) fn patch_error(tiling: Tiling, w: i64, h: i64, patch: Patch) -> Option<&'static str> {
    let inner = inner_radius(tiling, w, h);
    if ((patch.x * patch.x + patch.y * patch.y) as f64).sqrt() > inner as f64 {
        return Some("patch offset out of bounds");
    }
    if patch.angle % 36 != 0 || !(0..360).contains(&patch.angle) {
        return Some("angle offset out of bounds");
    }
    None
}

/// The Penrose grid of a `w × h` window at `patch`, or `None` when the window
/// holds no usable patch (Loopy refuses such an ID).
pub(crate) fn build(tiling: Tiling, w: i64, h: i64, patch: Patch) -> Option<Graph> {
    build_pruned(tiling, w, h, patch, true)
}

/// [`build`], skipping (when `pruned`) every half-tile whose subdivisions
/// cannot reach the window. Loopy subdivides the whole disc; a half-tile's
/// subdivisions lie within it, and the whole tiles they name reach past it
/// by less than its side, so a half-tile whose corners, widened by its side,
/// miss the window names no face. The same faces come in the same order
/// (a test holds the two to each other).
fn build_pruned(tiling: Tiling, w: i64, h: i64, patch: Patch, pruned: bool) -> Option<Graph> {
    let wanted = radius(tiling, w, h);
    let mut size = tile_size(tiling) as f64;
    let mut depth = 0;
    while size * 0.22426 < wanted {
        depth += 1;
        size *= 1.6180339887;
    }
    let s = size as i64;
    let mut tiles = Tiles {
        depth,
        window: (
            (patch.x - 100 * w / 2, patch.x + 100 * w / 2),
            (patch.y - 100 * h / 2, patch.y + 100 * h / 2),
        ),
        builder: Builder::new(),
        pruned,
    };
    let origin = turn(shrink(shrink([0, -s, -s, 0])), patch.angle);
    let side = turn([0, s, 0, 0], patch.angle);
    match tiling {
        Tiling::KitesAndDarts => tiles.kite(0, 1, origin, side),
        Tiling::Rhombs => tiles.thin(0, 1, origin, side),
    }
    if tiles.builder.face_count() == 0 {
        return None;
    }
    let (points, starts, corners) = tiles.builder.into_parts();
    trimmed(points, starts, corners)
}

/// The half-tiles being subdivided, and the faces kept so far.
struct Tiles {
    depth: u32,
    window: ((i64, i64), (i64, i64)),
    builder: Builder,
    pruned: bool,
}

impl Tiles {
    /// Whether a half-tile at `o` with side `e`, and all it subdivides into,
    /// lies away from the window (see [`build_pruned`]).
    fn far(&self, o: Exact, e: Exact) -> bool {
        if !self.pruned {
            return false;
        }
        let corners = [
            o,
            add(o, turn(e, -36)),
            add(o, grow(e)),
            add(o, turn(e, 36)),
        ];
        let (ex, ey) = exact_on_screen(e);
        let reach = (ex * ex + ey * ey).sqrt() + 2.0;
        let ((x0, x1), (y0, y1)) = self.window;
        let points = corners.map(exact_on_screen);
        let left = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - reach;
        let right = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + reach;
        let top = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - reach;
        let bottom = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + reach;
        right < x0 as f64 || left > x1 as f64 || bottom < y0 as f64 || top > y1 as f64
    }

    /// A tile at full depth becomes a face when its corners all fall in the
    /// window.
    fn emit(&mut self, depth: u32, corners: [Exact; 4]) {
        if depth < self.depth {
            return;
        }
        let ((x0, x1), (y0, y1)) = self.window;
        let points = corners.map(on_screen);
        if points
            .iter()
            .all(|&(x, y)| x0 <= x && x <= x1 && y0 <= y && y <= y1)
        {
            self.builder.face(&points);
        }
    }

    /// Half a kite (P2's large half-tile); only the `flip > 0` half names the
    /// whole tile.
    fn kite(&mut self, depth: u32, flip: i64, o: Exact, e: Exact) {
        if self.far(o, e) {
            return;
        }
        if flip > 0 {
            self.emit(
                depth,
                [o, add(o, turn(e, -36)), add(o, e), add(o, turn(e, 36))],
            );
        }
        if depth >= self.depth {
            return;
        }
        let o2 = add(o, turn(e, -36 * flip));
        let e2 = shrink(turn(e, 108 * flip));
        self.dart(depth + 1, flip, o, shrink(e));
        self.kite(depth + 1, flip, o2, e2);
        self.kite(depth + 1, -flip, o2, e2);
    }

    /// Half a dart (P2's small half-tile).
    fn dart(&mut self, depth: u32, flip: i64, o: Exact, e: Exact) {
        if self.far(o, e) {
            return;
        }
        if flip > 0 {
            let corners = [
                o,
                add(o, turn(e, -72)),
                add(o, turn(shrink(e), -36)),
                add(o, e),
            ];
            self.emit(depth, corners);
        }
        if depth >= self.depth {
            return;
        }
        self.kite(depth + 1, -flip, o, shrink(turn(e, -36 * flip)));
        self.dart(depth + 1, flip, add(o, e), shrink(turn(e, -144 * flip)));
    }

    /// Half a thick rhomb (P3's large half-tile).
    fn thick(&mut self, depth: u32, flip: i64, o: Exact, e: Exact) {
        if self.far(o, e) {
            return;
        }
        if flip > 0 {
            self.emit(
                depth,
                [
                    o,
                    add(o, turn(e, -36)),
                    add(o, grow(e)),
                    add(o, turn(e, 36)),
                ],
            );
        }
        if depth >= self.depth {
            return;
        }
        let o2 = add(o, e);
        self.thick(depth + 1, -flip, o2, shrink(turn(e, 180)));
        self.thin(depth + 1, flip, o2, shrink(turn(e, -108 * flip)));
        self.thick(
            depth + 1,
            flip,
            add(o, grow(e)),
            shrink(turn(e, -144 * flip)),
        );
    }

    /// Half a thin rhomb (P3's small half-tile).
    fn thin(&mut self, depth: u32, flip: i64, o: Exact, e: Exact) {
        if self.far(o, e) {
            return;
        }
        if flip > 0 {
            let tip = add(o, e);
            self.emit(
                depth,
                [o, add(o, turn(e, -36)), add(tip, turn(e, -36)), tip],
            );
        }
        if depth >= self.depth {
            return;
        }
        let o2 = add(o, e);
        self.thick(depth + 1, -flip, o2, shrink(turn(e, 180)));
        self.thin(depth + 1, flip, o2, shrink(turn(e, -108 * flip)));
    }
}

/// The faces Loopy keeps of a cut patch: a dot is inland when every side at
/// it has a face on both sides; inland dots joined by an edge are one piece;
/// the largest piece (the first of the largest, by its lowest dot) keeps every
/// face that touches it, and the rest goes, the order of what stays kept.
fn trimmed(points: Vec<Point>, starts: Vec<u32>, corners: Vec<Dot>) -> Option<Graph> {
    use std::collections::HashSet;
    let faces =
        || (0..starts.len() - 1).map(|f| &corners[starts[f] as usize..starts[f + 1] as usize]);
    // Each face's sides as ordered pairs of dots.
    let mut named: HashSet<(u32, u32)> = HashSet::new();
    for face in faces() {
        for k in 0..face.len() {
            named.insert((face[(k + face.len() - 1) % face.len()].0, face[k].0));
        }
    }
    let n = points.len();
    let mut shore = vec![false; n];
    for &(a, b) in &named {
        if !named.contains(&(b, a)) {
            shore[a as usize] = true;
            shore[b as usize] = true;
        }
    }
    let inland = |d: u32| !shore[d as usize];
    // Pieces: each named by its lowest dot.
    let mut parent: Vec<u32> = (0..n as u32).collect();
    fn root(parent: &[u32], mut d: u32) -> u32 {
        while parent[d as usize] != d {
            d = parent[d as usize];
        }
        d
    }
    for &(a, b) in &named {
        if inland(a) && inland(b) {
            let (ra, rb) = (root(&parent, a), root(&parent, b));
            parent[ra.max(rb) as usize] = ra.min(rb);
        }
    }
    let mut size = vec![0u32; n];
    for d in 0..n as u32 {
        if inland(d) {
            size[root(&parent, d) as usize] += 1;
        }
    }
    let mut best: Option<u32> = None;
    for d in 0..n as u32 {
        if inland(d)
            && root(&parent, d) == d
            && best.map_or(true, |b| size[d as usize] > size[b as usize])
        {
            best = Some(d);
        }
    }
    let best = best?;
    let mut new_dot: Vec<Option<Dot>> = vec![None; n];
    let kept: Vec<&[Dot]> = faces()
        .filter(|face| {
            face.iter()
                .any(|d| inland(d.0) && root(&parent, d.0) == best)
        })
        .collect();
    for face in &kept {
        for d in face.iter() {
            new_dot[d.0 as usize] = Some(Dot(0));
        }
    }
    let mut kept_points = Vec::new();
    for (d, slot) in new_dot.iter_mut().enumerate() {
        if slot.is_some() {
            *slot = Some(Dot(kept_points.len() as u32));
            kept_points.push(points[d]);
        }
    }
    let mut kept_starts = vec![0u32];
    let mut kept_corners = Vec::new();
    for face in kept {
        kept_corners.extend(face.iter().filter_map(|d| new_dot[d.0 as usize]));
        kept_starts.push(kept_corners.len() as u32);
    }
    Some(Graph::from_corners(kept_points, kept_starts, kept_corners))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::restarts::SplitMix;

    /// What a graph is: its dots and faces, in order.
    fn shape(g: &Graph) -> (Vec<Point>, Vec<Vec<Dot>>) {
        let dots = g.dots().map(|d| g.point(d)).collect();
        let faces = g.faces().map(|f| g.corners(f).to_vec()).collect();
        (dots, faces)
    }

    /// Skipping the half-tiles away from the window changes nothing: on
    /// random windows of both tilings, the same dots and faces in the same
    /// order, or no grid either way.
    #[test]
    fn pruning_keeps_every_face_in_order() {
        let mut rng = SplitMix(11);
        let mut built = 0;
        for round in 0..60 {
            let tiling = if round % 2 == 0 {
                Tiling::KitesAndDarts
            } else {
                Tiling::Rhombs
            };
            let (w, h) = (3 + rng.below(6) as i64, 3 + rng.below(6) as i64);
            let inner = inner_radius(tiling, w, h);
            let patch = Patch {
                x: rng.below(2 * inner as u64) as i64 - inner,
                y: rng.below(2 * inner as u64) as i64 - inner,
                angle: 36 * rng.below(10) as i64,
            };
            let fast = build_pruned(tiling, w, h, patch, true).map(|g| shape(&g));
            let whole = build_pruned(tiling, w, h, patch, false).map(|g| shape(&g));
            assert_eq!(fast, whole, "{tiling:?} {w}x{h} {patch:?}");
            built += usize::from(fast.is_some());
        }
        assert!(built > 40, "{built} grids built");
    }
}

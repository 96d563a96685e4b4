#!/usr/bin/env python3
"""A CP-SAT model of Slitherlink, to measure `slink` against: a tool of the
scripts only (the crate never depends on it). Needs Google's OR-Tools:

    pip install ortools

Usage:

    scripts/cpsat_slink.py [--max-seconds S] [--workers N] [FILE]

reads puzzles in the contest format (`r c`, then r rows of c clues, `.`, `-`
or `?` blank, repeated, `0 0` or the end of the file ends them; the format of
docs/formats.md's "Input") from FILE or standard input, and prints
`K unique|multiple|none|undecided` for each, as `slink --check` does.

The model: one boolean an edge; each clue the sum of its cell's four edges;
each dot 0 or 2 lines (a boolean "on the loop" a dot, the sum twice it);
at least one line; and a single loop through CP-SAT's circuit constraint
over the dots: each edge is two arcs, one a direction, whose sum is the
edge; a dot off the loop takes its self-loop arc, which the circuit
constraint lets skip a node. The verdict: solve; no answer is `none`; else
forbid that answer's edges (a clause: some edge differs) and solve again:
no answer is `unique`, one is `multiple`. Either solve that runs out of the
time left is `undecided`. --max-seconds bounds each puzzle (both solves),
wall clock as CP-SAT counts it; --workers is CP-SAT's number of search
workers (default 1, so its CPU time is comparable to one-threaded `slink`).
"""

import sys
import time

try:
    from ortools.sat.python import cp_model
except ImportError:
    sys.stderr.write("cpsat_slink: needs OR-Tools: pip install ortools\n")
    sys.exit(3)


def read_puzzles(text):
    """The puzzles of `text`: a list of (rows, cols, clues), clues a list of
    rows of int or None. Raises ValueError, naming the token, on bad input."""
    tokens = text.split()
    at = 0
    puzzles = []

    def take(what):
        nonlocal at
        if at >= len(tokens):
            raise ValueError("input ends where %s was expected" % what)
        at += 1
        return tokens[at - 1]

    while at < len(tokens):
        rows, cols = int(take("rows")), int(take("columns"))
        if rows == 0 and cols == 0:
            break
        if rows <= 0 or cols <= 0:
            raise ValueError("size %d %d" % (rows, cols))
        clues = []
        for _ in range(rows):
            row = []
            for _ in range(cols):
                t = take("a clue")
                if t in (".", "-", "?"):
                    row.append(None)
                elif t in ("0", "1", "2", "3", "4"):
                    row.append(int(t))
                else:
                    raise ValueError("clue %r" % t)
            clues.append(row)
        puzzles.append((rows, cols, clues))
    return puzzles


def verdict(rows, cols, clues, seconds, workers):
    """`unique`, `multiple`, `none` or `undecided` within `seconds`."""
    deadline = time.monotonic() + seconds
    m = cp_model.CpModel()
    # h[y][x]: the edge from dot (y, x) to (y, x + 1); v[y][x]: from (y, x)
    # to (y + 1, x).
    h = [[m.NewBoolVar("h%d_%d" % (y, x)) for x in range(cols)] for y in range(rows + 1)]
    v = [[m.NewBoolVar("v%d_%d" % (y, x)) for x in range(cols + 1)] for y in range(rows)]
    edges = [e for row in h for e in row] + [e for row in v for e in row]

    for y in range(rows):
        for x in range(cols):
            if clues[y][x] is not None:
                m.Add(h[y][x] + h[y + 1][x] + v[y][x] + v[y][x + 1] == clues[y][x])

    def dot(y, x):
        return y * (cols + 1) + x

    arcs = []
    for y in range(rows + 1):
        for x in range(cols + 1):
            around = []
            if x > 0:
                around.append(h[y][x - 1])
            if x < cols:
                around.append(h[y][x])
            if y > 0:
                around.append(v[y - 1][x])
            if y < rows:
                around.append(v[y][x])
            on = m.NewBoolVar("on%d_%d" % (y, x))
            m.Add(sum(around) == 2 * on)
            arcs.append((dot(y, x), dot(y, x), on.Not()))

    def both_ways(edge, a, b):
        forth = m.NewBoolVar("")
        back = m.NewBoolVar("")
        m.Add(forth + back == edge)
        arcs.append((a, b, forth))
        arcs.append((b, a, back))

    for y in range(rows + 1):
        for x in range(cols):
            both_ways(h[y][x], dot(y, x), dot(y, x + 1))
    for y in range(rows):
        for x in range(cols + 1):
            both_ways(v[y][x], dot(y, x), dot(y + 1, x))
    m.AddCircuit(arcs)
    # The circuit constraint accepts every node skipped; a puzzle's answer is
    # one loop, so some edge is a line.
    m.AddBoolOr(edges)

    def solve():
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        s = cp_model.CpSolver()
        s.parameters.max_time_in_seconds = left
        s.parameters.num_workers = workers
        status = s.Solve(m)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return [s.BooleanValue(e) for e in edges]
        if status == cp_model.INFEASIBLE:
            return False
        return None

    first = solve()
    if first is None:
        return "undecided"
    if first is False:
        return "none"
    m.AddBoolOr([e.Not() if on else e for e, on in zip(edges, first)])
    second = solve()
    if second is None:
        return "undecided"
    return "unique" if second is False else "multiple"


def main(argv):
    seconds = 1e9
    workers = 1
    path = None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("--max-seconds", "--workers") and args:
            value = args.pop(0)
            try:
                if a == "--max-seconds":
                    seconds = float(value)
                else:
                    workers = int(value)
            except ValueError:
                sys.stderr.write("cpsat_slink: %s takes a number, not %r\n" % (a, value))
                return 2
        elif a.startswith("-") and a != "-":
            sys.stderr.write(__doc__.split("Usage:")[1].split("\n\n")[1] + "\n")
            return 2
        elif path is None:
            path = a
        else:
            sys.stderr.write("cpsat_slink: one file at most\n")
            return 2
    text = sys.stdin.read() if path in (None, "-") else open(path).read()
    try:
        puzzles = read_puzzles(text)
    except ValueError as e:
        sys.stderr.write("cpsat_slink: %s\n" % e)
        return 2
    for k, (rows, cols, clues) in enumerate(puzzles, 1):
        print("%d %s" % (k, verdict(rows, cols, clues, seconds, workers)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/bin/sh
# Makes samples/loopy/fixtures.txt: puzzles Loopy generated on each of its 16
# grids at each of its four levels, with Loopy's own answers. Needs
# sgt-loopy (Debian: `apt-get install sgt-puzzles`, at /usr/games/sgt-loopy).
# Each line: the `--generate` argument (size, type, level, seed), the game
# ID, and the SOLVE move of Loopy's saved game (`S`, then every edge's
# number with `y` on the loop or `n` off it).
set -eu
loopy=${SGT_LOOPY:-/usr/games/sgt-loopy}
out=${1:-samples/loopy/fixtures.txt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
    version=$(dpkg-query -W -f '${Version}' sgt-puzzles 2>/dev/null || echo unknown)
    echo "# Made by scripts/loopy-fixtures.sh with sgt-loopy of Debian's sgt-puzzles $version"
    echo "# (sgt-loopy --generate 1 --save F --with-solutions ARG): ARG, game ID, Loopy's answer."
    for size in 7x7:slink1 7x7:slink2 10x10:slink1; do
        for t in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
            for d in e n t h; do
                arg="${size%%:*}t${t}d${d}#${size##*:}"
                rm -f "$work"/*.sav
                "$loopy" --generate 1 --save "$work/p" --save-suffix .sav --with-solutions "$arg"
                field() { sed -n "s/^$1 *:[0-9]*://p" "$work"/p0.sav; }
                # The ID as `--generate` prints it: the size and type, without the level.
                params=$(field PARAMS | sed 's/d[a-z]$//')
                echo "$arg $params:$(field DESC) $(field SOLVE)"
            done
        done
    done
} >"$out.tmp"
mv "$out.tmp" "$out"

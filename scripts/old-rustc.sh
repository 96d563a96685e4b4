#!/usr/bin/env bash
# Proves the judge files' compiler floor, Rust 1.56 with edition 2021 (SPOJ's
# compiler), as far as this machine can:
#   1. builds the judge files of slink, sudominoku and akari (examples/bundle/;
#      the bundler itself refuses inline format arguments, Rust 1.58);
#   2. runs clippy's incompatible_msrv lint at msrv 1.56 over each file, which
#      flags any library item stabilised after 1.56;
#   3. compiles each with Rust 1.56.1 itself (`rustup toolchain install 1.56.1
#      --profile minimal`), or, where rustup cannot fetch it, with the oldest
#      rustc Debian offers, 1.63 (bookworm), fetched with `apt-get download` and
#      unpacked with `dpkg -x` under target/, not installed; and runs the slink
#      and sudominoku files on the official data, the akari file on the
#      statement's examples.
# When neither compiler can be fetched, step 3 says so and is skipped;
# anything else that fails fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/judge-files
old=target/old-rustc
mkdir -p "$out"

for bin in slink sudominoku akari; do
    cargo run --quiet --release --example bundle -- "$bin" "$out/$bin.rs"
done

# Step 2: the msrv lint. The inner attribute `#![clippy::msrv]` is unstable, so
# the msrv comes from a clippy.toml in a folder named by CLIPPY_CONF_DIR.
mkdir -p "$out/clippy"
printf 'msrv = "1.56"\n' > "$out/clippy/clippy.toml"
clippy_driver="$(rustc --print sysroot)/bin/clippy-driver"
for bin in slink sudominoku akari; do
    CLIPPY_CONF_DIR="$PWD/$out/clippy" "$clippy_driver" --edition 2021 \
        -A clippy::all -D clippy::incompatible_msrv \
        --emit=metadata -o "$out/clippy/$bin.rmeta" "$out/$bin.rs"
    echo "old-rustc: $bin: no library item newer than Rust 1.56 (clippy incompatible_msrv)"
done

# Step 3: Rust 1.56.1 from rustup, or else Debian's rustc 1.63.
if rustup run 1.56.1 rustc --version >/dev/null 2>&1 \
    || rustup toolchain install 1.56.1 --profile minimal >/dev/null 2>&1; then
    old_rustc() {
        rustup run 1.56.1 rustc "$@"
    }
else
    packages=(rustc=1.63.0+dfsg1-2 libstd-rust-dev=1.63.0+dfsg1-2 libstd-rust-1.63=1.63.0+dfsg1-2 libllvm14)
    if [ ! -x "$old/root/usr/bin/rustc" ]; then
        rm -rf "$old"
        mkdir -p "$old/debs"
        # A fresh machine may have no package lists yet: refresh them once and retry.
        if ! (cd "$old/debs" && apt-get download "${packages[@]}" >/dev/null 2>&1) \
            && ! (apt-get update -qq >/dev/null 2>&1 \
                && cd "$old/debs" && apt-get download "${packages[@]}" >/dev/null 2>&1); then
            echo "old-rustc: cannot fetch Rust 1.56.1 nor Debian's rustc 1.63 packages (${packages[*]}); skipping the old-compiler step"
            rm -rf "$old"
            exit 0
        fi
        for deb in "$old"/debs/*.deb; do
            dpkg -x "$deb" "$old/root"
        done
    fi
    old_rustc() {
        LD_LIBRARY_PATH="$PWD/$old/root/usr/lib/x86_64-linux-gnu" "$old/root/usr/bin/rustc" "$@"
    }
fi
version=$(old_rustc --version)
for bin in slink sudominoku akari; do
    old_rustc -O --edition 2021 -o "$out/$bin-old" "$out/$bin.rs"
    echo "old-rustc: $bin: compiled by $version ($(wc -c < "$out/$bin.rs") bytes)"
done
"$out/slink-old" < samples/judge-crlf.in | cmp - samples/judge.out
"$out/sudominoku-old" < samples/sudominoku/judge.in | cmp - samples/sudominoku/judge.out
"$out/akari-old" solve < samples/akari/example-1-puzzle.in | cmp - samples/akari/example-1-puzzle.solve
"$out/akari-old" validate < samples/akari/example-2-partial.in | cmp - samples/akari/example-2-partial.validate
echo "old-rustc: the files built by $version print the official output (akari: the examples' answers) byte for byte"

#!/usr/bin/env bash
# The shrinking challenge and the three throughput figures for x-sheep/swift-property-based.
#
#   run.sh [all|challenge|throughput]        (default: all)
#
# The library comes from $SPB_SOURCE (a checkout or an exported tree of it) if set, otherwise
# from a clone of https://github.com/x-sheep/swift-property-based at the pinned commit in
# ${SPB_CACHE:-~/.cache/snaplab-peers}. It is built with the benchmark in one release build
# (`swift build -c release`, whole-module optimisation), and the benchmark runs as a Swift
# Testing test, because PropertyBased's propertyCheck only runs inside one.
# Knobs (for trying things; the README's figures use none): SPB_SEEDS (30), SPB_BUDGET
# (100000), SPB_PROBLEMS (comma-separated names), SPB_MODE=unseeded, SPB_SHOW_REPORTS=1.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pinned=edaffedcd90339544fefb2f045f3fa988d94c794
what="${1:-all}"

if [ -n "${SPB_SOURCE:-}" ]; then
  src="$(cd "$SPB_SOURCE" && pwd)"
else
  cache="${SPB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/snaplab-peers}"
  src="$cache/swift-property-based-$pinned"
  if [ ! -d "$src/.git" ]; then
    mkdir -p "$cache"
    rm -rf "$src.tmp"
    git clone --quiet https://github.com/x-sheep/swift-property-based "$src.tmp"
    git -C "$src.tmp" checkout --quiet "$pinned"
    mv "$src.tmp" "$src"
  fi
fi
if commit="$(git -C "$src" rev-parse HEAD 2>/dev/null)"; then
  echo "swift-property-based at $commit"
  [ "$commit" = "$pinned" ] || echo "warning: not the pinned commit $pinned" >&2
else
  echo "swift-property-based from $src (not a git checkout: commit unknown; pinned is $pinned)"
fi
[ -f "$src/Package.swift" ] && [ -d "$src/Sources/PropertyBased" ] || { echo "no PropertyBased package at $src" >&2; exit 1; }

# The dependency's path (see Package.swift); no patch is applied.
mkdir -p "$here/.deps"
ln -sfn "$src" "$here/.deps/PropertyBased"
cd "$here"
swift --version 2>&1 | head -1
swift build -c release --build-tests
run() { swift test -c release --skip-build --disable-xctest --filter "$1"; }
case "$what" in
  all) run shrinkingChallenge; run throughput ;;
  challenge) run shrinkingChallenge ;;
  throughput) run throughput ;;
  *) echo "usage: $0 [all|challenge|throughput]" >&2; exit 64 ;;
esac

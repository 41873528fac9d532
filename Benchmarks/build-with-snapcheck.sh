#!/usr/bin/env bash
# Builds MAIN with SnapCheck's sources in one optimised module named MODULE, as OUTPUT: what the
# snapcheck-throughput and shrinking-challenge scripts time and run, SnapCheck alone.
#
#   build-with-snapcheck.sh MAIN MODULE OUTPUT
set -euo pipefail
if [ $# -ne 3 ]; then echo "usage: $0 MAIN MODULE OUTPUT" >&2; exit 64; fi
main=$1 module=$2 output=$3
sources="$(cd "$(dirname "$0")/../Sources" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# SnapCheck's C support (crash handlers, the watchdog's slots) as SwiftPM builds it: an object
# and a module map naming its header.
mkdir -p "$work/include"
cp "$sources/CSnapCheckSupport/include/CSnapCheckSupport.h" "$work/include/"
printf 'module CSnapCheckSupport {\n  header "CSnapCheckSupport.h"\n  export *\n}\n' \
  > "$work/include/module.modulemap"
clang -O2 -c "$sources/CSnapCheckSupport/guard.c" -I "$sources/CSnapCheckSupport/include" \
  -o "$work/guard.o"
# -package-name: SnapCheck has `package` declarations (forAllEach) that SwiftPM names for it.
swiftc -O -wmo -module-name "$module" -package-name snaplab "$main" "$sources"/SnapCheck/*.swift \
  -I "$work/include" "$work/guard.o" -o "$output"

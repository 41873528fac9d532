#!/usr/bin/env bash
# Builds main.swift with SnapCheck's sources in one optimised module and runs it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
support="$here/../../Sources/CSnapCheckSupport"
# SnapCheck's C support (crash handlers, the watchdog's slots) as SwiftPM builds it: an object
# and a module map naming its header.
mkdir -p "$out/include"
cp "$support/include/CSnapCheckSupport.h" "$out/include/"
printf 'module CSnapCheckSupport {\n  header "CSnapCheckSupport.h"\n  export *\n}\n' \
  > "$out/include/module.modulemap"
clang -O2 -c "$support/guard.c" -I "$support/include" -o "$out/guard.o"
# -package-name: SnapCheck has `package` declarations (forAllEach) that SwiftPM names for it.
swiftc -O -wmo -module-name shrinking_challenge -package-name snaplab "$here/main.swift" \
  "$here"/../../Sources/SnapCheck/*.swift -I "$out/include" "$out/guard.o" -o "$out/challenge"
"$out/challenge"

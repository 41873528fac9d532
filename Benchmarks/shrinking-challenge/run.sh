#!/usr/bin/env bash
# Builds main.swift with SnapCheck's sources in one optimised module and runs it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# -package-name: SnapCheck has `package` declarations (forAllEach) that SwiftPM names for it.
swiftc -O -wmo -module-name shrinking_challenge -package-name snaplab "$here/main.swift" \
  "$here"/../../Sources/SnapCheck/*.swift -o "$out/challenge"
"$out/challenge"

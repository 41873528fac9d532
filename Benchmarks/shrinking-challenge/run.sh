#!/usr/bin/env bash
# Builds main.swift with SnapCheck's sources in one optimised module and runs it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swiftc -O -wmo -module-name shrinking_challenge "$here/main.swift" \
  "$here"/../../Sources/SnapCheck/*.swift -o "$out/challenge"
"$out/challenge"

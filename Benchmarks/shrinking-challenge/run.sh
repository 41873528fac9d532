#!/usr/bin/env bash
# Builds main.swift with SnapCheck's sources in one optimised module and runs it; arguments
# name the problems to run (all when none).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$here/../build-with-snapcheck.sh" "$here/main.swift" shrinking_challenge "$out/challenge"
"$out/challenge" "$@"

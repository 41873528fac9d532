#!/usr/bin/env bash
# The CI job of the app's button: verify it with the package's own bench, fail the job on a
# hazard (a violated invariant, a crash, a hang, an algorithm that is not deterministic) and
# leave JUnit XML for the CI's test reporter. In GitHub Actions, each finding is also an
# annotation on the line of Sources/my-bench/main.swift that registers the algorithm.
#
#   ci/verify.sh                      # the button and the bubble: floating-button.dock, floating-bubble.dock
#   ci/verify.sh --algorithm ID ...   # other rows, or any other verify options
#
# JUNIT: where the XML goes (default: .build/verify-junit.xml).
# BENCH: the bench to run (default: build my-bench and run it).
set -euo pipefail
cd "$(dirname "$0")/.."
junit=${JUNIT:-.build/verify-junit.xml}
bench=${BENCH:-}
if [ -z "$bench" ]; then
  swift build --product my-bench
  bench=.build/debug/my-bench
fi
if [ $# -eq 0 ]; then set -- --algorithm floating-button.dock --algorithm floating-bubble.dock; fi
mkdir -p "$(dirname "$junit")"
exec "$bench" verify --fail-on hazard --junit "$junit" --no-progress "$@"

#!/usr/bin/env bash
# Mutation check of the example package (Examples/FloatingButton) by its own tests: does the
# app's `swift test` — expectInvariants on its button, as an app team writes it — fail on each
# realistic bug planted in the button?
#
# USAGE
#   Benchmarks/mutation/example.sh [options] [MUTANT-ID ...]
#
#   With no ids every mutant of example-mutants.tsv runs. Options:
#     --repo DIR      the SnapLab tree the example is built against (default: this repository,
#                     its working tree as it is now); another checkout measures another commit
#     --scratch DIR   scratch directory (default: /tmp/example-mutation)
#     --check         only check that every mutant applies; no build
#     -h, --help      this text
#
# WHAT IT DOES
#   Copies the SnapLab tree (Package.swift, Sources, Examples/FloatingButton; no .build or
#   .git) into SCRATCH/snaplab, keeps a pristine copy of the example's sources, runs the
#   example's `swift test` unmutated (it must pass), then for each mutant restores the file,
#   applies the mutant and runs `swift test` again: CAUGHT when it fails, MISSED when it passes,
#   INVALID when the mutant does not build. The last line counts the caught ones.
#
# Requires bash, python3 and swift; mutation.py (beside this script) applies the mutants.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
HELPER="$HERE/mutation.py"
MUTANTS="$HERE/example-mutants.tsv"
SCRATCH=/tmp/example-mutation
CHECK_ONLY=0
SELECTED=()

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "example.sh: $*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --repo) (($# >= 2)) || die "--repo needs a value"; REPO=$(cd "$2" && pwd); shift 2 ;;
    --scratch) (($# >= 2)) || die "--scratch needs a value"; SCRATCH=$2; shift 2 ;;
    --check) CHECK_ONLY=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) SELECTED+=("$1"); shift ;;
  esac
done

EXAMPLE="$REPO/Examples/FloatingButton"
python3 "$HELPER" check "$MUTANTS" "$EXAMPLE" "${SELECTED[@]}" || die "a mutant does not apply"
if ((CHECK_ONLY)); then
  echo "all $(python3 "$HELPER" list "$MUTANTS" "${SELECTED[@]}" | wc -l) example mutants apply to $EXAMPLE"
  exit 0
fi

# Copies SRC's files into DST (no .build, .swiftpm or .git), leaving those that are the same
# untouched, so that the build in DST stays incremental between runs.
copy_tree() {
  python3 - "$1" "$2" <<'PY'
import filecmp, os, shutil, sys
src, dst = sys.argv[1:3]
skip = {".build", ".swiftpm", ".git"}
if os.path.isfile(src):
    if not (os.path.isfile(dst) and filecmp.cmp(src, dst, shallow=False)):
        shutil.copy2(src, dst)
    sys.exit(0)
for folder, dirs, files in os.walk(src):
    dirs[:] = [d for d in dirs if d not in skip]
    rel = os.path.relpath(folder, src)
    os.makedirs(os.path.join(dst, rel), exist_ok=True)
    for name in files:
        s, d = os.path.join(folder, name), os.path.join(dst, rel, name)
        if os.path.isfile(d) and filecmp.cmp(s, d, shallow=False):
            continue
        shutil.copy2(s, d)
PY
}

mkdir -p "$SCRATCH/snaplab/Examples"
copy_tree "$REPO/Package.swift" "$SCRATCH/snaplab/Package.swift"
copy_tree "$REPO/Sources" "$SCRATCH/snaplab/Sources"
copy_tree "$EXAMPLE" "$SCRATCH/snaplab/Examples/FloatingButton"
rm -rf "$SCRATCH/pristine"
copy_tree "$EXAMPLE" "$SCRATCH/pristine"
WORK="$SCRATCH/snaplab/Examples/FloatingButton"

run_tests() { (cd "$WORK" && swift test > "$1" 2>&1); }

echo "== unmutated"
run_tests "$SCRATCH/unmutated.log" || die "the example's tests fail unmutated: see $SCRATCH/unmutated.log"

caught=0
total=0
while IFS=$'\t' read -r id file _; do
  total=$((total + 1))
  python3 "$HELPER" apply "$MUTANTS" "$id" "$SCRATCH/pristine" "$WORK"
  log="$SCRATCH/$id.log"
  if ! (cd "$WORK" && swift build --build-tests > "$log" 2>&1); then
    verdict=INVALID
  elif run_tests "$log"; then
    verdict=MISSED
  else
    verdict=CAUGHT
    caught=$((caught + 1))
  fi
  cp "$SCRATCH/pristine/$file" "$WORK/$file"
  printf '%-28s %s\n' "$id" "$verdict"
done < <(python3 "$HELPER" list "$MUTANTS" "${SELECTED[@]}")
echo "caught $caught of $total by the example's own swift test"

#!/usr/bin/env bash
# Mutation check of SnapLab's harness: how many realistic single bugs in the corrected variants
# and fluid-dock does `snap-bench verify` catch at its default budget?
#
# USAGE
#   Benchmarks/mutation/run.sh [options] [MUTANT-ID ...]
#
#   With no ids every mutant of mutants.tsv runs. Options:
#     --examples N    passed to `snap-bench verify` (default: verify's own, 400)
#     --motion M      passed to `snap-bench verify` (e.g. 'spring(damping:0.5,response:0.4)'):
#                     replaces the release motion of every algorithm that has one
#     --seed N        passed to `snap-bench verify` (default: verify's own, 1)
#     --suite         `swift test`'s budget: besides verify's default rows, also verify each
#                     algorithm with the other motions the property tests run it with
#                     (ease-out(duration:0.6) for the corrected variants with a motion;
#                     spring(damping:0.3,response:0.5), spring(damping:1,response:0.3) and
#                     ease-out(duration:0.3) for fluid-dock); a mutant is killed if any
#                     of these runs catches it
#     --config C      debug (default) or release build of snap-bench (see TIMING below)
#     --scratch DIR   scratch directory (default: $MUTATION_SCRATCH or /tmp/mutation-scratch)
#     --timeout S     seconds one verify run may take before it counts as a hang (default 900)
#     --mutants FILE  another mutants file (default: mutants.tsv beside this script)
#     --check         only check that every selected mutant applies (original text found
#                     exactly once); no build
#     --list          list the selected mutants and exit
#     -h, --help      this text
#
# WHAT IT DOES
#   1. Snapshots the repository's working tree as it is now (uncommitted changes included;
#      .git, .build and .snapcheck left out) into SCRATCH/pristine, and syncs it into
#      SCRATCH/work, copying only files whose content differs so that the persistent build
#      directory SCRATCH/build-CONFIG stays incremental from run to run and mutant to mutant.
#      Nothing is built or written in the repository itself.
#   2. Checks that every selected mutant's original text occurs exactly once (fails loudly if
#      not), builds snap-bench unmutated and records a baseline
#      `snap-bench verify --algorithm ID --format json --no-progress [--examples/--motion/--seed]`
#      for every algorithm id a selected mutant names.
#   3. For each mutant: copies the pristine file back into SCRATCH/work (exact restore), applies
#      the replacement, rebuilds, runs the same verify for each of its ids and classifies it:
#        KILLED    a hazard the baseline lacks: a cell (algorithm, motion, invariant) that holds
#                  or has only polish in the baseline is violated, or a violated cell has a
#                  hazard of a new defect (or its result is missing), or verify crashes, hangs
#                  (--timeout) or exits other than 0 (run with --fail-on never: 0 whatever it finds);
#        KILLED*   as KILLED, but every such violation's counterexample fails on the unmutated
#                  code too: the scenario generator depends on the algorithm (touches land where
#                  it shows the item), so the mutant's sample differs from the baseline's and can
#                  stumble on a weakness the baseline's sample missed. mutation-replay (built
#                  from replay/main.swift, unmutated, into the scratch copy only) re-checks each
#                  counterexample on the unmutated code to tell the two apart;
#        POLISH    no new hazard, but polish of a defect the baseline lacks (a lag
#                  within the pan's slop, a point or two, one transient frame): verify saw the
#                  change and judged that a careful engineer would leave it;
#        SURVIVED  every invariant that held still holds;
#        INVALID   the mutant does not compile (a broken mutant: fix it). Not counted in N.
#      The pristine file is copied back afterwards, and on any exit (trap).
#   4. Prints a table (id, verdict, invariants that caught it, build and verify seconds), the
#      confirmed kills, and last `killed K of N (P%)` (K counts KILLED and KILLED*). Everything
#      is kept in SCRATCH/runs/<time>/: summary.tsv (with the violations), table.txt,
#      baseline/*.json and, per mutant, its diff, build log, verify output and replay.
#
# MUTANTS FILE
#   mutants.tsv, tab-separated: id, file (repo-relative), algorithms (verify ids, separated by
#   spaces), description, original, replacement; '#' lines are comments. In the last two
#   fields \n is a newline, \t a tab, \\ a backslash. mutation.py (beside this script) reads it.
#
# TIMING (this machine, 2 cores): one incremental rebuild after a change to one algorithm file
#   takes about 4 s in debug and about 75 s in release (whole-module optimisation, and
#   @inlinable code recompiled in every dependent module); verify is about 7x slower in debug
#   (1-2 s per algorithm) but the debug build wins by far. Both give byte-identical verify JSON.
#
# EXIT STATUS: 0 when every mutant ran (whatever the kill rate), 1 on a usage or setup error
#   (a mutant that does not apply, the unmutated build failing), 3 when some mutant is INVALID.
#
# Requires bash, python3, swift (6.x), timeout and flock (coreutils / util-linux).
# Files: mutants.tsv (the mutants), mutation.py (reads and applies them, compares results),
# replay/main.swift (mutation-replay), README.md (format, results).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
HELPER="$HERE/mutation.py"
MUTANTS="$HERE/mutants.tsv"
SCRATCH=${MUTATION_SCRATCH:-/tmp/mutation-scratch}
CONFIG=debug
TIMEOUT=900
CHECK_ONLY=0
LIST_ONLY=0
VERIFY_OPTS=()
MOTION=""
SELECTED=()
SUITE=0

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "run.sh: $*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --examples|--motion|--seed)
      (($# >= 2)) || die "$1 needs a value"
      VERIFY_OPTS+=("$1" "$2")
      [[ $1 == --motion ]] && MOTION=$2
      shift 2 ;;
    --config)
      (($# >= 2)) || die "--config needs a value"
      CONFIG=$2; shift 2
      [[ $CONFIG == debug || $CONFIG == release ]] || die "--config is debug or release" ;;
    --scratch) (($# >= 2)) || die "--scratch needs a value"; SCRATCH=$2; shift 2 ;;
    --timeout) (($# >= 2)) || die "--timeout needs a value"; TIMEOUT=$2; shift 2 ;;
    --mutants) (($# >= 2)) || die "--mutants needs a value"; MUTANTS=$(realpath "$2"); shift 2 ;;
    --suite) SUITE=1; shift ;;
    --check) CHECK_ONLY=1; shift ;;
    --list) LIST_ONLY=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; SELECTED+=("$@"); break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) SELECTED+=("$1"); shift ;;
  esac
done

for tool in python3 swift timeout flock; do
  command -v "$tool" >/dev/null || die "$tool is required"
done

if ((LIST_ONLY)); then
  python3 "$HELPER" list "$MUTANTS" "${SELECTED[@]}"
  exit 0
fi

case "$SCRATCH" in
  "$REPO"|"$REPO"/*) die "the scratch directory must be outside the repository" ;;
esac
mkdir -p "$SCRATCH"
SCRATCH=$(cd "$SCRATCH" && pwd)
PRISTINE="$SCRATCH/pristine"
WORK="$SCRATCH/work"
BUILD="$SCRATCH/build-$CONFIG"
BIN="$BUILD/$CONFIG/snap-bench"

# One run at a time per scratch directory (the machine is shared: one build at a time).
exec 9>"$SCRATCH/lock"
flock -n 9 || die "another run is using $SCRATCH"

MUTATED_FILE=""   # repo-relative path of the file currently mutated in $WORK, if any
TMP_SNAPSHOT=""
cleanup() {
  local status=$?
  if [[ -n $MUTATED_FILE && -f "$PRISTINE/$MUTATED_FILE" ]]; then
    cp "$PRISTINE/$MUTATED_FILE" "$WORK/$MUTATED_FILE" || true
  fi
  [[ -n $TMP_SNAPSHOT ]] && rm -rf "$TMP_SNAPSHOT"
  exit "$status"
}
trap cleanup EXIT
trap 'echo "run.sh: interrupted" >&2; exit 130' INT TERM

# 1. Snapshot the working tree (uncommitted changes included) and sync the scratch copy.
TMP_SNAPSHOT=$(mktemp -d "$SCRATCH/snapshot.XXXXXX")
tar -C "$REPO" --exclude=.git --exclude=.build --exclude=.snapcheck -cf - . \
  | tar -C "$TMP_SNAPSHOT" -xf -
rm -rf "$PRISTINE"
mv "$TMP_SNAPSHOT" "$PRISTINE"
TMP_SNAPSHOT=""
mkdir -p "$WORK"
python3 "$HELPER" sync "$PRISTINE" "$WORK"
python3 "$HELPER" manifest "$PRISTINE" "$WORK"   # + the mutation-replay target (scratch only)

# 2. Every selected mutant must apply to the snapshot.
python3 "$HELPER" check "$MUTANTS" "$PRISTINE" "${SELECTED[@]}"
mapfile -t ROWS < <(python3 "$HELPER" list "$MUTANTS" "${SELECTED[@]}")
((${#ROWS[@]})) || die "no mutants selected"
if ((CHECK_ONLY)); then
  echo "all ${#ROWS[@]} mutants apply to the working tree of $REPO"
  exit 0
fi

RUN="$SCRATCH/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$RUN/baseline" "$RUN/mutants"
echo "scratch: $SCRATCH   results: $RUN"
{
  echo "repository: $REPO"
  echo "commit: $(git -C "$REPO" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "uncommitted changes: $(git -C "$REPO" status --porcelain 2>/dev/null | wc -l) paths"
  echo "snapshot tree hash: $(cd "$PRISTINE" && find Sources -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
  echo "config: $CONFIG   verify options: ${VERIFY_OPTS[*]:-(defaults)}$( ((SUITE)) && echo "   --suite: swift test's motions too")"
} | tee "$RUN/info.txt"

build() { # build LOG [PRODUCT]: builds snap-bench (or PRODUCT) in $WORK; swift build's status
  (cd "$WORK" && swift build -c "$CONFIG" --product "${2:-snap-bench}" --scratch-path "$BUILD") \
    >>"$1" 2>&1
}

# file name for an algorithm id: ids hold '(', ':', ',' and '.'
slug() { printf '%s' "$1" | tr -c 'A-Za-z0-9.-' '_'; }

verify() { # verify ID OUT ERR [MOTION]: prints verify's exit status (124 = timed out)
  local status=0 motion=()
  [[ -n ${4:-} ]] && motion=(--motion "$4")
  timeout "$TIMEOUT" "$BIN" verify --algorithm "$1" --format json --no-progress --fail-on never \
    "${VERIFY_OPTS[@]}" "${motion[@]}" >"$2" 2>"$3" || status=$?
  echo "$status"
}

# The runs for an algorithm id, one per line: an empty line (verify's default rows), and with
# --suite the other motions swift test's property tests run it with (Tests/PropertyTests:
# CorrectedVariantsTests.motions, FluidDockTests.motions).
runs() {
  echo ""
  ((SUITE)) || return 0
  case $1 in
    per-axis-clamp.corrected) ;;   # no release motion to replace
    *.corrected) echo 'ease-out(duration:0.6)' ;;
    fluid-dock*)
      printf '%s\n' 'spring(damping:0.3,response:0.5)' 'spring(damping:1,response:0.3)' \
        'ease-out(duration:0.3)' ;;
  esac
}

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }

echo "building snap-bench ($CONFIG), unmutated ..."
start=$(now)
if ! build "$RUN/baseline/build.log" || ! build "$RUN/baseline/build.log" mutation-replay; then
  tail -30 "$RUN/baseline/build.log" >&2
  die "the unmutated build fails"
fi
REPLAY="$RUN/mutation-replay"   # a copy: the build directory is rebuilt for every mutant
cp "$BUILD/$CONFIG/mutation-replay" "$REPLAY"
echo "  built in $(elapsed "$start" "$(now)") s"

replay() { # replay JSON OUT [MOTION]: the unmutated code's verdict on every counterexample
  local motion=()
  [[ -n $MOTION ]] && motion=(--motion "$MOTION")
  [[ -n ${3:-} ]] && motion=(--motion "$3")
  timeout "$TIMEOUT" "$REPLAY" "$1" "${motion[@]}" >"$2" 2>"$2.stderr" || echo "replay failed" >>"$2"
}

declare -A BASELINE=()
for row in "${ROWS[@]}"; do
  IFS=$'\t' read -r _ _ algorithms _ <<<"$row"
  for id in $algorithms; do
    while IFS= read -r motion; do
      key="$id${motion:+ with $motion}"
      [[ -n ${BASELINE[$key]:-} ]] && continue
      out="$RUN/baseline/$(slug "$key").json"
      status=$(verify "$id" "$out" "$out.stderr" "$motion")
      [[ $status == 0 ]] || { cat "$out.stderr" >&2; die "baseline verify of $key exits $status"; }
      BASELINE[$key]=$out
    done < <(runs "$id")
  done
done
echo "baseline recorded for ${#BASELINE[@]} algorithm ids"

# 3. The mutants.
printf 'id\tverdict\tcaught_by\tbuild_s\tverify_s\tdetails\n' >"$RUN/summary.tsv"
killed=0 unconfirmed=0 polish=0 survived=0 invalid=0 total_start=$(now)
for row in "${ROWS[@]}"; do
  IFS=$'\t' read -r id file algorithms description <<<"$row"
  dir="$RUN/mutants/$id"
  mkdir -p "$dir"
  cp "$PRISTINE/$file" "$WORK/$file"            # exact restore, whatever ran before
  MUTATED_FILE=$file
  python3 "$HELPER" apply "$MUTANTS" "$id" "$PRISTINE" "$WORK" \
    || die "$id: cannot apply (original text not found exactly once in $file)"
  diff -u "$PRISTINE/$file" "$WORK/$file" >"$dir/mutant.diff" || true
  b0=$(now)
  if build "$dir/build.log"; then
    build_s=$(elapsed "$b0" "$(now)")
    v0=$(now)
    pairs=() crash=""
    for id_alg in $algorithms; do
      while IFS= read -r motion; do
        key="$id_alg${motion:+ with $motion}"
        out="$dir/$(slug "$key").json"
        status=$(verify "$id_alg" "$out" "$out.stderr" "$motion")
        if [[ $status == 124 ]]; then crash+="timeout($key) "
        elif [[ $status != 0 ]]; then crash+="exit-$status($key) "
        fi
        if [[ $status == 0 ]]; then
          replay "$out" "$out.replay" "$motion"
          pairs+=("${BASELINE[$key]}" "$out" "$out.replay")
        fi
      done < <(runs "$id_alg")
    done
    verify_s=$(elapsed "$v0" "$(now)")
    if [[ -n $crash ]]; then
      verdict=KILLED caught="crash:${crash% }" details="see $dir/*.stderr"
    else
      IFS=$'\t' read -r verdict caught details < <(python3 "$HELPER" classify "${pairs[@]}")
    fi
  else
    build_s=$(elapsed "$b0" "$(now)") verify_s=- verdict=INVALID caught=compile-error
    details=$(grep -m1 'error:' "$dir/build.log" || echo "see $dir/build.log")
  fi
  cp "$PRISTINE/$file" "$WORK/$file"
  MUTATED_FILE=""
  case $verdict in
    KILLED) killed=$((killed + 1)) ;;
    KILLED\*) unconfirmed=$((unconfirmed + 1)) ;;
    POLISH) polish=$((polish + 1)) ;;
    SURVIVED) survived=$((survived + 1)) ;;
    INVALID) invalid=$((invalid + 1)) ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$verdict" "$caught" "$build_s" "$verify_s" "$details" \
    >>"$RUN/summary.tsv"
  printf '%-30s %-9s %-40s build %5ss verify %5ss\n' "$id" "$verdict" "$caught" "$build_s" "$verify_s"
done
total_s=$(elapsed "$total_start" "$(now)")

# 4. The table and the kill rate.
counted=$((killed + unconfirmed + polish + survived))
percent() { python3 -c "import sys; print(f'{100 * int(sys.argv[1]) / int(sys.argv[2]):.0f}')" "$1" "$2"; }
{
  echo
  printf '%-30s %-9s %s\n' "MUTANT" "VERDICT" "CAUGHT BY"
  tail -n +2 "$RUN/summary.tsv" | while IFS=$'\t' read -r id verdict caught _; do
    printf '%-30s %-9s %s\n' "$id" "$verdict" "$caught"
  done
  echo
  echo "${#ROWS[@]} mutants in ${total_s} s ($(python3 -c "import sys; print(f'{float(sys.argv[1]) / int(sys.argv[2]):.1f}')" "$total_s" "${#ROWS[@]}") s per mutant, build + verify); $invalid invalid"
  echo "KILLED: a counterexample that the unmutated code passes; KILLED*: violations only on"
  echo "counterexamples the unmutated code fails too (invariant*), i.e. found by the mutant's"
  echo "different sample, not caused by its bug; POLISH: only polish where the baseline holds"
  if ((counted)); then
    echo "confirmed kills (KILLED) $killed of $counted ($(percent "$killed" "$counted")%)"
    echo "caught only as polish (POLISH) $polish of $counted"
    echo "killed $((killed + unconfirmed)) of $counted ($(percent $((killed + unconfirmed)) "$counted")%)"
    echo "caught (killed or polish) $((killed + unconfirmed + polish)) of $counted ($(percent $((killed + unconfirmed + polish)) "$counted")%)"
  else
    echo "killed 0 of 0"
  fi
} | tee "$RUN/table.txt"
((invalid == 0)) || exit 3

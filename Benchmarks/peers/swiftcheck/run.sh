#!/usr/bin/env bash
# SwiftCheck (github.com/typelift/SwiftCheck) on the shrinking challenge and on throughput; see
# README.md. Arguments go to the program (default: challenge throughput), e.g.
#   ./run.sh                       # both, ~3-4 minutes on 2 cores after a ~1 minute build
#   ./run.sh challenge --only binheap
#   ./run.sh throughput --single-call 20000
#   ./run.sh --one-module throughput   # SwiftCheck and main.swift in one module, as SnapCheck's are
# Environment:
#   SWIFTCHECK_SOURCE  a SwiftCheck checkout or export (a directory with Sources/SwiftCheck);
#                      without it, $SWIFTCHECK_GIT_URL is cloned at the pinned commit
#   SWIFTCHECK_GIT_URL default https://github.com/typelift/SwiftCheck
#   SWIFTCHECK_CACHE   clone, build and log directory; default ~/.cache/snaplab-peers/swiftcheck
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pinned=7494bedfa42972431004a5d478dbf1fc2655e1e6 # SwiftCheck master, "Fix Xcode 12.5 build issues (#305)", 2021-05-06
cache="${SWIFTCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/snaplab-peers/swiftcheck}"
mkdir -p "$cache"

if [[ -n "${SWIFTCHECK_SOURCE:-}" ]]; then
  source_dir="$(cd "$SWIFTCHECK_SOURCE" && pwd)"
else
  source_dir="$cache/SwiftCheck"
  if [[ ! -d "$source_dir/.git" ]]; then
    git clone --quiet "${SWIFTCHECK_GIT_URL:-https://github.com/typelift/SwiftCheck}" "$source_dir"
  fi
  git -C "$source_dir" -c advice.detachedHead=false checkout --quiet "$pinned"
fi
if [[ ! -f "$source_dir/Sources/SwiftCheck/Gen.swift" ]]; then
  echo "run.sh: no SwiftCheck sources in $source_dir (expected Sources/SwiftCheck)" >&2
  exit 1
fi
# Say which commit is being measured when the source can tell.
if [[ "$(git -C "$source_dir" rev-parse --show-toplevel 2>/dev/null)" == "$source_dir" ]]; then
  commit="$(git -C "$source_dir" rev-parse HEAD)"
  [[ "$commit" == "$pinned" ]] || echo "run.sh: warning: SwiftCheck at $commit, not the pinned $pinned" >&2
else
  commit="unknown (not a git checkout; pinned $pinned)"
fi
echo "SwiftCheck $commit from $source_dir" >&2

# A scratch copy of this package with SwiftCheck's sources beside it, so nothing is written
# here or in the checkout. Patches (patches/*.patch, none needed with Swift 6.3.1) apply to it.
build="$cache/build"
rm -rf "$build/Sources"
mkdir -p "$build/Sources"
cp "$here/Package.swift" "$build/"
cp -R "$here/Sources/swiftcheck-peer" "$build/Sources/"
cp -R "$source_dir/Sources/SwiftCheck" "$build/Sources/SwiftCheck"
for patch_file in "$here"/patches/*.patch; do
  [[ -e "$patch_file" ]] || continue
  echo "run.sh: applying ${patch_file#"$here"/}" >&2
  patch --quiet -d "$build" -p1 <"$patch_file"
done

if [[ "${1:-}" == "--one-module" ]]; then
  # SwiftCheck's sources and main.swift compiled as one module (swiftc -O -wmo), the way
  # Benchmarks/build-with-snapcheck.sh builds SnapCheck's own benchmarks: like for like with them.
  shift
  mkdir -p "$build/one-module"
  sed '/^import SwiftCheck$/d' "$build/Sources/swiftcheck-peer/main.swift" >"$build/one-module/main.swift"
  swiftc -O -wmo -swift-version 5 -module-name swiftcheck_peer "$build/one-module/main.swift" \
    "$build"/Sources/SwiftCheck/*.swift -o "$build/swiftcheck-peer-one-module" 2>&1 \
    | { grep -v -e 'underflows and loses precision' -e '^ *[0-9]* |' -e '^ *|' || true; } >&2
  binary="$build/swiftcheck-peer-one-module"
else
  # The ordinary setup: SwiftCheck a separate module, as a user's test target sees it.
  swift build --package-path "$build" -c release --product swiftcheck-peer >&2
  binary="$build/.build/release/swiftcheck-peer"
fi
log="$cache/swiftcheck-output.log"
echo "SwiftCheck's own console output goes to $log" >&2
"$binary" --log "$log" "$@"

#!/usr/bin/env python3
"""Helper of run.sh (see the comment at the top of run.sh and README.md): reads mutants.tsv,
checks and applies mutants, syncs the scratch tree and compares verify JSON files.

    mutation.py list     MUTANTS [ID ...]            id<TAB>file<TAB>algorithms, one per mutant
    mutation.py check    MUTANTS ROOT [ID ...]       every original occurs exactly once in ROOT
    mutation.py apply    MUTANTS ID PRISTINE WORK    writes WORK/file = PRISTINE/file mutated
    mutation.py sync     SRC DST                     makes DST's files equal SRC's (copies only
                                                     changed files, deletes extra ones), except
                                                     DST/Package.swift, which `manifest` writes
    mutation.py manifest SRC DST                     writes DST/Package.swift: SRC's with the
                                                     mutation-replay target appended
    mutation.py classify B M R [B M R ...]           compares verify JSON files: baseline B,
                                                     mutant M, and R the output of
                                                     mutation-replay on M (or -)

Exit status: 0 on success, 1 for a malformed mutants file, a bad selection or a failed check,
2 when `apply` finds the original text not exactly once.
"""
import filecmp
import json
import os
import shutil
import sys

COLUMNS = ["id", "file", "algorithms", "description", "original", "replacement"]

# Never mutated: the oracle (the invariants, the property tester) and the published variants.
FORBIDDEN_PREFIXES = ["Sources/SnapVerification/", "Sources/SnapCheck/"]
FORBIDDEN_FILES = {
    "Sources/SnapAlgorithms/Algorithms/" + name
    for name in ["EdgeDock.swift", "ForcedBoundaryEnd.swift", "InsetCorrection.swift",
                 "PerAxisClamp.swift", "SwiftUIDockPublished.swift"]
}


def die(message, status=1):
    print("mutation.py: " + message, file=sys.stderr)
    sys.exit(status)


def unescape(text, where):
    """The TSV escapes: \\n newline, \\t tab, \\\\ backslash; any other backslash is an error."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if nxt == "n":
            out.append("\n")
        elif nxt == "t":
            out.append("\t")
        elif nxt == "\\":
            out.append("\\")
        else:
            die(f"{where}: unknown escape '\\{nxt}' (only \\n, \\t and \\\\ are allowed)")
        i += 2
    return "".join(out)


def read_mutants(path):
    mutants = []
    header_seen = False
    seen = set()
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            where = f"{path}:{number}"
            if not header_seen:
                if fields != COLUMNS:
                    die(f"{where}: the header must be {' '.join(COLUMNS)} (tab-separated)")
                header_seen = True
                continue
            if len(fields) != len(COLUMNS):
                die(f"{where}: {len(fields)} columns, expected {len(COLUMNS)}")
            m = dict(zip(COLUMNS, fields))
            if not m["id"] or m["id"] in seen:
                die(f"{where}: empty or duplicate id '{m['id']}'")
            seen.add(m["id"])
            if not m["algorithms"].split():
                die(f"{where}: no algorithm ids")
            m["original"] = unescape(m["original"], where)
            m["replacement"] = unescape(m["replacement"], where)
            if not m["original"]:
                die(f"{where}: empty original")
            if m["original"] == m["replacement"]:
                die(f"{where}: the replacement equals the original")
            f = m["file"]
            if f.startswith("/") or ".." in f.split("/"):
                die(f"{where}: file must be repo-relative: {f}")
            if f in FORBIDDEN_FILES or any(f.startswith(p) for p in FORBIDDEN_PREFIXES):
                die(f"{where}: {f} must not be mutated (oracle or published variant)")
            m["line"] = number
            mutants.append(m)
    if not header_seen:
        die(f"{path}: no header line")
    return mutants


def select(mutants, ids):
    if not ids:
        return mutants
    by_id = {m["id"]: m for m in mutants}
    unknown = [i for i in ids if i not in by_id]
    if unknown:
        die("no such mutant: " + ", ".join(unknown))
    return [by_id[i] for i in ids]


def occurrences(root, m):
    path = os.path.join(root, m["file"])
    if not os.path.isfile(path):
        return None, path
    with open(path, encoding="utf-8") as handle:
        return handle.read().count(m["original"]), path


def cmd_list(args):
    for m in select(read_mutants(args[0]), args[1:]):
        print("\t".join([m["id"], m["file"], m["algorithms"], m["description"]]))


def cmd_check(args):
    mutants = select(read_mutants(args[0]), args[2:])
    bad = 0
    for m in mutants:
        count, path = occurrences(args[1], m)
        if count is None:
            print(f"{m['id']}: {m['file']} does not exist", file=sys.stderr)
            bad += 1
        elif count != 1:
            print(f"{m['id']}: original text occurs {count} times in {m['file']} (must be once)",
                  file=sys.stderr)
            bad += 1
    if bad:
        die(f"{bad} of {len(mutants)} mutants do not apply")


def cmd_apply(args):
    mutants_path, mutant_id, pristine, work = args
    m = select(read_mutants(mutants_path), [mutant_id])[0]
    count, path = occurrences(pristine, m)
    if count != 1:
        die(f"{mutant_id}: original text occurs {count} times in {m['file']} (must be once)", 2)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    target = os.path.join(work, m["file"])
    with open(target, "w", encoding="utf-8") as handle:
        handle.write(text.replace(m["original"], m["replacement"], 1))


def write_if_changed(path, text):
    """Writes `text` to `path` unless it already holds it (keeping its mtime, and the build
    incremental)."""
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as handle:
            if handle.read() == text:
                return
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


REPLAY_TARGET = """
// Appended by Benchmarks/mutation/run.sh to its scratch copy only (never the repository's):
// the tool that replays a mutant's counterexamples on the unmutated code.
package.targets.append(
  .executableTarget(
    name: "mutation-replay", dependencies: ["SnapAlgorithms", "SnapVerification"],
    path: "Benchmarks/mutation/replay",
    linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]))
"""


def cmd_manifest(args):
    src, dst = args
    with open(os.path.join(src, "Package.swift"), encoding="utf-8") as handle:
        text = handle.read()
    write_if_changed(os.path.join(dst, "Package.swift"), text.rstrip("\n") + "\n" + REPLAY_TARGET)


def cmd_sync(args):
    src, dst = (os.path.abspath(a) for a in args)
    wanted = {"Package.swift"}
    for folder, dirs, files in os.walk(src):
        rel = os.path.relpath(folder, src)
        for name in files:
            relpath = os.path.normpath(os.path.join(rel, name))
            if relpath == "Package.swift":
                continue  # written by `manifest`
            wanted.add(relpath)
            s, d = os.path.join(src, relpath), os.path.join(dst, relpath)
            if os.path.isfile(d) and not os.path.islink(d) and filecmp.cmp(s, d, shallow=False):
                continue  # unchanged: keep its mtime, so the build stays incremental
            os.makedirs(os.path.dirname(d), exist_ok=True)
            if os.path.lexists(d):
                os.remove(d)
            shutil.copyfile(s, d)
            shutil.copymode(s, d)
    for folder, dirs, files in os.walk(dst, topdown=False):
        rel = os.path.relpath(folder, dst)
        for name in files:
            relpath = os.path.normpath(os.path.join(rel, name))
            if relpath not in wanted:
                os.remove(os.path.join(dst, relpath))
        if folder != dst and not os.listdir(folder):
            os.rmdir(folder)


def load_results(path):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    results = {}
    for r in data["results"]:
        results[(r["algorithm"], r.get("motion"), r["invariant"])] = r
    return results


def load_replay(path):
    """mutation-replay's lines: (algorithm, invariant) -> verdict of the unmutated code."""
    verdicts = {}
    if path == "-":
        return verdicts
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 3:
                verdicts[(fields[0], fields[1])] = fields[2]
    return verdicts


def defects(result, severity):
    """The defects among a verify result's causes of `severity` ('hazard' or 'polish')."""
    found = set()
    for cause in result.get("causes") or []:
        violation = cause.get("violation")
        if cause.get("severity") == severity and isinstance(violation, dict):
            found.add(violation.get("defect"))
    return found


def cmd_classify(args):
    """Prints one line: VERDICT<TAB>invariants<TAB>details.

    An (algorithm, motion, invariant) where the mutant shows a hazard the baseline does not — a
    cell that holds or has only polish in the baseline now violated, or a violated cell with a
    defect among its hazards that the baseline's lacks — or whose result is missing catches it.
    A catch is confirmed unless the unmutated code fails the mutant's counterexample too (per
    mutation-replay): then it only shows a scenario the baseline's sample missed. KILLED: some
    confirmed catch; KILLED*: catches, none confirmed (invariants marked *); POLISH: no catch,
    but a cell shows polish of a defect the baseline's lacks (a lag within the pan's slop, a
    point or two, one transient frame: the change was seen and judged not to matter);
    SURVIVED: none. Details name the algorithm and the violation."""
    if len(args) % 3:
        die("classify takes triples of files")
    confirmed = []
    unconfirmed = []
    polished = []
    details = []
    for baseline_path, mutant_path, replay_path in zip(args[0::3], args[1::3], args[2::3]):
        try:
            baseline = load_results(baseline_path)
        except (OSError, ValueError, KeyError) as error:
            die(f"baseline {baseline_path} unreadable: {error}")
        try:
            mutant = load_results(mutant_path)
        except (OSError, ValueError, KeyError) as error:
            print(f"KILLED\tunreadable-output\t{mutant_path}: {error}")
            return
        replayed = load_replay(replay_path)
        for key, base in baseline.items():
            if base["status"] == "not-applicable":
                continue
            algorithm, _, invariant = key
            now = mutant.get(key)
            if now is None:
                confirmed.append("missing-result")
                details.append(f"{algorithm} {invariant}: no result")
                continue
            message = " ".join((now.get("violation") or "").split())
            new_hazards = defects(now, "hazard") - defects(base, "hazard")
            if now["status"] == "violated" and (base["status"] != "violated" or new_hazards):
                if replayed.get((algorithm, invariant)) == "violated":
                    unconfirmed.append(invariant + "*")
                    details.append(f"{algorithm} {invariant} (unmutated code fails it too): {message}")
                else:
                    confirmed.append(invariant)
                    details.append(f"{algorithm} {invariant}: {message}")
            elif defects(now, "polish") - defects(base, "polish"):
                new = ",".join(sorted(defects(now, "polish") - defects(base, "polish")))
                polished.append(invariant + "~")
                details.append(f"{algorithm} {invariant} (polish {new}): {message}")
    caught = list(dict.fromkeys(confirmed + unconfirmed))
    if confirmed:
        print("KILLED\t" + ",".join(caught) + "\t" + " ; ".join(details))
    elif unconfirmed:
        print("KILLED*\t" + ",".join(caught) + "\t" + " ; ".join(details))
    elif polished:
        print("POLISH\t" + ",".join(dict.fromkeys(polished)) + "\t" + " ; ".join(details))
    else:
        print("SURVIVED\t-\t-")


def main():
    if len(sys.argv) < 2:
        die("usage: see the module docstring")
    command, args = sys.argv[1], sys.argv[2:]
    arity = {"list": (1, None), "check": (2, None), "apply": (4, 4), "sync": (2, 2),
             "manifest": (2, 2), "classify": (3, None)}
    if command not in arity:
        die(f"unknown command {command}")
    low, high = arity[command]
    if len(args) < low or (high is not None and len(args) > high):
        die(f"{command}: wrong number of arguments")
    globals()["cmd_" + command](args)


if __name__ == "__main__":
    main()

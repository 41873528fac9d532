#!/usr/bin/env python3
"""A hostile sweep of snap-bench from outside: it must never crash, never hang, never lose or
destroy data and never fail silently. See README.md beside this file.

    sweep.py [SNAP_BENCH] [HOSTILE_BENCH] [--quick] [--only GROUP,...] [--json FILE] [--keep]

SNAP_BENCH defaults to .build/debug/snap-bench and HOSTILE_BENCH to
Examples/HostileAlgorithms/.build/debug/hostile-bench, both of the package this file is in.
Every case runs in a scratch directory under /tmp (removed at the end unless --keep), in a
process group of its own, with a timeout; a case's verdict is one of OK, CRASH, HANG,
DATA LOST, SILENT FAILURE, UNCLEAR. Exit status: 0 when every case is OK, 1 otherwise, 2 for a
bad invocation. Python 3.8+, standard library only.
"""
import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))

# Most serious first: a case's verdict is the most serious of what it found.
CLASSES = ["DATA LOST", "CRASH", "HANG", "SILENT FAILURE", "UNCLEAR", "OK"]
SEVERITY = {name: index for index, name in enumerate(CLASSES)}

# The longest single argument Linux passes to a program (MAX_ARG_STRLEN, 32 pages, with its
# NUL): a 1 MB argument cannot be given at all (execve fails with E2BIG), so this is the
# longest value a user can type.
LONGEST_ARGUMENT = 131072 - 1
LONG_VALUE = "9" * (LONGEST_ARGUMENT - 64)

SIGNAL_NAMES = {s.value: s.name for s in signal.Signals}


# MARK: - Running a program


class Result:
    """How one program ran: its status or the signal that ended it, its output, its time, and
    any process of its group still running after it ended."""

    def __init__(self):
        self.rc = None
        self.sig = None
        self.timed_out = False
        self.seconds = 0.0
        self.stdout = b""
        self.stderr = b""
        self.leftover = []  # (pid, command line) of processes left running
        self.sent = []  # (seconds, signal name) sent to it
        self.head_rc = None

    @property
    def both(self):
        return self.stdout + b"\n" + self.stderr

    def describe(self):
        if self.timed_out:
            how = "still running after %.0f s (killed)" % self.seconds
        elif self.sig is not None:
            how = "killed by %s after %.1f s" % (SIGNAL_NAMES.get(self.sig, self.sig), self.seconds)
        else:
            how = "exit %s after %.1f s" % (self.rc, self.seconds)
        if self.sent:
            how += " (sent " + ", ".join("%s at %.1f s" % (n, t) for t, n in self.sent) + ")"
        err = first_line(self.stderr, prefer=b"Error:")
        parts = [how]
        if err:
            parts.append("stderr %d B: %s" % (len(self.stderr), err))
        elif self.stderr:
            parts.append("stderr %d B" % len(self.stderr))
        parts.append("stdout %d B" % len(self.stdout))
        return "; ".join(parts)


def first_line(data, prefer=None, limit=170):
    lines = [l for l in data.splitlines() if l.strip()]
    if not lines:
        return ""
    chosen = lines[0]
    if prefer:
        for line in lines:
            if line.startswith(prefer):
                chosen = line
                break
    text = chosen.decode("utf-8", "replace")
    return text if len(text) <= limit else text[: limit - 1] + "…"


# Every program the sweep starts carries this in its environment (and so do the workers it
# starts): how a process that left its group is known for the sweep's own, and no one else's.
MARK = "SNAP_SWEEP_MARK"


def our_processes(token):
    """Every running (not zombie) process whose environment holds the sweep's mark."""
    found = {}
    needle = ("%s=%s" % (MARK, token)).encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % entry, "rb") as f:
                if needle not in f.read().split(b"\0"):
                    continue
            with open("/proc/%s/stat" % entry, "rb") as f:
                state = f.read().rsplit(b")", 1)[1].split()[0]
        except OSError:
            continue
        if state != b"Z":
            found[int(entry)] = True
    return found


def group_members(pgid):
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != b"Z" and int(fields[2]) == pgid:
            members.append(int(entry))
    return members


def command_line(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            words = f.read().split(b"\0")
        return b" ".join(w[:60] for w in words[:6]).decode("utf-8", "replace")
    except OSError:
        return "?"


class Runner:
    def __init__(self, base_env):
        self.token = "%d-%d" % (os.getpid(), time.time())
        self.base_env = dict(base_env)
        self.base_env[MARK] = self.token

    def env(self, extra=None, remove=()):
        env = dict(self.base_env)
        for key in remove:
            env.pop(key, None)
        for key, value in (extra or {}).items():
            env[key] = value
        return env

    def run(self, argv, cwd, env=None, stdin=None, stdout="capture", stderr="capture",
            timeout=120, signals=(), group_wait=10.0, on_start=None, timed=()):
        """Runs argv (str or bytes words) in cwd, in a new process group.

        stdin: None (/dev/null), bytes (their contents), a path (str), or "closed".
        stdout: "capture", "full" (/dev/full), "closed", "null" or "head" (piped into head -c 10).
        stderr: "capture", "full" or "closed".
        signals: (seconds after start, signal number, to the whole group?) to send.
        """
        result = Result()
        env = env if env is not None else self.env()
        closing = []
        if stdin == "closed":
            closing.append("0<&-")
        if stdout == "closed":
            closing.append("1>&-")
        if stderr == "closed":
            closing.append("2>&-")
        if closing:
            argv = ["/bin/sh", "-c", 'exec "$@" ' + " ".join(closing), "sh"] + list(argv)
        opened = []

        def tmp():
            f = tempfile.TemporaryFile()
            opened.append(f)
            return f

        if stdin is None or stdin == "closed":
            stdin_f = subprocess.DEVNULL
        elif isinstance(stdin, bytes):
            stdin_f = tmp()
            stdin_f.write(stdin)
            stdin_f.seek(0)
        else:
            stdin_f = open(stdin, "rb")
            opened.append(stdin_f)
        out_f = None
        if stdout == "capture":
            out_f = tmp()
        elif stdout == "full":
            out_f = open("/dev/full", "wb")
            opened.append(out_f)
        elif stdout == "null":
            out_f = subprocess.DEVNULL
        elif stdout == "head":
            out_f = subprocess.PIPE
        elif stdout == "closed":
            out_f = subprocess.DEVNULL  # closed by the shell before exec
        err_f = None
        if stderr == "capture":
            err_f = tmp()
        elif stderr == "full":
            err_f = open("/dev/full", "wb")
            opened.append(err_f)
        else:
            err_f = subprocess.DEVNULL
        start = time.monotonic()
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=stdin_f, stdout=out_f,
                                stderr=err_f, start_new_session=True)
        head = None
        if stdout == "head":
            head = subprocess.Popen(["head", "-c", "10"], stdin=proc.stdout,
                                    stdout=subprocess.DEVNULL)
            proc.stdout.close()
        if on_start:
            on_start(proc)
        pending = sorted(signals, key=lambda s: s[0])
        actions = sorted(timed, key=lambda a: a[0])
        try:
            while True:
                if proc.poll() is not None:
                    break
                elapsed = time.monotonic() - start
                while pending and pending[0][0] <= elapsed:
                    _, number, to_group = pending.pop(0)
                    try:
                        if to_group:
                            os.killpg(proc.pid, number)
                        else:
                            os.kill(proc.pid, number)
                        result.sent.append((elapsed, SIGNAL_NAMES.get(number, str(number))))
                    except ProcessLookupError:
                        pass
                while actions and actions[0][0] <= elapsed:
                    actions.pop(0)[1]()
                if elapsed > timeout:
                    result.timed_out = True
                    try:
                        os.killpg(proc.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    proc.wait()
                    break
                time.sleep(0.005 if pending else 0.02)
        finally:
            result.seconds = time.monotonic() - start
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        rc = proc.returncode
        if rc < 0:
            result.sig = -rc
        else:
            result.rc = rc
        if head is not None:
            try:
                result.head_rc = head.wait(timeout=30)
            except subprocess.TimeoutExpired:
                head.kill()
                result.head_rc = head.wait()
        # Processes of its group (workers) still running once it ended.
        deadline = time.monotonic() + group_wait
        members = group_members(proc.pid)
        while members and time.monotonic() < deadline:
            time.sleep(0.1)
            members = group_members(proc.pid)
        if members:
            result.leftover = [(pid, command_line(pid)) for pid in members]
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        # Any process it started still running (a worker that left the group).
        strays = our_processes(self.token)
        if strays:
            time.sleep(1)
            strays = our_processes(self.token)
            for pid in strays:
                result.leftover.append((pid, command_line(pid)))
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        if stdout == "capture":
            out_f.seek(0)
            result.stdout = out_f.read(64 << 20)
        if stderr == "capture":
            err_f.seek(0)
            result.stderr = err_f.read(64 << 20)
        for f in opened:
            f.close()
        return result


# MARK: - Files before and after


def snapshot(root):
    """Every entry under root (bytes paths relative to it): its kind and contents."""
    root = os.fsencode(root)
    seen = {}
    for directory, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(directory, name)
            rel = os.path.relpath(path, root)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            mode = info.st_mode
            if stat.S_ISLNK(mode):
                seen[rel] = ("link", os.readlink(path))
            elif stat.S_ISDIR(mode):
                seen[rel] = ("dir", stat.S_IMODE(mode))
            elif stat.S_ISREG(mode):
                seen[rel] = ("file", stat.S_IMODE(mode), info.st_size, digest(path, info.st_size))
            else:
                seen[rel] = ("special", stat.S_IFMT(mode))
        # Links to directories are listed in dirs but not walked: fine, they are recorded.
    return seen


def digest(path, size):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        if size > (64 << 20):  # a sparse giant: its ends and its size
            h.update(f.read(1 << 20))
            f.seek(size - (1 << 20))
            h.update(f.read(1 << 20))
        else:
            while True:
                chunk = f.read(1 << 20)
                if not chunk:
                    break
                h.update(chunk)
    return h.hexdigest()[:16]


LEFTOVER = re.compile(rb"(^|/)\.[^/]*\.(tmp|old)-\d+-[0-9a-z]+($|/)")


def show(path):
    return repr(path)[2:-1] if isinstance(path, bytes) else path


def compare(case, before, after, allowed=(), leftovers_are="SILENT FAILURE"):
    """Flags every pre-existing entry changed or gone (DATA LOST) unless allowed, and hidden
    temporary files left behind."""
    allowed = {os.fsencode(a) for a in allowed}

    def is_allowed(path):
        return any(path == a or path.startswith(a + b"/") for a in allowed)

    lost = [p for p in before if not is_allowed(p) and after.get(p) != before[p]]
    if lost:
        detail = []
        for p in sorted(lost)[:4]:
            detail.append("%s %s" % (show(p), "removed" if p not in after else "changed"))
        case.flag("DATA LOST", "a file it did not create was changed or removed: "
                  + ", ".join(detail) + (" (+%d more)" % (len(lost) - 4) if len(lost) > 4 else ""))
    left = sorted({LEFTOVER.search(p).group(0).strip(b"/") for p in after
                   if p not in before and LEFTOVER.search(p)})
    if left and leftovers_are:
        case.flag(leftovers_are, "hidden temporary files left behind: "
                  + ", ".join(show(p) for p in left[:4]))
    return [p for p in after if p not in before]


def report_state(directory):
    """(complete?, why) for a report directory: its manifest lists exactly what it holds, the
    page is whole and every picture is whole."""
    directory = os.fsencode(directory)
    manifest = os.path.join(directory, b".snap-bench-report")
    if not os.path.isdir(directory):
        return False, "no directory"
    if not os.path.isfile(manifest):
        return False, "no manifest"
    with open(manifest, "rb") as f:
        lines = f.read().split(b"\n")
    if lines[0] != b"snap-bench report files, version 1":
        return False, "manifest header %r" % lines[0][:40]
    names = {l for l in lines[1:] if l}
    present = set(os.listdir(directory)) - {b".snap-bench-report"}
    if names != present:
        return False, "manifest lists %d, directory holds %d (%s)" % (
            len(names), len(present), ", ".join(show(n) for n in sorted(names ^ present)[:3]))
    if b"index.html" not in names:
        return False, "no index.html"
    for name in names:
        with open(os.path.join(directory, name), "rb") as f:
            data = f.read()
        end = b"</html>" if name.endswith(b".html") else b"</svg>"
        if end not in data[-64:]:
            return False, "%s is cut short" % show(name)
    return True, "%d files" % len(names)


def json_complete(path):
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read())
        return isinstance(data, dict) and bool(data.get("results"))
    except (OSError, ValueError):
        return False


# MARK: - Cases


class Case:
    def __init__(self, group, name, command, setup, expected):
        self.group = group
        self.name = name
        self.command = command
        self.setup = setup
        self.expected = expected
        self.observed = ""
        self.issues = []
        self.seconds = 0.0

    def flag(self, cls, text):
        self.issues.append((cls, text))

    @property
    def verdict(self):
        if not self.issues:
            return "OK"
        return min((cls for cls, _ in self.issues), key=lambda c: SEVERITY[c])

    def record(self):
        return {"group": self.group, "name": self.name, "command": self.command,
                "setup": self.setup, "expected": self.expected, "observed": self.observed,
                "verdict": self.verdict, "issues": [list(i) for i in self.issues],
                "seconds": round(self.seconds, 2)}


def display(argv, limit=300):
    words = []
    for w in argv:
        if isinstance(w, bytes):
            try:
                w = w.decode("utf-8")
            except UnicodeDecodeError:
                words.append("$'" + "".join(
                    chr(b) if 32 <= b < 127 and b not in (39, 92) else "\\x%02x" % b for b in w) + "'")
                continue
        if len(w) > 80:
            w = "%s…(%d chars)" % (w[:12], len(w))
        words.append(shlex.quote(w))
    text = " ".join(words)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def has_error(data):
    return re.search(rb"(^|\n)Error: ", data) is not None


def basic(case, res, expect_signal=(), fatal_ok=False):
    """What every case checks: no hang, no processes left behind, no crash."""
    if res.timed_out:
        case.flag("HANG", "no exit within %.0f s" % res.seconds)
    if res.leftover:
        case.flag("HANG", "left %d process(es) running after it ended: %s" % (
            len(res.leftover), "; ".join("%d %s" % p for p in res.leftover[:2])))
    if res.sig is not None and not res.timed_out and res.sig not in expect_signal:
        if res.sig == signal.SIGPIPE and case.group == "stdout":
            pass
        else:
            case.flag("CRASH", "died by %s" % SIGNAL_NAMES.get(res.sig, res.sig))
    if not fatal_ok:
        for l in res.both.splitlines():
            # A hostile algorithm's own trap, inside the finding that reports it, is expected.
            # So is one quoted in report's note that leaves a crashing algorithm out.
            if b"Fatal error" in l and not re.match(rb"! hostile\.\S+ crashes: ", l) \
                    and not re.match(rb"note: hostile\.\S+ is left out of .*: it crashed", l):
                case.flag("CRASH", "printed a Swift runtime trap: "
                          + l.decode("utf-8", "replace")[:170].strip())
                break


def expect_usage(case, res, strict=True, ok_codes=(0,), accepted=False):
    """A usage error: exit 64, an 'Error:' line, short stderr. `accepted`: the value is one
    the documentation calls valid, so running normally is right too."""
    basic(case, res)
    if res.timed_out or res.sig is not None:
        return
    if res.rc == 64:
        if not has_error(res.stderr):
            case.flag("SILENT FAILURE", "exit 64 but no 'Error:' line on stderr")
        if len(res.stderr) >= 4096:
            case.flag("UNCLEAR", "stderr is %d bytes (expected under 4 KB)" % len(res.stderr))
    elif res.rc in ok_codes and accepted:
        if not res.stdout.strip() and not case.__dict__.get("output_ok"):
            case.flag("SILENT FAILURE", "exit %d with nothing on stdout" % res.rc)
    elif res.rc in ok_codes:
        if strict:
            case.flag("SILENT FAILURE", "malformed value accepted: exit %d, no error" % res.rc)
        else:
            case.flag("UNCLEAR", "value accepted (exit %d); the documentation gives no range" % res.rc)
    elif has_error(res.stderr):
        if len(res.stderr) >= 4096:
            case.flag("UNCLEAR", "stderr is %d bytes (expected under 4 KB)" % len(res.stderr))
        case.flag("UNCLEAR", "exit %d with an Error: line, not the usage status 64" % res.rc)
    else:
        case.flag("SILENT FAILURE", "exit %d without an 'Error:' line" % res.rc)


def expect_error(case, res, codes=(1, 64)):
    """A refusal: non-zero (1 or 64) with an 'Error:' line."""
    basic(case, res)
    if res.timed_out or res.sig is not None:
        return
    if res.rc in codes:
        if not has_error(res.stderr):
            case.flag("SILENT FAILURE", "exit %d without an 'Error:' line" % res.rc)
        elif len(res.stderr) >= 4096:
            case.flag("UNCLEAR", "stderr is %d bytes" % len(res.stderr))
    elif res.rc == 0:
        case.flag("SILENT FAILURE", "exit 0: the failure was not reported")
    elif has_error(res.stderr):
        case.flag("UNCLEAR", "exit %d (expected %s)" % (res.rc, "/".join(map(str, codes))))
    else:
        case.flag("SILENT FAILURE", "exit %d without an 'Error:' line" % res.rc)


def expect_ok(case, res, codes=(0,), need_stdout=True, fatal_ok=False):
    basic(case, res, fatal_ok=fatal_ok)
    if res.timed_out or res.sig is not None:
        return
    if res.rc not in codes:
        if has_error(res.stderr):
            case.flag("UNCLEAR", "refused a valid input: exit %d" % res.rc)
        else:
            case.flag("SILENT FAILURE", "exit %d without an 'Error:' line" % res.rc)
    elif need_stdout and not res.stdout.strip():
        case.flag("SILENT FAILURE", "exit %d with nothing on stdout" % res.rc)


class Sweep:
    def __init__(self, args):
        self.snap = os.path.abspath(args.snap_bench)
        self.hostile = os.path.abspath(args.hostile_bench)
        self.quick = args.quick
        self.only = set(args.only.split(",")) if args.only else None
        self.scratch = tempfile.mkdtemp(prefix="snap-sweep-")
        self.cases = []
        self.counter = 0
        self.baselines = os.path.join(self.scratch, "baselines")
        os.mkdir(self.baselines)
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("SNAPCHECK_", "SNAPLAB_", "SNAPBENCH_", "HOSTILE_"))}
        # Baselines never come from (or go to) a package: only from this scratch directory.
        env["SNAPBENCH_BASELINES"] = self.baselines
        env.pop("COLUMNS", None)
        self.runner = Runner(env)
        self.xctest = os.path.join(os.path.dirname(self.hostile),
                                   "HostileAlgorithmsPackageTests.xctest")
        self.references = {}

    # Each case gets a directory of its own.
    def case_dir(self):
        self.counter += 1
        path = os.path.join(self.scratch, "c%04d" % self.counter)
        os.mkdir(path)
        return path

    def add(self, case, action):
        started = time.monotonic()
        try:
            action(case)
        except Exception as error:  # the sweep's own failure is not the tool's
            case.flag("UNCLEAR", "the sweep could not run this case: %r" % (error,))
        case.seconds = time.monotonic() - started
        self.cases.append(case)
        mark = case.verdict
        line = "%-14s %5.1fs  %-10s %s" % (mark, case.seconds, case.group, case.name)
        print(line, flush=True)
        if mark != "OK":
            for cls, text in case.issues:
                print("                 %s: %s" % (cls, text), flush=True)

    def run(self, argv, cwd=None, **kw):
        # verify exits 1 on a hazard since --fail-on (issue 30). The sweep judges how a command
        # lives through hostile input and output, not verify's verdict, whose statuses its cases
        # were written for: a verify that does not choose gets --fail-on=never.
        words = list(argv)
        text = [w.decode("utf-8", "replace") if isinstance(w, bytes) else str(w) for w in words]
        if len(text) > 1 and text[1] == "verify" and not any(w.startswith("--fail-on") for w in text):
            words.insert(2, "--fail-on=never")
        return self.runner.run(words, cwd or self.scratch, **kw)

    def wanted(self, group):
        return self.only is None or group in self.only

    # MARK: Shared inputs

    def prepare(self):
        """Inputs several groups read: a verify file, a results file, a gesture."""
        pre = os.path.join(self.scratch, "pre")
        os.mkdir(pre)
        self.pre = pre
        self.verify_json = os.path.join(pre, "verify.json")
        self.results_json = os.path.join(pre, "run.json")
        self.gesture_json = os.path.join(pre, "gesture.json")
        with open(self.gesture_json, "w") as f:
            f.write(GESTURE)
        res = self.run([self.snap, "verify", "--examples", "20", "--format", "json",
                        "--no-progress", "--fail-on", "never"], timeout=300)
        if res.rc != 0:
            sys.exit("sweep.py: could not prepare a verify file: " + res.describe())
        with open(self.verify_json, "wb") as f:
            f.write(res.stdout)
        res = self.run([self.snap, "run", "--iterations", "1e4", "--repetitions", "3",
                        "--warmup", "1", "--format", "json", "--output", self.results_json,
                        "--no-progress"], timeout=300, stdout="null")
        if res.rc != 0 or not json_complete(self.results_json):
            sys.exit("sweep.py: could not prepare a results file: " + res.describe())
        # A baseline of the one benchmark the run cases time.
        self.small_baseline = os.path.join(pre, "bl", "x.json")
        res = self.run([self.snap] + RUN_SMALL + ["--save-baseline", "x"], stdout="null",
                       env=self.runner.env({"SNAPBENCH_BASELINES": os.path.join(pre, "bl")}))
        if res.rc != 0 or not json_complete(self.small_baseline):
            sys.exit("sweep.py: could not prepare a baseline: " + res.describe())

    def reference(self, key, argv, **kw):
        """The stdout of a run everything else is compared with, run once."""
        if key not in self.references:
            res = self.run(argv, **kw)
            self.references[key] = res
        return self.references[key]

    # MARK: 1. The command line

    def command_line(self):
        group = "cli"
        bases = {
            "run": ["run", ("--filter", r"^edge-dock\.corrected/drag-step$"),
                    ("--iterations", "1000"), ("--repetitions", "2"), ("--warmup", "1"),
                    "--no-progress"],
            "verify": ["verify", ("--algorithm", "per-axis-clamp.published"),
                       ("--examples", "5"), "--no-progress"],
            "report": ["report", ("--results", self.results_json), ("--examples", "5"),
                       "--no-progress"],
            "trace": ["trace", "edge-dock.corrected"],
            "curve": ["curve", "ease-out"],
        }
        numeric = [
            ("run", "--iterations", "count"), ("run", "--repetitions", "count"),
            ("run", "--warmup", "count0"), ("run", "--threshold", "double0"),
            ("run", "--frame-budget", "double"), ("run", "--max-allocations", "double0"),
            ("run", "--seed", "count0"),
            ("verify", "--examples", "count"), ("verify", "--seed", "count0"),
            ("verify", "--jobs", "count"), ("verify", "--deadline", "double"),
            ("verify", "--item", "item"),
            ("report", "--examples", "count"), ("report", "--seed", "count0"),
            ("report", "--flick", "flick"),
            ("trace", "--item", "item"), ("trace", "--flick", "flick"),
            ("curve", "--samples", "count"),
        ]
        values = [("empty", ""), ("-1", "-1"), ("0", "0"), ("1e300", "1e300"), ("nan", "nan"),
                  ("inf", "inf"), ("0x10", "0x10"), ("1_000", "1_000"),
                  ("%d-chars" % len(LONG_VALUE), LONG_VALUE)]
        if not self.quick:
            values += [("-0", "-0"), ("1.5", "1.5"), ("+5", "+5"), ("' 7'", " 7"),
                       ("1e-300", "1e-300"), ("2^64", "18446744073709551616"),
                       ("arabic-3", "\u0663"), ("ten", "ten")]
        else:
            numeric = [n for n in numeric if n[1] in ("--iterations", "--examples", "--jobs",
                                                      "--deadline", "--flick", "--samples",
                                                      "--seed", "--item", "--repetitions")]
        valid = {
            "count": {"1_000", "+5", " 7"},
            "count0": {"1_000", "+5", " 7", "0", "-0"},
            "double": {"1_000", "+5", " 7", "1.5"},
            "double0": {"1_000", "+5", " 7", "1.5", "0", "-0", "1e-300"},
            # Empty and negative items are accepted on purpose: a hostile counterexample
            # (an item of no size) must replay (ValueParsing.parseItemSize).
            "item": {"1_000", "+5", " 7", "1.5", "0", "-0", "-1", "1e-300"},
            "flick": {"1_000", "+5", " 7", "1.5", "0", "-0", "-1", "1e-300"},
        }
        strict = {"", "nan", "inf", "0x10", LONG_VALUE, "\u0663", "ten"}

        def build(command, flag, value, cwd):
            words = [self.snap]
            for part in bases[command]:
                if isinstance(part, tuple):
                    if part[0] == flag:
                        continue
                    words += list(part)
                else:
                    words.append(part)
            if command == "report":
                words += ["--output", os.path.join(cwd, "report")]
            return words + ([flag, value] if value is not None else [flag])

        for command, flag, kind in numeric:
            for label, raw in values:
                value = raw
                if kind == "item":
                    value = raw + "x60"
                elif kind == "flick":
                    value = raw + ",0"
                accepted = raw in valid[kind]
                is_strict = raw in strict or (kind.startswith("count") and raw == "1.5")
                if command == "verify" and flag == "--deadline" and raw == "1_000":
                    pass

                def action(case, command=command, flag=flag, value=value, accepted=accepted,
                           is_strict=is_strict):
                    cwd = self.case_dir()
                    argv = build(command, flag, value, cwd)
                    case.command = display(argv)
                    before = snapshot(cwd)
                    res = self.run(argv, cwd=cwd, timeout=120)
                    case.observed = res.describe()
                    expect_usage(case, res, strict=is_strict,
                                 ok_codes=(0, 2, 3) if command == "run" else (0,),
                                 accepted=accepted)
                    if command == "report" and res.rc == 0:
                        complete, why = report_state(os.path.join(cwd, "report"))
                        if not complete:
                            case.flag("SILENT FAILURE", "exit 0 but the report is not whole: " + why)
                    compare(case, before, snapshot(cwd), allowed=["report"])

                expected = ("exit 64 with 'Error:' (stderr < 4 KB), or normal output: the "
                            "documentation calls this value valid" if accepted else
                            "exit 64 with 'Error:', stderr < 4 KB, no crash")
                self.add(Case(group, "%s %s %s" % (command, flag, label), "",
                              "value %s" % display([value]), expected), action)

        # Missing values: the flag last, '--flag=', and the flag followed by another flag.
        followers = {"run": "--no-progress", "verify": "--no-progress", "report": "--no-progress",
                     "trace": "--landscape", "curve": "--format"}
        flags = sorted({(c, f) for c, f, _ in numeric})
        for command, flag in flags:
            for how in ("last", "equals-empty", "then-flag"):
                def action(case, command=command, flag=flag, how=how):
                    cwd = self.case_dir()
                    argv = build(command, None, None, cwd)[:-1]
                    if how == "last":
                        argv += [flag]
                    elif how == "equals-empty":
                        argv += [flag + "="]
                    else:
                        argv += [flag, followers[command]]
                    case.command = display(argv)
                    res = self.run(argv, cwd=cwd, timeout=60)
                    case.observed = res.describe()
                    expect_usage(case, res)

                self.add(Case(group, "%s %s missing value (%s)" % (command, flag, how), "",
                              "-", "exit 64 with 'Error:'"), action)

        # Unknown flags on every command.
        commands = {"(none)": [], "run": ["run"], "list": ["list"],
                    "trace": ["trace", "edge-dock.corrected"], "curve": ["curve", "ease-out"],
                    "verify": ["verify"], "report": ["report"]}
        unknown = [["--bogus"], ["-z"], ["--bogus=1"], ["--EXAMPLES", "5"],
                   ["--" + "x" * (LONGEST_ARGUMENT - 8)]]
        if self.quick:
            unknown = unknown[:2] + unknown[4:]
        for name, words in commands.items():
            for extra in unknown:
                def action(case, words=words, extra=extra):
                    cwd = self.case_dir()
                    argv = [self.snap] + words + extra
                    case.command = display(argv)
                    before = snapshot(cwd)
                    res = self.run(argv, cwd=cwd, timeout=60)
                    case.observed = res.describe()
                    expect_usage(case, res)
                    compare(case, before, snapshot(cwd))

                self.add(Case(group, "%s unknown flag %s" % (name, display(extra, 40)), "", "-",
                              "exit 64 with 'Error:', stderr < 4 KB, nothing written"), action)

        # Other malformed words: choices, positionals, regexes, motions, hidden commands.
        misc = [
            (["bogus-subcommand"], "usage"), ([""], "usage"), (["list", "bogus"], "usage"),
            (["list", "algorithms", "extra"], "usage"), (["help", "bogus"], "usage"),
            (["help", "verify"], "ok"), (["trace"], "usage"), (["trace", "no.such-algorithm"], "usage"),
            (["trace", "edge-dock.corrected", "extra"], "usage"),
            (["trace", "edge-dock.corrected", "--device", "bogus"], "usage"),
            (["trace", "edge-dock.corrected", "--device", ""], "usage"),
            (["trace", "edge-dock.corrected", "--motion", "bogus"], "usage"),
            (["trace", "edge-dock.corrected", "--motion", "spring(damping:nan,response:0.4)"], "usage"),
            (["trace", "edge-dock.corrected", "--format", "xml"], "usage"),
            (["trace", "edge-dock.corrected", "--item", "60"], "usage"),
            (["trace", "edge-dock.corrected", "--item", "60x60x60"], "usage"),
            (["trace", "edge-dock.corrected", "--flick", "1,2,3"], "usage"),
            (["trace", "edge-dock.corrected", "--flick", ","], "usage"),
            (["trace", "edge-dock.corrected", "--flick=100000,-100000", "--format", "csv"], "ok"),
            (["trace", "edge-dock.corrected", "--flick=1,1", "--gesture", "GESTURE"], "usage-or-ok"),
            (["curve"], "usage"), (["curve", "spring("], "usage"), (["curve", ""], "usage"),
            (["curve", "spring(damping:0,response:0)"], "usage"),
            (["curve", "spring(mass:0,stiffness:0,damping:0)"], "usage"),
            (["curve", "uikit-spring(damping:1e300,duration:1e300,velocity:1e300)"], "usage"),
            (["curve", "cubic-bezier(0,0,1)"], "usage"), (["curve", "cubic-bezier(0,1e300,1,-1e300)"], "usage-or-ok"),
            (["curve", "ease-out", "--format", "xml"], "usage"),
            (["curve", "spring(damping:0.01,response:10)", "--samples", "1000000"], "usage-or-ok"),
            (["verify", "--algorithm", ""], "usage"), (["verify", "--algorithm", "bogus"], "usage"),
            (["verify", "--invariant", "bogus"], "usage"), (["verify", "--cause", "bogus"], "usage"),
            (["verify", "--orientation", "sideways"], "usage"), (["verify", "--idiom", "watch"], "usage"),
            (["verify", "--format", ""], "usage"), (["verify", "--motion", "spring("], "usage"),
            (["verify", "--algorithm", "fluid-dock.sides(slots:99999999)", "--examples", "5",
              "--no-progress"], "usage-or-ok"),
            (["verify", "--algorithm", "fluid-dock.sides(slots:nan)"], "usage"),
            (["verify", "--algorithm", "fluid-dock.sides(deceleration:-1)"], "usage"),
            (["verify", "--algorithm", "fluid-dock(" * 2000], "usage"),
            (["run", "--filter", "("], "usage"), (["run", "--filter", "["], "usage"),
            (["run", "--filter", "a{99999999}"], "usage-or-error"),
            (["run", "--filter", "(a+)+$", "--iterations", "1000", "--repetitions", "1",
              "--no-progress"], "usage-or-error"),
            (["run", "--filter", "no-such-benchmark", "--no-progress"], "usage-or-error"),
            (["run", "--filter", LONG_VALUE, "--no-progress"], "usage-or-error"),
            (["run", "--format", "xml"], "usage"), (["run", "--baseline", ""], "usage"),
            (["run", "--baseline", "../x"], "usage"), (["run", "--save-baseline", "/tmp/x"], "usage"),
            (["run", "--save-baseline", ".hidden"], "usage"),
            (["report", "--device", "bogus"], "usage"), (["report", "--output", ""], "usage"),
            (["__verify-row"], "usage-or-error"), (["__verify-row", "--algorithm", "bogus"], "usage-or-error"),
            (["__verify-row", "--algorithm", "edge-dock.corrected", "--examples", "nan"], "usage-or-error"),
            (["__shrink-crash"], "usage-or-error"), (["__shrink-crash", "garbage", "garbage"], "usage-or-error"),
            (["__worker"], "usage-or-error"), (["__worker", "garbage"], "usage-or-error"),
        ]
        if self.quick:
            misc = misc[::2]
        for words, kind in misc:
            def action(case, words=words, kind=kind):
                cwd = self.case_dir()
                argv = [self.snap] + [self.gesture_json if w == "GESTURE" else w for w in words]
                case.command = display(argv)
                before = snapshot(cwd)
                res = self.run(argv, cwd=cwd, timeout=120)
                case.observed = res.describe()
                if kind == "usage":
                    expect_usage(case, res)
                elif kind == "ok":
                    expect_ok(case, res)
                elif kind == "usage-or-ok":
                    expect_usage(case, res, accepted=True)
                else:
                    expect_error(case, res)
                compare(case, before, snapshot(cwd))

            expected = {"usage": "exit 64 with 'Error:'", "ok": "exit 0 with output",
                        "usage-or-ok": "exit 64 with 'Error:', or exit 0 with output",
                        "usage-or-error": "exit 64 or 1 with 'Error:', no crash"}[kind]
            self.add(Case(group, "misc " + display(words, 70), "", "-", expected), action)

    # MARK: 2. The environment

    def environment(self):
        group = "env"
        verify = [self.snap, "verify", "--algorithm", "edge-dock.corrected", "--examples", "10",
                  "--no-progress"]
        reference = lambda: self.reference("verify-edge", verify, timeout=120)
        examples = [("garbage", "garbage", "bad"), ("1e300", "1e300", "huge"),
                    ("1e15", "1e15", "huge"), ("-1", "-1", "bad"), ("empty", "", "either"),
                    ("0", "0", "bad"), ("nan", "nan", "bad"), ("inf", "inf", "bad"),
                    ("2", "2", "good"), ("0.5", "0.5", "good"), ("1e-300", "1e-300", "good"),
                    ("0x10", "0x10", "bad")]
        if self.quick:
            examples = [e for e in examples if e[0] in ("garbage", "1e300", "1e15", "-1", "2")]
        targets = [("verify", verify, {}), ("verify one process", verify, {"SNAPLAB_WORKERS": "0"})]
        if not self.quick:
            targets.append(("report", [self.snap, "report", "--examples", "10", "--results",
                                       self.results_json, "--no-progress"], {}))
        for label, argv, extra in targets:
            for name, value, kind in examples:
                if label == "report" and name not in ("garbage", "1e300", "1e15", "-1", "2"):
                    continue

                def action(case, argv=argv, extra=extra, value=value, kind=kind, label=label):
                    cwd = self.case_dir()
                    words = list(argv)
                    if label == "report":
                        words += ["--output", os.path.join(cwd, "report")]
                    env = self.runner.env(dict(extra, SNAPCHECK_EXAMPLES=value))
                    case.command = "SNAPCHECK_EXAMPLES=%s %s%s" % (
                        shlex.quote(value), "SNAPLAB_WORKERS=0 " if extra else "", display(words))
                    res = self.run(words, cwd=cwd, env=env, timeout=60)
                    case.observed = res.describe()
                    basic(case, res)
                    if b"Fatal error" in res.stdout and b"crashes:" in res.stdout:
                        pass  # flagged by basic: SnapLab's own trap, reported as the row's
                    if res.timed_out or res.sig is not None:
                        return
                    mentions = b"SNAPCHECK_EXAMPLES" in res.stderr
                    if res.rc == 64 and has_error(res.stderr):
                        if not mentions:
                            case.flag("UNCLEAR", "refused, but the message does not name SNAPCHECK_EXAMPLES")
                        if kind == "good":
                            case.flag("UNCLEAR", "a documented factor was refused")
                        return
                    if res.rc != 0:
                        expect_error(case, res)
                        return
                    if not res.stdout.strip():
                        case.flag("SILENT FAILURE", "exit 0 with nothing on stdout")
                    if b" crashes: " in res.stdout:
                        case.flag("CRASH", "the built-in rows are reported as crashing")
                    page = os.path.join(cwd, "report", "index.html")
                    if label == "report" and os.path.isfile(page):
                        text = open(page, encoding="utf-8", errors="replace").read()
                        if "Fatal error" in text:
                            m = re.search(r"Do not ship: It crashes: ([^<]*)", text)
                            case.flag("CRASH", "the page says the built-in algorithms crash%s" % (
                                ": " + m.group(1)[:120] if m else ""))
                    if kind == "bad":
                        case.flag("SILENT FAILURE", "the value was ignored without a word (exit 0)")
                    elif kind == "huge":
                        case.flag("UNCLEAR", "ran to the end (exit 0) with an enormous factor")

                expected = {"bad": "exit 64 with an 'Error:' naming SNAPCHECK_EXAMPLES",
                            "huge": "exit 64 (a cap) or a bounded run; never a trap or a run for ever",
                            "good": "the documented scaling: exit 0 with the matrix",
                            "either": "treated as unset, or exit 64 with 'Error:'"}[kind]
                self.add(Case(group, "SNAPCHECK_EXAMPLES=%s %s" % (name, label), "", "env", expected),
                         action)

        seeds = [("garbage", "garbage"), ("1e300", "1e300"), ("-1", "-1"), ("empty", ""),
                 ("0x10", "0x10"), ("2^67", "99999999999999999999"), ("5", "5")]
        if self.quick:
            seeds = seeds[:3]
        for name, value in seeds:
            def action(case, value=value):
                cwd = self.case_dir()
                env = self.runner.env({"SNAPCHECK_SEED": value})
                case.command = "SNAPCHECK_SEED=%s %s" % (shlex.quote(value), display(verify))
                res = self.run(verify, cwd=cwd, env=env, timeout=60)
                case.observed = res.describe()
                basic(case, res)
                if res.timed_out or res.sig is not None:
                    return
                if res.rc == 64 and has_error(res.stderr):
                    return
                ref = reference()
                if res.rc != 0:
                    expect_error(case, res)
                elif res.stdout != ref.stdout:
                    case.flag("UNCLEAR", "output differs from the run without SNAPCHECK_SEED "
                              "(snap-bench's seed is --seed)")

            self.add(Case(group, "SNAPCHECK_SEED=%s verify" % name, "", "env",
                          "ignored by snap-bench (its seed is --seed: same bytes as without it), "
                          "or exit 64 with 'Error:'"), action)

        workers = [("garbage", "garbage"), ("empty", ""), ("-1", "-1"), ("1", "1"), ("0", "0")]
        if self.quick:
            workers = workers[:1] + workers[4:]
        for name, value in workers:
            def action(case, value=value):
                cwd = self.case_dir()
                env = self.runner.env({"SNAPLAB_WORKERS": value})
                case.command = "SNAPLAB_WORKERS=%s %s" % (shlex.quote(value), display(verify))
                res = self.run(verify, cwd=cwd, env=env, timeout=60)
                case.observed = res.describe()
                expect_ok(case, res)
                if not case.issues and res.stdout != reference().stdout:
                    case.flag("UNCLEAR", "output differs from the default run")

            self.add(Case(group, "SNAPLAB_WORKERS=%s verify" % name, "", "env",
                          "same bytes as the default run (workers, or one process for 0)"), action)

        # SNAPBENCH_BASELINES: where baselines are read and saved.
        run = [self.snap] + RUN_SMALL
        places = ["missing-dir", "regular-file", "/dev/zero", "empty", "long", "relative",
                  "invalid-utf8"]
        if self.quick:
            places = ["missing-dir", "regular-file", "invalid-utf8"]
        for place in places:
            for op in ("--baseline", "--save-baseline"):
                def action(case, place=place, op=op):
                    cwd = self.case_dir()
                    with open(os.path.join(cwd, "keep.txt"), "w") as f:
                        f.write("the user's\n")
                    allowed = []
                    if place == "missing-dir":
                        value = os.path.join(cwd, "nowhere", "baselines")
                    elif place == "regular-file":
                        value = os.path.join(cwd, "keep.txt")
                    elif place == "/dev/zero":
                        value = "/dev/zero"
                    elif place == "empty":
                        value = ""
                    elif place == "long":
                        value = os.path.join(cwd, "d" * 5000)
                    elif place == "relative":
                        os.mkdir(os.path.join(cwd, "bl"))
                        value = "bl"
                        allowed = ["bl/x.json"]
                    else:
                        value = None
                    env = self.runner.env()
                    if value is None:
                        # A directory whose name is not UTF-8, beside the name a lossy decoding
                        # gives it, which holds the user's own x.json.
                        raw = os.path.join(os.fsencode(cwd), b"bl\xff")
                        lossy = os.path.join(os.fsencode(cwd), b"bl\xef\xbf\xbd")
                        os.mkdir(raw)
                        os.mkdir(lossy)
                        with open(os.path.join(lossy, b"x.json"), "wb") as f:
                            f.write(open(self.small_baseline, "rb").read())
                        env = {os.fsencode(k): os.fsencode(v) for k, v in env.items()}
                        env[b"SNAPBENCH_BASELINES"] = raw
                        allowed = [b"bl\xff/x.json"]
                        shown = display([raw])
                    else:
                        env["SNAPBENCH_BASELINES"] = value
                        shown = shlex.quote(value if len(value) < 80 else value[:40] + "…")
                    argv = run + [op, "x"]
                    case.command = "SNAPBENCH_BASELINES=%s %s" % (shown, display(argv))
                    before = snapshot(cwd)
                    res = self.run(argv, cwd=cwd, env=env, timeout=60)
                    case.observed = res.describe()
                    after = snapshot(cwd)
                    compare(case, before, after, allowed=allowed)
                    if place == "relative" and op == "--save-baseline":
                        expect_ok(case, res)
                        if res.rc == 0 and not json_complete(os.path.join(cwd, "bl", "x.json")):
                            case.flag("SILENT FAILURE", "exit 0 but bl/x.json is not a whole results file")
                    elif place == "missing-dir" and op == "--save-baseline" and res.rc == 0:
                        expect_ok(case, res)
                        saved = os.path.join(cwd, "nowhere", "baselines", "x.json")
                        if not json_complete(saved):
                            case.flag("SILENT FAILURE", "exit 0 but no whole baseline was saved")
                        elif b"Saved baseline" not in res.stderr:
                            case.flag("UNCLEAR", "made the missing directories without saying so")
                    elif place == "invalid-utf8":
                        if res.rc in (0, 2):
                            basic(case, res)
                            if op == "--save-baseline" and b"bl\xff/x.json" not in after:
                                case.flag("SILENT FAILURE", "exit 0 but nothing saved in the "
                                          "directory named (saved under another name?)")
                            if op == "--baseline":
                                case.flag("SILENT FAILURE", "exit 0: compared with a baseline "
                                          "read from another directory (the named one is empty)")
                        else:
                            expect_error(case, res, codes=(1, 2, 64))
                    else:
                        expect_error(case, res)

                expected = {"relative": "a relative directory works: saved there / refused missing",
                            "missing-dir": "exit 1 with 'Error:' (no such baseline)" if op == "--baseline"
                            else "saved, the directory made (and said where), or refused with 'Error:'",
                            "invalid-utf8": "refused, or read/saved in that very directory; the "
                                            "lossily-decoded twin holding the user's x.json untouched"
                            }.get(place, "exit 1 or 64 with 'Error:', no file created or changed")
                if place == "relative" and op == "--baseline":
                    expected = "exit 1 with 'Error:' (no baseline x in bl/)"
                self.add(Case(group, "SNAPBENCH_BASELINES %s %s" % (place, op), "", "env", expected),
                         action)


    # MARK: 3. Files

    def files(self):
        self.file_inputs()
        self.run_outputs()
        self.report_outputs()

    def file_inputs(self):
        group = "files"
        good = {"trace": GESTURE.encode(), "verify": open(self.verify_json, "rb").read(),
                "results": open(self.results_json, "rb").read(),
                "baseline": open(self.small_baseline, "rb").read()}
        kinds = ["dev-zero", "directory", "missing", "corrupt", "deep", "fifo-valid",
                 "fifo-endless", "binary", "sparse-300MB", "empty", "truncated",
                 "invalid-utf8-bytes", "utf16"]
        if self.quick:
            kinds = ["dev-zero", "directory", "missing", "corrupt", "deep", "fifo-valid",
                     "binary", "sparse-300MB"]
        readers = ["trace --gesture", "report --verify", "report --results", "run --baseline"]

        for reader in readers:
            for kind in kinds:
                def action(case, reader=reader, kind=kind):
                    cwd = self.case_dir()
                    with open(os.path.join(cwd, "keep.txt"), "w") as f:
                        f.write("the user's\n")
                    content = good[{"trace --gesture": "trace", "report --verify": "verify",
                                    "report --results": "results",
                                    "run --baseline": "baseline"}[reader]]
                    env = None
                    if reader == "run --baseline":
                        os.mkdir(os.path.join(cwd, "bl"))
                        path = os.path.join(cwd, "bl", "x.json")
                        env = self.runner.env({"SNAPBENCH_BASELINES": os.path.join(cwd, "bl")})
                    else:
                        path = os.path.join(cwd, "input.json")
                    if kind == "dev-zero" and reader != "run --baseline":
                        path = "/dev/zero"
                        feeder = None
                    else:
                        feeder = make_input(kind, path, content)
                    if reader == "trace --gesture":
                        argv = [self.snap, "trace", "edge-dock.corrected", "--gesture", path]
                    elif reader == "report --verify":
                        argv = [self.snap, "report", "--verify", path, "--results",
                                self.results_json, "--output", os.path.join(cwd, "report"),
                                "--no-progress"]
                    elif reader == "report --results":
                        argv = [self.snap, "report", "--results", path, "--verify",
                                self.verify_json, "--output", os.path.join(cwd, "report"),
                                "--no-progress"]
                    else:
                        argv = [self.snap] + RUN_SMALL + ["--baseline", "x"]
                    case.command = display(argv)
                    if env:
                        case.command = "SNAPBENCH_BASELINES=bl " + case.command
                    before = snapshot(cwd)
                    try:
                        res = self.run(argv, cwd=cwd, env=env, timeout=120)
                    finally:
                        if feeder:
                            feeder.finish()
                    case.observed = res.describe()
                    if feeder and feeder.error:
                        case.observed += "; feeder: " + feeder.error
                    valid = kind == "fifo-valid"
                    if valid or kind == "utf16":
                        if res.rc in (1, 64) and kind == "utf16":
                            expect_error(case, res)
                        else:
                            expect_ok(case, res, codes=(0, 2) if reader == "run --baseline" else (0,))
                        if reader.startswith("report") and res.rc == 0:
                            complete, why = report_state(os.path.join(cwd, "report"))
                            if not complete:
                                case.flag("SILENT FAILURE", "exit 0 but the report is not whole: " + why)
                    else:
                        expect_error(case, res)
                        if os.path.exists(os.path.join(cwd, "report")):
                            case.flag("SILENT FAILURE", "an input it refused, yet a report was written")
                    compare(case, before, snapshot(cwd), allowed=["report"])

                expected = ("read whole: exit 0 with the output" if kind == "fifo-valid" else
                            "read, or refused with 'Error:'" if kind == "utf16" else
                            "exit 1 (or 64) with 'Error:' naming the file, nothing written, "
                            "no crash or hang")
                setup = {"dev-zero": "/dev/zero (a link to it for a baseline)",
                         "sparse-300MB": "a 300 MB sparse file",
                         "fifo-valid": "a FIFO a writer feeds a valid file into",
                         "fifo-endless": "a FIFO a writer feeds zeros into without end",
                         "deep": "JSON nested 100,000 deep"}.get(kind, kind)
                self.add(Case(group, "%s: %s" % (reader, kind), "", setup, expected), action)

        # Standard input, and gestures that are JSON but not a gesture.
        stdin_cases = [("stdin /dev/zero", "/dev/zero", "error"), ("stdin closed", "closed", "error"),
                       ("stdin empty", b"", "error"), ("stdin valid", GESTURE.encode(), "ok")]
        bad_gestures = [
            ("NaN literal", '{"version":1,"start":{"x":NaN,"y":1},"events":[]}', "error"),
            ("1e999", '{"version":1,"start":{"x":1e999,"y":1},"events":[{"t":0,"phase":"began","x":1e999,"y":1}]}', "error-or-ok"),
            ("version 2", GESTURE.replace('"version": 1', '"version": 2'), "error"),
            ("version as text", GESTURE.replace('"version": 1', '"version": "1"'), "error"),
            ("events not an array", '{"version":1,"start":{"x":1,"y":1},"events":{}}', "error"),
            ("phase bogus", GESTURE.replace('"moved"', '"teleported"'), "error"),
            # The format says t never decreases; the simulator makes hostile timestamps
            # monotonic, as UIKit does: either is documented.
            ("time backwards", GESTURE.replace('"t": 0.2', '"t": 0.05'), "error-or-ok"),
            ("refresh rate 0", GESTURE.rstrip()[:-1] + ', "container": [{"t": 0.1, "width": 393, "height": 852, "refreshRate": 0}]}', "error"),
            ("negative width", GESTURE.rstrip()[:-1] + ', "container": [{"t": 0.1, "width": -393, "height": 852}]}', "error"),
            ("200k events", big_gesture(200000), "error-or-ok"),
            ("BOM then JSON", "\ufeff" + GESTURE, "error-or-ok"),
            ("duplicate keys", GESTURE.replace('"version": 1', '"version": 1, "version": 7'), "error-or-ok"),
        ]
        if self.quick:
            bad_gestures = bad_gestures[::3]
        for name, stdin, kind in stdin_cases + [(n, g.encode(), k) for n, g, k in bad_gestures]:
            def action(case, stdin=stdin, kind=kind):
                cwd = self.case_dir()
                argv = [self.snap, "trace", "edge-dock.corrected", "--gesture", "-"]
                case.command = display(argv) + " < input"
                res = self.run(argv, cwd=cwd, stdin=stdin, timeout=120)
                case.observed = res.describe()
                if kind == "ok":
                    expect_ok(case, res)
                elif kind == "error":
                    expect_error(case, res)
                elif res.rc == 0:
                    expect_ok(case, res)
                else:
                    expect_error(case, res)

            expected = {"ok": "exit 0 with the trace", "error": "exit 1 with 'Error:' naming the field",
                        "error-or-ok": "a trace, or exit 1 with 'Error:'; no crash or hang"}[kind]
            self.add(Case(group, "trace --gesture -: " + name, "", "gesture on standard input",
                          expected), action)

    def run_outputs(self):
        group = "files"
        base = [self.snap] + RUN_SMALL + ["--format", "json"]
        cases = ["dev-full", "dash-stdout-closed", "dash-stdout-full", "missing-parent",
                 "directory", "empty-path", "existing-file", "read-only-file", "hard-link",
                 "symlink-to-file", "dangling-symlink", "symlink-loop", "symlink-to-directory",
                 "link-to-invalid-utf8-name-missing", "link-to-invalid-utf8-name-existing",
                 "fifo-with-reader", "dev-null", "invalid-utf8-path", "output-is-the-baseline",
                 "output-links-to-the-baseline", "output-is-the-saved-baseline",
                 "save-baseline-fewer-benchmarks", "save-baseline-force", "path-too-long",
                 "trailing-slash", "cwd-invalid-utf8"]
        for name in cases:
            def action(case, name=name):
                cwd = self.case_dir()
                bcwd = os.fsencode(cwd)
                keep = os.path.join(cwd, "keep.txt")
                with open(keep, "w") as f:
                    f.write("the user's\n")
                bl = os.path.join(cwd, "bl")
                os.mkdir(bl)
                env = self.runner.env({"SNAPBENCH_BASELINES": bl})
                argv = list(base)
                stdout = "capture"
                run_cwd = cwd
                allowed = []
                check = None  # a function run after: flags what is wrong
                kind = "ok"
                user = b"the user's own file\n"

                def write(path, data=user, mode=None):
                    with open(path, "wb") as f:
                        f.write(data)
                    if mode is not None:
                        os.chmod(path, mode)

                if name == "dev-full":
                    argv += ["--output", "/dev/full"]
                    kind = "error"
                elif name == "dash-stdout-closed":
                    argv += ["--output", "-"]
                    stdout = "closed"
                    kind = "error"
                elif name == "dash-stdout-full":
                    argv += ["--output", "-"]
                    stdout = "full"
                    kind = "error"
                elif name == "missing-parent":
                    argv += ["--output", "nodir/out.json"]
                    kind = "usage"
                elif name == "directory":
                    os.mkdir(os.path.join(cwd, "adir"))
                    write(os.path.join(cwd, "adir", "inside.txt"))
                    argv += ["--output", "adir"]
                    kind = "usage"
                elif name == "empty-path":
                    argv += ["--output", ""]
                    kind = "usage"
                elif name in ("existing-file", "read-only-file"):
                    mode = 0o640 if name == "existing-file" else 0o444
                    write(os.path.join(cwd, "out.json"), mode=mode)
                    argv += ["--output", "out.json"]
                    allowed = ["out.json"]

                    def check(case, mode=mode):
                        path = os.path.join(cwd, "out.json")
                        if not json_complete(path):
                            case.flag("SILENT FAILURE", "out.json is not a whole results file")
                        elif stat.S_IMODE(os.stat(path).st_mode) != mode:
                            case.flag("UNCLEAR", "out.json's mode %o became %o" % (
                                mode, stat.S_IMODE(os.stat(path).st_mode)))
                elif name == "hard-link":
                    write(os.path.join(cwd, "other.json"))
                    os.link(os.path.join(cwd, "other.json"), os.path.join(cwd, "out.json"))
                    argv += ["--output", "out.json"]
                    allowed = ["out.json"]

                    def check(case):
                        if not json_complete(os.path.join(cwd, "out.json")):
                            case.flag("SILENT FAILURE", "out.json is not a whole results file")
                elif name == "symlink-to-file":
                    write(os.path.join(cwd, "target.json"))
                    os.symlink("target.json", os.path.join(cwd, "link.json"))
                    argv += ["--output", "link.json"]
                    allowed = ["target.json"]

                    def check(case):
                        if not json_complete(os.path.join(cwd, "target.json")):
                            case.flag("SILENT FAILURE", "the link's target is not a whole results file")
                elif name == "dangling-symlink":
                    os.symlink("made.json", os.path.join(cwd, "link.json"))
                    argv += ["--output", "link.json"]

                    def check(case):
                        if not json_complete(os.path.join(cwd, "made.json")):
                            case.flag("SILENT FAILURE", "the link's target was not made whole")
                elif name == "symlink-loop":
                    os.symlink("b", os.path.join(cwd, "a"))
                    os.symlink("a", os.path.join(cwd, "b"))
                    argv += ["--output", "a"]
                    kind = "usage"
                elif name == "symlink-to-directory":
                    os.mkdir(os.path.join(cwd, "adir"))
                    write(os.path.join(cwd, "adir", "inside.txt"))
                    os.symlink("adir", os.path.join(cwd, "link"))
                    argv += ["--output", "link"]
                    kind = "usage"
                elif name.startswith("link-to-invalid-utf8-name"):
                    # The link names b'\xff.json'; b'\xef\xbf\xbd.json' (what a lossy decoding
                    # of that name gives) is the user's own file.
                    write(os.path.join(bcwd, b"\xef\xbf\xbd.json"))
                    if name.endswith("existing"):
                        write(os.path.join(bcwd, b"\xff.json"))
                    os.symlink(b"\xff.json", os.path.join(bcwd, b"link.json"))
                    argv += ["--output", "link.json"]
                    allowed = [b"\xff.json"]
                    kind = "usage-or-ok"

                    def check(case):
                        if os.path.exists(os.path.join(bcwd, b"\xff.json")) and \
                                json_complete(os.path.join(bcwd, b"\xff.json")):
                            return
                        case.flag("SILENT FAILURE", "exit 0 but the link's target "
                                  "b'\\xff.json' holds no results (written under another name)")
                elif name == "fifo-with-reader":
                    fifo = os.path.join(cwd, "out.fifo")
                    os.mkfifo(fifo)
                    reader = FifoReader(fifo)
                    argv += ["--output", "out.fifo"]

                    def check(case, reader=reader):
                        data = reader.finish()
                        try:
                            ok = bool(json.loads(data).get("results"))
                        except ValueError:
                            ok = False
                        if not ok:
                            case.flag("SILENT FAILURE", "the FIFO's reader got %d bytes, not a "
                                      "whole results file" % len(data))
                elif name == "dev-null":
                    argv += ["--output", "/dev/null"]
                elif name == "invalid-utf8-path":
                    argv += ["--output", b"\xff.json"]
                    kind = "usage"
                elif name in ("output-is-the-baseline", "output-links-to-the-baseline"):
                    write(os.path.join(bl, "x.json"), open(self.small_baseline, "rb").read())
                    target = os.path.join(bl, "x.json")
                    if name == "output-links-to-the-baseline":
                        os.symlink(target, os.path.join(cwd, "link.json"))
                        target = "link.json"
                    argv += ["--output", target, "--baseline", "x"]
                    kind = "usage"
                elif name == "output-is-the-saved-baseline":
                    argv += ["--output", os.path.join(bl, "x.json"), "--save-baseline", "x"]
                    allowed = ["bl/x.json"]
                    kind = "usage-or-ok"

                    def check(case):
                        if not json_complete(os.path.join(bl, "x.json")):
                            case.flag("SILENT FAILURE", "bl/x.json is not a whole results file")
                elif name in ("save-baseline-fewer-benchmarks", "save-baseline-force"):
                    write(os.path.join(bl, "x.json"), open(self.results_json, "rb").read())
                    argv += ["--save-baseline", "x"]
                    kind = "error"
                    if name == "save-baseline-force":
                        argv += ["--force"]
                        allowed = ["bl/x.json"]
                        kind = "ok"

                        def check(case):
                            with open(os.path.join(bl, "x.json"), "rb") as f:
                                if f.read() == open(self.results_json, "rb").read():
                                    case.flag("SILENT FAILURE", "exit 0 but the baseline was not replaced")
                elif name == "path-too-long":
                    argv += ["--output", "d" * 5000 + "/out.json"]
                    kind = "error"
                elif name == "trailing-slash":
                    argv += ["--output", "out.json/"]
                    kind = "error"
                elif name == "cwd-invalid-utf8":
                    # Run in b'\xff' with a relative output; its twin b'\xef\xbf\xbd' holds the
                    # user's own out.json.
                    os.mkdir(os.path.join(bcwd, b"\xff"))
                    os.mkdir(os.path.join(bcwd, b"\xef\xbf\xbd"))
                    write(os.path.join(bcwd, b"\xef\xbf\xbd", b"out.json"))
                    run_cwd = os.path.join(bcwd, b"\xff")
                    argv += ["--output", "out.json"]
                    allowed = [b"\xff/out.json"]

                    def check(case):
                        if not json_complete(os.path.join(bcwd, b"\xff", b"out.json")):
                            case.flag("SILENT FAILURE", "no whole out.json in the working directory")
                case.command = display(argv) + {"closed": " >&-", "full": " >/dev/full"}.get(stdout, "")
                before = snapshot(cwd)
                res = self.run(argv, cwd=run_cwd, env=env, stdout=stdout, timeout=120)
                case.observed = res.describe()
                if kind == "ok":
                    expect_ok(case, res, need_stdout=stdout == "capture")
                elif kind == "usage":
                    expect_usage(case, res)
                elif kind == "error":
                    expect_error(case, res)
                elif res.rc == 0:
                    expect_ok(case, res)
                else:
                    expect_usage(case, res)
                if check and res.rc == 0:
                    check(case)
                elif check and name == "fifo-with-reader":
                    check(case)
                compare(case, before, snapshot(cwd), allowed=allowed)

            expected = {
                "dev-full": "exit 1 with 'Error:' (no space)", "dash-stdout-closed": "exit 1 with 'Error:'",
                "dash-stdout-full": "exit 1 with 'Error:'", "missing-parent": "exit 64 before any work, nothing made",
                "directory": "exit 64, the directory untouched", "empty-path": "exit 64",
                "existing-file": "replaced whole, its mode (0640) kept",
                "read-only-file": "replaced whole, its mode (0444) kept",
                "hard-link": "out.json replaced whole; the other name of its inode (other.json) keeps its bytes",
                "symlink-to-file": "written through the link: the target replaced whole, the link kept",
                "dangling-symlink": "the link's target made", "symlink-loop": "exit 64",
                "symlink-to-directory": "exit 64",
                "link-to-invalid-utf8-name-missing": "b'\\xff.json' made, or refused; b'\\xef\\xbf\\xbd.json' (the user's) untouched",
                "link-to-invalid-utf8-name-existing": "b'\\xff.json' replaced, or refused; b'\\xef\\xbf\\xbd.json' (the user's) untouched",
                "fifo-with-reader": "the reader gets the whole file", "dev-null": "exit 0",
                "invalid-utf8-path": "exit 64 (not UTF-8), nothing written",
                "output-is-the-baseline": "exit 64 (an output that is an input), the baseline untouched",
                "output-links-to-the-baseline": "exit 64 (an output that is an input), the baseline untouched",
                "output-is-the-saved-baseline": "refused, or one whole results file",
                "save-baseline-fewer-benchmarks": "refused without --force, the baseline untouched",
                "save-baseline-force": "the baseline replaced whole", "path-too-long": "exit 1 or 64 with 'Error:'",
                "trailing-slash": "exit 1 or 64 with 'Error:'",
                "cwd-invalid-utf8": "out.json in the working directory b'\\xff'; the twin b'\\xef\\xbf\\xbd/out.json' untouched",
            }[name]
            self.add(Case(group, "run --output: " + name, "", "a user file beside it", expected),
                     action)

    def report_outputs(self):
        group = "files"
        base = [self.snap, "report", "--verify", self.verify_json, "--results",
                self.results_json, "--no-progress"]
        cases = ["new", "user-index-and-svg", "user-notes", "user-hidden-file", "empty-dir",
                 "tool-written", "tool-written-plus-user-file", "manifest-garbage",
                 "manifest-with-a-path", "manifest-lists-a-directory", "regular-file",
                 "missing-parent", "dev-full", "dot", "input-in-user-dir",
                 "input-in-tool-dir", "results-in-tool-dir", "manifest-as-input",
                 "index-as-input", "link-to-user-dir", "link-to-tool-dir",
                 "link-to-invalid-utf8-twin-exists", "link-to-invalid-utf8-missing",
                 "invalid-utf8-path", "leftover-lookalikes", "cwd-invalid-utf8",
                 "race-user-file-appears", "race-user-dir-appears", "race-empty-dir-appears"]
        if self.quick:
            cases = [c for c in cases if c in (
                "user-index-and-svg", "tool-written", "tool-written-plus-user-file",
                "input-in-user-dir", "link-to-invalid-utf8-twin-exists", "leftover-lookalikes",
                "race-user-file-appears", "race-user-dir-appears")]
        earlier = [self.snap, "report", "--verify", self.verify_json, "--results",
                   self.results_json, "--no-progress", "--landscape"]

        for name in cases:
            def action(case, name=name):
                cwd = self.case_dir()
                bcwd = os.fsencode(cwd)
                with open(os.path.join(cwd, "keep.txt"), "w") as f:
                    f.write("the user's\n")
                user = b"the user's own file\n"

                def write(path, data=user):
                    with open(path, "wb") as f:
                        f.write(data)

                def tool_report(path, cwd_=None):
                    res = self.run(earlier + ["--output", path], cwd=cwd_ or cwd, timeout=120)
                    if res.rc != 0:
                        raise RuntimeError("an earlier report failed: " + res.describe())

                out = os.path.join(cwd, "rep")
                argv = list(base)
                run_cwd = cwd
                kind = "ok"
                allowed = []
                target = out  # the directory that must be a whole report after
                timed = []
                if name == "new":
                    allowed = ["rep"]
                elif name == "user-index-and-svg":
                    os.mkdir(out)
                    write(os.path.join(out, "index.html"), b"<html>the user's page</html>\n")
                    write(os.path.join(out, "icon.svg"), b"<svg>the user's icon</svg>\n")
                    write(os.path.join(out, "cost-frame.svg"), b"<svg>the user's</svg>\n")
                    kind = "usage"
                elif name == "user-notes":
                    os.mkdir(out)
                    write(os.path.join(out, "notes.txt"))
                    kind = "usage"
                elif name == "user-hidden-file":
                    os.mkdir(out)
                    write(os.path.join(out, ".DS_Store"))
                    kind = "usage"
                elif name == "empty-dir":
                    os.mkdir(out)
                    allowed = ["rep"]
                elif name == "tool-written":
                    tool_report(out)
                    allowed = ["rep"]
                elif name == "tool-written-plus-user-file":
                    tool_report(out)
                    write(os.path.join(out, "my-notes.txt"))
                    kind = "usage"
                elif name == "manifest-garbage":
                    os.mkdir(out)
                    write(os.path.join(out, ".snap-bench-report"), b"hello\n")
                    write(os.path.join(out, "index.html"))
                    kind = "usage"
                elif name == "manifest-with-a-path":
                    os.mkdir(out)
                    write(os.path.join(out, ".snap-bench-report"),
                          b"snap-bench report files, version 1\n../keep.txt\nindex.html\n")
                    write(os.path.join(out, "index.html"))
                    kind = "usage"
                elif name == "manifest-lists-a-directory":
                    os.mkdir(out)
                    write(os.path.join(out, ".snap-bench-report"),
                          b"snap-bench report files, version 1\nindex.html\n")
                    os.mkdir(os.path.join(out, "index.html"))
                    write(os.path.join(out, "index.html", "inside.txt"))
                    kind = "usage"
                elif name == "regular-file":
                    write(out)
                    kind = "usage"
                elif name == "missing-parent":
                    out = os.path.join(cwd, "nodir", "rep")
                    kind = "usage"
                elif name == "dev-full":
                    out = "/dev/full"
                    kind = "usage"
                elif name == "dot":
                    out = "."
                    kind = "usage"
                elif name == "input-in-user-dir":
                    os.mkdir(out)
                    shutil.copy(self.verify_json, os.path.join(out, "v.json"))
                    argv = [self.snap, "report", "--verify", os.path.join(out, "v.json"),
                            "--results", self.results_json, "--no-progress"]
                    kind = "usage"
                elif name in ("input-in-tool-dir", "results-in-tool-dir"):
                    tool_report(out)
                    if name == "input-in-tool-dir":
                        shutil.copy(self.verify_json, os.path.join(out, "v.json"))
                        argv = [self.snap, "report", "--verify", os.path.join(out, "v.json"),
                                "--results", self.results_json, "--no-progress"]
                    else:
                        shutil.copy(self.results_json, os.path.join(out, "r.json"))
                        argv = [self.snap, "report", "--verify", self.verify_json,
                                "--results", os.path.join(out, "r.json"), "--no-progress"]
                    kind = "usage"
                elif name in ("manifest-as-input", "index-as-input"):
                    tool_report(out)
                    inner = ".snap-bench-report" if name == "manifest-as-input" else "index.html"
                    argv = [self.snap, "report", "--verify", os.path.join(out, inner),
                            "--results", self.results_json, "--no-progress"]
                    kind = "error"
                elif name == "link-to-user-dir":
                    os.mkdir(os.path.join(cwd, "mine"))
                    write(os.path.join(cwd, "mine", "index.html"), b"<html>mine</html>\n")
                    os.symlink("mine", out)
                    kind = "usage"
                elif name == "link-to-tool-dir":
                    tool_report(os.path.join(cwd, "real"))
                    os.symlink("real", out)
                    allowed = ["real"]
                    target = os.path.join(cwd, "real")
                elif name.startswith("link-to-invalid-utf8"):
                    # rep -> b'\xffrep'; b'\xef\xbf\xbdrep' is what a lossy decoding of that
                    # name gives.
                    raw = os.path.join(bcwd, b"\xffrep")
                    twin = os.path.join(bcwd, b"\xef\xbf\xbdrep")
                    if name.endswith("twin-exists"):
                        os.mkdir(raw)
                        tool_report(twin)
                    os.symlink(b"\xffrep", os.fsencode(out))
                    allowed = [b"\xffrep"]
                    target = raw
                    kind = "usage-or-ok"
                elif name == "invalid-utf8-path":
                    out = os.path.join(bcwd, b"rep\xff")
                    kind = "usage"
                elif name == "leftover-lookalikes":
                    tool_report(out)
                    for entry in (".rep.tmp-999999-abc", ".rep.old-1-x"):
                        os.mkdir(os.path.join(cwd, entry))
                        write(os.path.join(cwd, entry, "notes.txt"))
                    write(os.path.join(cwd, ".rep.tmp-999998-q"))
                    os.mkdir(os.path.join(cwd, ".rep.tmp-999997-e"))
                    allowed = ["rep", ".rep.tmp-999997-e"]
                elif name == "cwd-invalid-utf8":
                    os.mkdir(os.path.join(bcwd, b"\xff"))
                    os.mkdir(os.path.join(bcwd, b"\xef\xbf\xbd"))
                    tool_report(os.path.join(bcwd, b"\xef\xbf\xbd", b"rep"))
                    run_cwd = os.path.join(bcwd, b"\xff")
                    out = "rep"
                    allowed = [b"\xff/rep"]
                    target = os.path.join(bcwd, b"\xff", b"rep")
                elif name == "race-user-file-appears":
                    tool_report(out)
                    allowed = ["rep"]
                    late = b"the user's late file, written while the report ran\n"
                    timed = [(1.0, lambda: write(os.path.join(out, "late.txt"), late))]
                    kind = "race-file"
                elif name == "race-user-dir-appears":
                    def appear():
                        os.mkdir(out)
                        write(os.path.join(out, "index.html"), b"<html>the user's page</html>\n")
                    timed = [(1.0, appear)]
                    kind = "race-dir"
                elif name == "race-empty-dir-appears":
                    timed = [(1.0, lambda: os.mkdir(out))]
                    allowed = ["rep"]
                argv = argv + ["--output", out]
                case.command = display(argv)
                before = snapshot(cwd)
                res = self.run(argv, cwd=run_cwd, timeout=120, timed=timed)
                case.observed = res.describe()
                after = snapshot(cwd)
                if kind == "ok":
                    expect_ok(case, res)
                    if res.rc == 0:
                        complete, why = report_state(target)
                        if not complete:
                            case.flag("SILENT FAILURE", "exit 0 but the report is not whole: " + why)
                elif kind == "usage":
                    expect_usage(case, res)
                elif kind == "error":
                    expect_error(case, res)
                elif kind == "usage-or-ok":
                    if res.rc == 0:
                        expect_ok(case, res)
                        complete, why = report_state(target)
                        if not complete:
                            case.flag("SILENT FAILURE", "exit 0 but %s is not a whole report (%s): "
                                      "written under another name?" % (show(target), why))
                    else:
                        expect_usage(case, res)
                elif kind == "race-file":
                    basic(case, res)
                    found = any(entry[0] == "file" and entry[3] == digest_bytes(late)
                                for entry in after.values())
                    if not found:
                        case.flag("DATA LOST", "the user's late.txt, written into the directory "
                                  "while the report ran, is gone")
                    elif res.rc == 0 and b"kept" not in res.stderr:
                        case.flag("UNCLEAR", "late.txt kept, but nothing said where")
                elif kind == "race-dir":
                    basic(case, res)
                    index = os.path.join(out, "index.html")
                    if not (os.path.isfile(index) and open(index, "rb").read().startswith(b"<html>the user's")):
                        case.flag("DATA LOST", "the user's rep/index.html, made while the report "
                                  "ran, was replaced or removed")
                    elif res.rc == 0:
                        case.flag("SILENT FAILURE", "exit 0 but the report was not put in place")
                    elif not has_error(res.stderr):
                        case.flag("SILENT FAILURE", "exit %s without an 'Error:' line" % res.rc)
                kept = re.search(rb"are kept in '([^']*)'", res.stderr)
                compare(case, before, after, allowed=allowed,
                        leftovers_are=None if kept else "SILENT FAILURE")
                if name.startswith("link-to") and not os.path.islink(os.fsencode(out)):
                    case.flag("DATA LOST", "the symbolic link rep was replaced by a directory")
                if name == "link-to-invalid-utf8-missing":
                    if os.path.exists(os.path.join(bcwd, b"\xef\xbf\xbdrep")):
                        case.flag("SILENT FAILURE", "wrote b'\\xef\\xbf\\xbdrep', a name other "
                                  "than the link's target b'\\xffrep'")

            expected = {
                "new": "a whole report", "empty-dir": "a whole report in it",
                "tool-written": "replaced by a whole report (the earlier one was --landscape)",
                "link-to-tool-dir": "the target replaced by a whole report, the link kept",
                "leftover-lookalikes": "a whole report; the user's .rep.tmp-999999-abc/, .rep.old-1-x/ and .rep.tmp-999998-q untouched",
                "cwd-invalid-utf8": "a whole report in b'\\xff/rep'; the twin b'\\xef\\xbf\\xbd/rep' untouched",
                "race-user-file-appears": "the user's late.txt kept (and said where), or refused",
                "race-user-dir-appears": "exit 1 with 'Error:'; the user's rep/index.html untouched",
                "race-empty-dir-appears": "a whole report in it",
                "manifest-as-input": "refused with 'Error:'; rep untouched",
                "index-as-input": "refused with 'Error:'; rep untouched",
                "link-to-invalid-utf8-twin-exists": "written into b'\\xffrep' (the link's target) or refused; the twin report b'\\xef\\xbf\\xbdrep' untouched",
                "link-to-invalid-utf8-missing": "b'\\xffrep' made, or refused; never b'\\xef\\xbf\\xbdrep'",
            }.get(name, "exit 64 with 'Error:' before any work; every byte of what is there kept")
            self.add(Case(group, "report --output: " + name, "", "a user file beside it", expected),
                     action)


    # MARK: 4. Standard output that fails

    def standard_output(self):
        group = "stdout"
        snap = self.snap
        commands = [
            ("verify", [snap, "verify", "--algorithm", "edge-dock.published", "--examples", "10",
                        "--no-progress"]),
            ("verify --format json", [snap, "verify", "--algorithm", "edge-dock.published",
                                      "--examples", "10", "--no-progress", "--format", "json"]),
            ("trace", [snap, "trace", "edge-dock.corrected"]),
            ("trace --format csv", [snap, "trace", "edge-dock.corrected", "--format", "csv"]),
            ("trace --format svg", [snap, "trace", "edge-dock.corrected", "--format", "svg"]),
            ("curve (1e6 samples)", [snap, "curve", "spring(damping:0.3,response:0.5)",
                                     "--samples", "1000000"]),
            ("curve --format json", [snap, "curve", "ease-out", "--format", "json",
                                     "--samples", "100000"]),
            ("list", [snap, "list"]),
            ("list algorithms", [snap, "list", "algorithms"]),
            ("run --output -", [snap] + RUN_SMALL + ["--format", "json", "--output", "-"]),
            ("run (table)", [snap] + RUN_SMALL),
            ("--help", [snap, "--help"]),
            ("verify --help", [snap, "verify", "--help"]),
            ("report (its status line)", [snap, "report", "--verify", self.verify_json,
                                          "--results", self.results_json, "--no-progress",
                                          "--output", "REPORT"]),
        ]
        if self.quick:
            commands = [c for c in commands if c[0] in (
                "verify", "trace", "curve (1e6 samples)", "list", "run --output -")]
        for name, argv in commands:
            for mode in ("full", "closed", "head"):
                def action(case, argv=argv, mode=mode, name=name):
                    cwd = self.case_dir()
                    words = [os.path.join(cwd, "rep") if w == "REPORT" else w for w in argv]
                    case.command = display(words) + {"full": " >/dev/full", "closed": " >&-",
                                                     "head": " | head -c 10"}[mode]
                    res = self.run(words, cwd=cwd, stdout=mode, timeout=120)
                    case.observed = res.describe()
                    if mode == "head":
                        basic(case, res)
                        if res.timed_out:
                            return
                        if res.sig not in (None, signal.SIGPIPE):
                            return
                        if res.rc not in (None, 0) and not has_error(res.stderr):
                            case.flag("SILENT FAILURE", "exit %d without an 'Error:' line" % res.rc)
                        if has_error(res.stderr) and res.rc not in (None, 0):
                            case.flag("UNCLEAR", "printed an 'Error:' for a reader that stopped "
                                      "reading (exit %d)" % res.rc)
                        if res.stderr.count(b"Error:") > 1:
                            case.flag("UNCLEAR", "%d 'Error:' lines" % res.stderr.count(b"Error:"))
                    else:
                        expect_error(case, res, codes=(1,))
                        if name.startswith("report") and res.rc == 1:
                            complete, _ = report_state(os.path.join(cwd, "rep"))
                            case.observed += "; the report itself %s" % (
                                "is whole" if complete else "is not there")

                expected = ("ends quietly: exit 0 or SIGPIPE, no 'Error:', no hang" if mode == "head"
                            else "exit 1 with 'Error:' (could not write standard output)")
                self.add(Case(group, "%s, stdout %s" % (name, {"full": "/dev/full", "closed": "closed",
                                                               "head": "| head -c 10"}[mode]),
                              "", "-", expected), action)

        # Standard error that fails: the status must still say what happened.
        err_cases = [
            ("usage error, stderr closed", [snap, "verify", "--examples", "nan"], "closed", (64,)),
            ("usage error, stderr /dev/full", [snap, "verify", "--examples", "nan"], "full", (64,)),
            ("run, stderr closed", [snap] + RUN_SMALL, "closed", (0, 1)),
            ("verify, stderr /dev/full", [snap, "verify", "--algorithm", "edge-dock.published",
                                          "--examples", "10"], "full", (0, 1)),
            ("hostile verify of a trap, stderr closed", [self.hostile, "verify", "--algorithm",
                                                         "hostile.traps", "--no-progress"],
             "closed", (0,)),
        ]
        for name, argv, mode, codes in err_cases:
            def action(case, argv=argv, mode=mode, codes=codes):
                cwd = self.case_dir()
                case.command = display(argv) + {"closed": " 2>&-", "full": " 2>/dev/full"}[mode]
                res = self.run(argv, cwd=cwd, stderr=mode, timeout=120)
                case.observed = res.describe()
                basic(case, res)
                if not res.timed_out and res.sig is None and res.rc not in codes:
                    case.flag("UNCLEAR", "exit %s (expected %s)" % (res.rc, "/".join(map(str, codes))))

            self.add(Case(group, name, "", "-", "exit %s, no crash" % "/".join(map(str, codes))),
                     action)

    # MARK: 5. Signals

    def signals(self):
        group = "signals"
        run_argv = [self.snap, "run", "--repetitions", "60", "--format", "json", "--no-progress",
                    "--output", "out.json"]
        report_argv = [self.snap, "report", "--examples", "20", "--no-progress", "--output", "rep"]
        fast_report = [self.snap, "report", "--verify", self.verify_json, "--results",
                       self.results_json, "--no-progress", "--landscape", "--output", "rep"]
        # How long each takes here, to aim signals at their last moments too.
        durations = {}
        for key, argv in (("run", run_argv), ("report", report_argv)):
            cwd = self.case_dir()
            res = self.run(argv, cwd=cwd, stdout="null", timeout=300)
            durations[key] = res.seconds if res.rc == 0 else 5.0
        print("(calibration: run %.1f s, report %.1f s)" % (durations["run"], durations["report"]),
              flush=True)
        moments = [0.1, 0.5, 1.0, 3.0]
        late = [0.9, 0.97]
        kinds = [(signal.SIGINT, True), (signal.SIGTERM, False), (signal.SIGHUP, False)]
        if self.quick:
            moments = [0.5, 3.0]
            late = [0.95]

        def setup(what, cwd):
            if what == "run":
                shutil.copy(self.results_json, os.path.join(cwd, "out.json"))
            else:
                res = self.run(fast_report, cwd=cwd, stdout="null", timeout=120)
                if res.rc != 0:
                    raise RuntimeError("the earlier report failed: " + res.describe())
            with open(os.path.join(cwd, "keep.txt"), "w") as f:
                f.write("the user's\n")

        def destination_ok(case, what, cwd, before):
            """The destination holds the old content or the new, whole."""
            after = snapshot(cwd)
            if what == "run":
                path = os.path.join(cwd, "out.json")
                old = before.get(b"out.json")
                if after.get(b"out.json") == old:
                    state = "old"
                elif json_complete(path):
                    state = "new"
                else:
                    case.flag("DATA LOST", "out.json is neither the old file nor a whole new one")
                    state = "torn"
                allowed = ["out.json"]
            else:
                old = {k: v for k, v in before.items() if k.startswith(b"rep/") or k == b"rep"}
                new = {k: v for k, v in after.items() if k.startswith(b"rep/") or k == b"rep"}
                complete, why = report_state(os.path.join(cwd, "rep"))
                if new == old:
                    state = "old"
                elif complete:
                    state = "new"
                else:
                    case.flag("DATA LOST", "rep is neither the old report nor a whole new one: " + why)
                    state = "torn"
                allowed = ["rep"]
            return after, allowed, state

        for what in ("run", "report"):
            argv = run_argv if what == "run" else report_argv
            times = [(m, "%.1f s" % m) for m in moments] + [
                (f * durations[what], "%.0f%% of its %.1f s" % (f * 100, durations[what])) for f in late]
            for number, to_group in kinds:
                if self.quick and what == "run" and number == signal.SIGHUP:
                    continue
                for at, label in times:
                    def action(case, what=what, argv=argv, number=number, to_group=to_group, at=at):
                        cwd = self.case_dir()
                        setup(what, cwd)
                        before = snapshot(cwd)
                        case.command = display(argv) + "  (in %s; %s %s at %.2f s)" % (
                            os.path.basename(cwd), "kill -%s -PGID" % SIGNAL_NAMES[number][3:]
                            if to_group else "kill -%s PID" % SIGNAL_NAMES[number][3:], "", at)
                        res = self.run(argv, cwd=cwd, stdout="null", timeout=120,
                                       signals=[(at, number, to_group)])
                        case.observed = res.describe()
                        basic(case, res, expect_signal=(number,))
                        after, allowed, state = destination_ok(case, what, cwd, before)
                        case.observed += "; destination: %s" % state
                        compare(case, before, after, allowed=allowed)
                        if res.rc == 0 and res.sent and res.sent[0][0] < 0.5 * durations[what]:
                            case.flag("UNCLEAR", "exit 0 although %s came at %.1f s of about %.1f s"
                                      % (res.sent[0][1], res.sent[0][0], durations[what]))
                        elif res.rc not in (None, 0, 128 + number) and not has_error(res.stderr):
                            case.flag("SILENT FAILURE", "exit %s without an 'Error:' line" % res.rc)

                    self.add(Case(group, "%s, %s at %s" % (what, SIGNAL_NAMES[number], label), "",
                                  "an earlier %s in place" % ("out.json" if what == "run" else "report"),
                                  "ends (by the signal); the destination old or new and whole; no "
                                  "hidden temporary file; no process left"), action)

        # SIGKILL, which no handler sees: the next report must clean up after it.
        kill_moments = [(1.0, "1.0 s")] + [
            (f * durations["report"], "%.0f%% of its %.1f s" % (f * 100, durations["report"]))
            for f in ((0.85, 0.95, 1.0) if not self.quick else (0.95,))]
        for at, label in kill_moments:
            def action(case, at=at):
                cwd = self.case_dir()
                setup("report", cwd)
                before = snapshot(cwd)
                case.command = display(report_argv) + "  (kill -KILL PID at %.2f s), then " % at \
                    + display(fast_report)
                res = self.run(report_argv, cwd=cwd, stdout="null", timeout=120,
                               signals=[(at, signal.SIGKILL, False)])
                case.observed = res.describe()
                basic(case, res, expect_signal=(signal.SIGKILL,))
                after, allowed, state = destination_ok(case, "report", cwd, before)
                hidden = sorted(show(p) for p in after if LEFTOVER.search(p) and b"/" not in p)
                case.observed += "; destination: %s; hidden after the kill: %s" % (
                    state, ", ".join(hidden) or "none")
                compare(case, before, after, allowed=allowed, leftovers_are=None)
                second = self.run(fast_report, cwd=cwd, stdout="null", timeout=120)
                case.observed += "; second report: " + second.describe()
                expect_ok(case, second, need_stdout=False)
                complete, why = report_state(os.path.join(cwd, "rep"))
                if second.rc == 0 and not complete:
                    case.flag("SILENT FAILURE", "the second report is not whole: " + why)
                compare(case, after, snapshot(cwd), allowed=["rep"] + [
                    p for p in after if LEFTOVER.search(p)])

            self.add(Case(group, "report, SIGKILL at %s, then report again" % label, "",
                          "an earlier report in place",
                          "the destination old or new and whole; after the second report no hidden "
                          "leftover remains"), action)

        # A run killed while it writes: its temporary file is not documented as removed later.
        def action(case):
            cwd = self.case_dir()
            setup("run", cwd)
            before = snapshot(cwd)
            at = durations["run"] * 0.99
            case.command = display(run_argv) + "  (kill -KILL PID at %.2f s), then again" % at
            res = self.run(run_argv, cwd=cwd, stdout="null", timeout=120,
                           signals=[(at, signal.SIGKILL, False)])
            case.observed = res.describe()
            basic(case, res, expect_signal=(signal.SIGKILL,))
            after, allowed, state = destination_ok(case, "run", cwd, before)
            compare(case, before, after, allowed=allowed, leftovers_are=None)
            second = self.run(run_argv, cwd=cwd, stdout="null", timeout=120)
            expect_ok(case, second, need_stdout=False)
            left = [show(p) for p in snapshot(cwd) if LEFTOVER.search(p)]
            case.observed += "; destination: %s; second run: %s; hidden after: %s" % (
                state, second.describe(), ", ".join(left) or "none")
            if left:
                case.flag("UNCLEAR", "a killed run's temporary file stays (nothing documented "
                          "removes it): " + ", ".join(left))

        self.add(Case(group, "run --output, SIGKILL at 99% of its time, then run again", "",
                      "an earlier out.json", "out.json old or new and whole"), action)


    # MARK: 6. Hostile algorithms through a user's bench

    def hostile_verify(self, args, timeout=120, **kw):
        cwd = self.case_dir()
        argv = [self.hostile, "verify", "--no-progress"] + args
        return argv, self.run(argv, cwd=cwd, timeout=timeout, **kw)

    def alone(self, bug):
        """verify of one hostile algorithm alone, run once and shared by the cases."""
        key = "alone-" + bug
        if key not in self.references:
            self.references[key] = self.hostile_verify(["--algorithm", "hostile." + bug])
        return self.references[key]

    def alone_verbose(self, bug):
        """verify --verbose of one hostile algorithm alone: every cause with its replay line."""
        key = "verbose-" + bug
        if key not in self.references:
            self.references[key] = self.hostile_verify(
                ["--algorithm", "hostile." + bug, "--verbose"])
        return self.references[key]

    def check_hostile_row(self, case, bug, out, seconds=None, deadline=1.0):
        text = out.decode("utf-8", "replace")
        _, rows = matrix(text)
        row = rows.get("hostile." + bug)
        if row is None:
            case.flag("SILENT FAILURE", "no matrix row for hostile.%s" % bug)
            return
        if bug == "dock":
            if "!" in row or "✓" not in row:
                case.flag("UNCLEAR", "hostile.dock's row is %s" % " ".join(row))
            if "⚠ hostile.dock" in text:
                case.flag("UNCLEAR", "hostile.dock is called not deterministic")
        elif bug == "traps":
            if "✓" in row or "!" not in row:
                case.flag("SILENT FAILURE", "hostile.traps's row is %s, not a row of '!'" % " ".join(row))
            for needed in ("! hostile.traps crashes: ", "Index out of range"):
                if needed not in text:
                    case.flag("SILENT FAILURE", "no %r in the output" % needed)
            block = finding(text, "! hostile.traps crashes: ")
            if "smallest scenario: " not in block or "replay: " not in block:
                case.flag("SILENT FAILURE", "the crash finding has no smallest scenario or no replay")
        elif bug in ("loops", "slow"):
            if "! hostile.%s runs past the deadline" % bug not in text:
                case.flag("SILENT FAILURE", "no '! hostile.%s runs past the deadline' finding" % bug)
            if "✓" in row:
                case.flag("SILENT FAILURE", "hostile.%s's row holds a ✓" % bug)
            if seconds is not None and seconds > 3 * deadline + 20:
                case.flag("HANG", "took %.0f s with a deadline of %g s (expected within the "
                          "deadline and a few seconds)" % (seconds, deadline))
        elif bug in ("random", "shared"):
            if "⚠ hostile.%s is not deterministic" % bug not in text:
                case.flag("SILENT FAILURE", "no '⚠ hostile.%s is not deterministic'" % bug)

    def hostile_stops_exits_and_names(self, group):
        """Issue 49: a handler that stops or exits its process, one within a frame an event, and
        names the user chooses in every output."""
        for bug, said in (("stops", "the process was stopped by SIGSTOP while handling the touch event 'ended'"),
                          ("exits", "the code under test called exit() while handling the touch event 'ended'")):
            def action(case, bug=bug, said=said):
                argv, res = self.hostile_verify(["--algorithm", "hostile." + bug], timeout=60)
                case.command = display(argv)
                case.observed = res.describe()
                expect_ok(case, res)
                text = res.stdout.decode("utf-8", "replace")
                block = finding(text, "! hostile.%s crashes: " % bug)
                if said not in block:
                    case.flag("SILENT FAILURE", "no %r" % said)
                if "    scenario: " not in block or "    replay: " not in block:
                    case.flag("SILENT FAILURE", "the finding has no scenario or no replay")
                if res.seconds > 30:
                    case.flag("HANG", "took %.0f s" % res.seconds)
                # The replay, run as printed (the bench on PATH), ends with the same error.
                replay = [l[len("    replay: "):] for l in block.splitlines() if l.startswith("    replay: ")]
                if replay:
                    command = replay[0].replace("swift run hostile-bench", "hostile-bench", 1)
                    env = self.runner.env({"PATH": os.path.dirname(self.hostile) + ":" + os.environ["PATH"]})
                    again = self.run(["bash", "-c", command], cwd=self.case_dir(), env=env, timeout=30)
                    case.observed += "; replay: " + again.describe()
                    if again.rc != 1 or not has_error(again.stderr):
                        case.flag("SILENT FAILURE", "the replay did not fail with an Error: %s" % again.describe())
                    if again.seconds > 10:
                        case.flag("HANG", "the replay took %.0f s" % again.seconds)

            self.add(Case(group, "verify hostile.%s alone: the finding names the touch, with scenario and replay" % bug,
                          "", "-", "exit 0 (--fail-on never) within 30 s; '%s', a scenario and a replay "
                          "that fails the same way within 10 s" % said), action)

            for command in (["trace", "hostile." + bug],
                            ["run", "--filter", "^hostile\\.%s/" % bug, "--iterations", "100", "--no-progress"]):
                def action(case, command=command):
                    argv = [self.hostile] + command
                    res = self.run(argv, cwd=self.case_dir(), timeout=60)
                    case.command = display(argv)
                    case.observed = res.describe()
                    expect_error(case, res, codes=(1,))
                    if res.seconds > 10:
                        case.flag("HANG", "took %.0f s" % res.seconds)

                self.add(Case(group, "%s of hostile.%s" % (command[0], bug), "", "-",
                              "exit 1 with an Error: line within 10 s, never a hang or exit 0"), action)

        def action(case):
            argv, res = self.hostile_verify(["--algorithm", "hostile.busy", "--examples", "12"],
                                            timeout=180, env=self.runner.env({"HOSTILE_BUSY": "1"}))
            case.command = "HOSTILE_BUSY=1 " + display(argv)
            case.observed = res.describe()
            expect_ok(case, res)
            text = res.stdout.decode("utf-8", "replace")
            _, rows = matrix(text)
            row = rows.get("hostile.busy")
            if row is None or "!" in row:
                case.flag("SILENT FAILURE", "hostile.busy's row is %s" % (row,))
            if "deadline" in text or "too slow" in text:
                case.flag("UNCLEAR", "a handler within a frame an event is called slow or stuck")

        self.add(Case(group, "verify hostile.busy (10 ms an event, within a frame)", "", "HOSTILE_BUSY=1",
                      "exit 0; no '!' and no deadline or slowness finding"), action)

        def action(case):
            argv, res = self.alone("slow")
            case.command = display(argv)
            case.observed = res.describe()
            text = res.stdout.decode("utf-8", "replace")
            m = re.search(r"took ([0-9.]+) ms each", text)
            if not m or float(m.group(1)) < 50:
                case.flag("SILENT FAILURE", "no cost per event of 50 ms or more")
            if "16.7 ms" not in text or "a loop that never ends" in text:
                case.flag("UNCLEAR", "not judged against the frame, or called a loop")

        self.add(Case(group, "verify hostile.slow: its cost per event against a frame", "", "-",
                      "'took N ms each' with N >= 50, against 16.7 ms; never 'a loop'"), action)

        # A bench whose file name is hostile: a copy of hostile-bench under that name.
        names = ["my'be$(touch PWNED)nch", "x;touch PWNED2", "-dash", 'q"uote%0A::error::n,a:me']
        for name in names:
            def action(case, name=name):
                home = self.case_dir()
                bench = os.path.join(home, name)
                shutil.copy(self.hostile, bench)
                env = self.runner.env({"PATH": home + ":" + os.environ["PATH"], "GITHUB_ACTIONS": "true"})
                case.command = "a copy of hostile-bench named %s: verify --format github / junit / text, " \
                    "its replay, completion bash" % shlex.quote(name)
                github = self.run([bench, "verify", "--no-progress", "--algorithm", "hostile.traps",
                                   "--format", "github"], cwd=home, env=env, timeout=120)
                junit = self.run([bench, "verify", "--no-progress", "--algorithm", "hostile.traps",
                                  "--format", "junit"], cwd=home, env=env, timeout=120)
                text = self.run([bench, "verify", "--no-progress", "--algorithm", "hostile.traps",
                                 "--verbose"], cwd=home, env=env, timeout=120)
                case.observed = "github: %s; junit: %s; text: %s" % (
                    github.describe(), junit.describe(), text.describe())
                for line in github.stdout.decode("utf-8", "replace").splitlines():
                    if not re.match(r"^::(error|warning|notice)( [a-zA-Z]+=[^,:]*(,[a-zA-Z]+=[^,:]*)*)?::", line):
                        case.flag("SILENT FAILURE", "a line that is not one workflow command: %r" % line[:120])
                        break
                try:
                    import xml.etree.ElementTree as ElementTree
                    ElementTree.fromstring(junit.stdout)
                except Exception as error:
                    case.flag("SILENT FAILURE", "the JUnit does not parse: %s" % error)
                lines = text.stdout.decode("utf-8", "replace").splitlines()
                if any(l.startswith("::") for l in lines):
                    case.flag("SILENT FAILURE", "a line of the table starts a workflow command")
                replay = [l[len("    replay: "):] for l in lines if l.startswith("    replay: ")]
                if replay:
                    again = self.run(["bash", "-c", replay[0]], cwd=home, env=env, timeout=60)
                    case.observed += "; replay: " + again.describe()
                    if again.rc != 1 or b"Index out of range" not in again.stderr:
                        case.flag("SILENT FAILURE", "the replay did not replay the trap: %s" % again.describe())
                else:
                    case.flag("SILENT FAILURE", "no replay line")
                completion = self.run([bench, "completion", "bash"], cwd=home, env=env, timeout=30)
                script = os.path.join(home, "completion.bash")
                with open(script, "wb") as f:
                    f.write(completion.stdout)
                checked = self.run(["bash", "-c", "bash -n %s && source %s" % (shlex.quote(script), shlex.quote(script))],
                                   cwd=home, env=env, timeout=30)
                if checked.rc != 0:
                    case.flag("SILENT FAILURE", "the completion script does not parse or source: %s" % checked.describe())
                left = [f for f in os.listdir(home) if f.startswith("PWNED")]
                if left:
                    case.flag("CRASH", "a name ran a command: %s" % left)

            self.add(Case(group, "a bench named %s: GitHub, JUnit, text, replay, completion" % shlex.quote(name),
                          "", "a copy of hostile-bench",
                          "every line one workflow command; the JUnit parses; no table line starts one; "
                          "the replay replays the trap; the completion parses and sources; nothing runs"),
                     action)

    def hostile_algorithms(self):
        group = "hostile"
        bugs = ["dock", "traps", "loops", "slow", "random", "shared"]
        for bug in bugs:
            def action(case, bug=bug):
                argv, res = self.alone(bug)
                case.command = display(argv)
                case.observed = res.describe()
                expect_ok(case, res)
                self.check_hostile_row(case, bug, res.stdout, res.seconds)

            expected = {
                "dock": "exit 0; a row of ✓ (and ~), judged as any algorithm",
                "traps": "exit 0; a row of '!', '! hostile.traps crashes:' with a smallest scenario and a replay",
                "loops": "exit 0 within the deadline and a few seconds; '! hostile.loops runs past the deadline'",
                "slow": "exit 0 within the deadline and a few seconds; '! hostile.slow runs past the deadline'",
                "random": "exit 0; '⚠ hostile.random is not deterministic'",
                "shared": "exit 0; '⚠ hostile.shared is not deterministic'",
            }[bug]
            self.add(Case(group, "verify hostile.%s alone" % bug, "", "-", expected), action)

        snap_edge = lambda: self.reference(
            "snap-edge", [self.snap, "verify", "--algorithm", "edge-dock.corrected", "--no-progress"],
            timeout=120)
        together = {}
        for jobs in ("1", "2"):
            def action(case, jobs=jobs):
                args = []
                for bug in bugs:
                    args += ["--algorithm", "hostile." + bug]
                args += ["--algorithm", "edge-dock.corrected", "--jobs", jobs]
                argv, res = self.hostile_verify(args, timeout=180)
                together[jobs] = res
                case.command = display(argv)
                case.observed = res.describe()
                expect_ok(case, res)
                for bug in bugs:
                    self.check_hostile_row(case, bug, res.stdout)
                if res.seconds > 90:
                    case.flag("HANG", "took %.0f s" % res.seconds)
                text = res.stdout.decode("utf-8", "replace")
                alone_dock = self.alone("dock")[1].stdout.decode("utf-8", "replace")
                if part(text, "hostile.dock") != part(alone_dock, "hostile.dock"):
                    case.flag("UNCLEAR", "hostile.dock's row or findings differ from a run of it alone")
                reference = snap_edge().stdout.decode("utf-8", "replace")
                if part(text, "edge-dock.corrected") != part(reference, "edge-dock.corrected"):
                    case.flag("UNCLEAR", "edge-dock.corrected's rows or findings differ from "
                              "snap-bench's own verify of it")
                if jobs == "2" and "1" in together:
                    one = together["1"].stdout.decode("utf-8", "replace")
                    for id_ in ("hostile.dock", "hostile.traps", "hostile.loops", "hostile.slow",
                                "edge-dock.corrected"):
                        if part(timeless(one), id_) != part(timeless(text), id_):
                            case.flag("UNCLEAR", "%s differs between --jobs 1 and --jobs 2" % id_)

            self.add(Case(group, "verify all six and edge-dock.corrected, --jobs %s" % jobs, "", "-",
                          "exit 0; each hostile row as alone; hostile.dock as alone; "
                          "edge-dock.corrected as in snap-bench"
                          + ("; the same bytes as --jobs 1 but for the rows that are not "
                             "deterministic" if jobs == "2" else "")), action)

        if not self.quick:
            def action(case):
                argv, res = self.hostile_verify([], timeout=300)
                case.command = display(argv) + "  (every row) vs snap-bench verify"
                ref = self.run([self.snap, "verify", "--no-progress"], timeout=300)
                case.observed = res.describe() + "; snap-bench: " + ref.describe()
                expect_ok(case, res)
                text = res.stdout.decode("utf-8", "replace")
                reference = ref.stdout.decode("utf-8", "replace")
                _, rows = matrix(reference)
                differ = [id_ for id_ in rows if part(text, id_) != part(reference, id_)]
                if differ:
                    case.flag("UNCLEAR", "built-in rows or findings differ from snap-bench's: "
                              + ", ".join(differ[:4]))
                for bug in bugs:
                    self.check_hostile_row(case, bug, res.stdout)

            self.add(Case(group, "verify every row (built-ins and the six)", "", "-",
                          "exit 0; every built-in row and finding as snap-bench verify prints it"),
                     action)

        def action(case):
            args = []
            for bug in bugs:
                args += ["--algorithm", "hostile." + bug]
            argv, res = self.hostile_verify(args + ["--format", "json"], timeout=180)
            case.command = display(argv)
            case.observed = res.describe()
            # The trap's message is hostile.traps's finding; checked below by row.
            expect_ok(case, res, fatal_ok=True)
            if b"Fatal error" in res.stderr:
                case.flag("CRASH", "a Swift runtime trap on stderr: " + first_line(res.stderr, b"Fatal"))
            try:
                data = json.loads(res.stdout)
            except ValueError:
                case.flag("SILENT FAILURE", "not JSON")
                return
            by = {}
            for r in data.get("results", []):
                by.setdefault(r.get("algorithm"), []).append(r)
            want = {"hostile.traps": "crashes", "hostile.loops": "times-out", "hostile.slow": "times-out"}
            for algorithm, status in want.items():
                statuses = {r.get("status") for r in by.get(algorithm, [])} - {"not-applicable"}
                if statuses != {status}:
                    case.flag("SILENT FAILURE", "%s: statuses %s, not %r" % (algorithm, sorted(statuses), status))
                if not any(r.get("counterexample") for r in by.get(algorithm, [])):
                    case.flag("SILENT FAILURE", "%s: no counterexample" % algorithm)
            for algorithm in ("hostile.random", "hostile.shared"):
                if not any("nondeterminism" in r for r in by.get(algorithm, [])):
                    case.flag("SILENT FAILURE", "%s: no 'nondeterminism'" % algorithm)
            if any(r.get("status") in ("crashes", "times-out") for r in by.get("hostile.dock", [])):
                case.flag("UNCLEAR", "hostile.dock marked as crashing or timing out")
            for r in data.get("results", []):
                text = json.dumps(r)
                if "Fatal error" in text and r.get("algorithm") != "hostile.traps":
                    case.flag("CRASH", "%s's result holds a Swift runtime trap" % r.get("algorithm"))
                    break

        self.add(Case(group, "verify all six --format json", "", "-",
                      "exit 0; 'crashes' for traps, 'times-out' for loops and slow, each with a "
                      "counterexample; 'nondeterminism' for random and shared"), action)

        for deadline in ("3", "0.5"):
            def action(case, deadline=deadline):
                argv, res = self.hostile_verify(["--algorithm", "hostile.loops", "--algorithm",
                                                 "hostile.slow", "--deadline", deadline],
                                                timeout=120)
                case.command = display(argv)
                case.observed = res.describe()
                expect_ok(case, res)
                for bug in ("loops", "slow"):
                    self.check_hostile_row(case, bug, res.stdout, res.seconds, float(deadline))
                named = ("deadline of %s s" % deadline, "deadline of %s ms" % int(float(deadline) * 1000),
                         "the %s s of '--deadline'" % deadline,
                         "the %s ms of '--deadline'" % int(float(deadline) * 1000))
                if not any(n.encode() in res.stdout for n in named):
                    case.flag("UNCLEAR", "the finding does not name the deadline given (%s s)" % deadline)

            self.add(Case(group, "verify loops and slow --deadline %s" % deadline, "", "-",
                          "exit 0 within 3 x deadline + 20 s; both past the deadline, which is named"),
                     action)

        self.hostile_stops_exits_and_names(group)

        for worst in ("traps", "loops"):
            def action(case, worst=worst):
                argv, res = self.hostile_verify(["--worst", "--algorithm", "hostile." + worst,
                                                 "--algorithm", "hostile.dock", "--examples", "200"],
                                                timeout=120)
                case.command = display(argv)
                case.observed = res.describe()
                expect_ok(case, res)
                if b"hostile.dock" not in res.stdout:
                    case.flag("SILENT FAILURE", "hostile.dock missing from the worst cases")
                if b"hostile." + worst.encode() not in res.stdout:
                    case.flag("SILENT FAILURE", "hostile.%s is not mentioned at all" % worst)

            self.add(Case(group, "verify --worst hostile.%s and hostile.dock" % worst, "", "-",
                          "exit 0; the search lives through it and says so; hostile.dock's worst "
                          "cases printed"), action)

        # report lives through them.
        def action(case):
            cwd = self.case_dir()
            argv = [self.hostile, "report", "--output", "rep", "--examples", "100", "--no-progress"]
            case.command = display(argv)
            res = self.run(argv, cwd=cwd, timeout=300)
            case.observed = res.describe()
            expect_ok(case, res)
            complete, why = report_state(os.path.join(cwd, "rep"))
            if res.rc == 0 and not complete:
                case.flag("SILENT FAILURE", "the report is not whole: " + why)
            if complete:
                page = open(os.path.join(cwd, "rep", "index.html"), encoding="utf-8").read()
                for needed in ("Do not ship: It crashes", "left out of the pictures and the cost") + tuple(
                        "hostile." + b for b in bugs):
                    if needed not in page:
                        case.flag("SILENT FAILURE", "the page does not say %r" % needed)
            case.observed += "; " + why

        self.add(Case(group, "report with the six", "", "-",
                      "exit 0; a whole report whose matrix shows them and says what it leaves out"),
                 action)

        def action(case):
            cwd = self.case_dir()
            args = []
            for bug in bugs:
                args += ["--algorithm", "hostile." + bug]
            verify_argv = [self.hostile, "verify", "--no-progress", "--examples", "100",
                           "--format", "json"] + args
            res = self.run(verify_argv, cwd=cwd, timeout=180)
            with open(os.path.join(cwd, "v.json"), "wb") as f:
                f.write(res.stdout)
            argv = [self.hostile, "report", "--verify", "v.json", "--results", self.results_json,
                    "--output", "rep", "--no-progress"]
            case.command = display(verify_argv) + " > v.json; " + display(argv)
            res = self.run(argv, cwd=cwd, timeout=300)
            case.observed = res.describe()
            expect_ok(case, res)
            complete, why = report_state(os.path.join(cwd, "rep"))
            if res.rc == 0 and not complete:
                case.flag("SILENT FAILURE", "the report is not whole: " + why)

        self.add(Case(group, "report --verify of the six's verify file", "", "-",
                      "exit 0; a whole report"), action)

        # Replays printed by verify, run with trace.
        for bug in bugs:
            def action(case, bug=bug):
                _, res = self.alone_verbose(bug)
                line = next((l for l in res.stdout.decode("utf-8", "replace").splitlines()
                             if "replay: " in l), None)
                if line is None:
                    case.flag("SILENT FAILURE", "verify printed no replay for hostile.%s" % bug)
                    return
                argv, stdin = replay_command(line.split("replay: ", 1)[1], self.hostile)
                case.command = display(argv) + " <<< '{…}'"
                cwd = self.case_dir()
                out = self.run(argv, cwd=cwd, stdin=stdin, timeout=120)
                case.observed = out.describe()
                if bug == "traps":
                    basic(case, out, expect_signal=(signal.SIGILL, signal.SIGTRAP), fatal_ok=True)
                    if b"Index out of range" not in out.stderr or b"hostile.traps" not in out.stderr:
                        case.flag("SILENT FAILURE", "stderr does not name the trap and the algorithm")
                    if out.sig is not None:
                        case.flag("UNCLEAR", "trace died by %s after naming the algorithm and "
                                  "the gesture: trace runs the handler in its own process (the "
                                  "docs promise status 1 only for a hang)" % SIGNAL_NAMES[out.sig])
                    elif out.rc == 0:
                        case.flag("SILENT FAILURE", "exit 0 on a handler that traps")
                    elif not has_error(out.stderr):
                        case.flag("SILENT FAILURE", "exit %s without an 'Error:' line" % out.rc)
                elif bug == "loops":
                    basic(case, out)
                    if out.timed_out:
                        return
                    if out.rc != 1:
                        case.flag("UNCLEAR", "exit %s (the docs: status 1)" % out.rc)
                    if b"hostile.loops" not in out.stderr:
                        case.flag("SILENT FAILURE", "stderr does not name the algorithm")
                    if not has_error(out.stderr):
                        case.flag("SILENT FAILURE", "exit %s without an 'Error:' line (stderr: %s)"
                                  % (out.rc, first_line(out.stderr)))
                    m = re.search(rb"has run ([0-9.]+) s, past the deadline of ([0-9.]+) s", out.stderr)
                    if m and float(m.group(1)) > 2 * float(m.group(2)) + 1:
                        case.flag("UNCLEAR", "the message says a deadline of %s s, but trace waited "
                                  "%s s (trace's own deadline is 10 s)" % (m.group(2).decode(),
                                                                           m.group(1).decode()))
                else:
                    if out.rc == 0:
                        expect_ok(case, out)
                    else:
                        expect_error(case, out)

            expected = {
                "traps": "non-zero, stderr names the trap (Index out of range) and hostile.traps",
                "loops": "exit 1 within its deadline and a few seconds, with an 'Error:' naming the gesture",
            }.get(bug, "exit 0 with the trace (or exit 1 with 'Error:')")
            self.add(Case(group, "trace the replay verify printed for hostile.%s" % bug, "",
                          "the first 'replay:' line of verify --algorithm hostile.%s --verbose" % bug, expected),
                     action)

        def action(case):
            cwd = self.case_dir()
            argv = [self.hostile, "trace", "hostile.traps", "--flick=3000,0"]
            case.command = display(argv)
            out = self.run(argv, cwd=cwd, timeout=120)
            case.observed = out.describe()
            basic(case, out, expect_signal=(signal.SIGILL, signal.SIGTRAP), fatal_ok=True)
            if out.sig is not None:
                case.flag("UNCLEAR", "trace died by %s (the handler's own trap, named on stderr: %s)"
                          % (SIGNAL_NAMES[out.sig], b"hostile.traps" in out.stderr))
            elif out.rc == 0:
                if b"Index out of range" in out.stderr:
                    case.flag("SILENT FAILURE", "exit 0 although the handler trapped")
            elif not has_error(out.stderr):
                case.flag("SILENT FAILURE", "exit %s without an 'Error:' line" % out.rc)

        self.add(Case(group, "trace hostile.traps --flick=3000,0", "", "-",
                      "the trace, or non-zero with 'Error:' naming the trap"), action)

        for bug in bugs:
            def action(case, bug=bug):
                cwd = self.case_dir()
                argv = [self.hostile, "run", "--filter", "hostile\\.%s" % bug, "--iterations",
                        "1000", "--repetitions", "3", "--warmup", "1", "--no-progress"]
                case.command = display(argv)
                res = self.run(argv, cwd=cwd, timeout=150)
                case.observed = res.describe()
                if bug in ("slow", "loops"):
                    # Neither can be timed: a loop never returns, a crawl takes minutes.
                    expect_error(case, res, codes=(1,))
                    if ("hostile.%s" % bug).encode() not in res.stderr:
                        case.flag("SILENT FAILURE", "stderr does not name the benchmark")
                    if res.seconds > 30 and not res.timed_out:
                        case.flag("UNCLEAR", "took %.0f s to give up" % res.seconds)
                else:
                    expect_ok(case, res)
                    if b"hostile." + bug.encode() not in res.stdout:
                        case.flag("SILENT FAILURE", "no hostile.%s row in the table" % bug)

            self.add(Case(group, "run --filter hostile.%s" % bug, "", "-",
                          "exit 1 with 'Error:' naming what cannot be timed, within 30 s"
                          if bug in ("slow", "loops") else "exit 0 with its rows timed"), action)

        # Signals while workers run hostile code: nothing may be left running.
        sig_cases = [
            ("SIGINT to the group (Ctrl-C) at 1.5 s, verify loops and slow",
             ["verify", "--no-progress", "--algorithm", "hostile.loops", "--algorithm", "hostile.slow"],
             signal.SIGINT, True, 1.5),
            ("SIGTERM to the process at 1.5 s, verify all six",
             ["verify", "--no-progress"] + sum((["--algorithm", "hostile." + b] for b in bugs), []),
             signal.SIGTERM, False, 1.5),
            ("SIGHUP to the process at 1.0 s, verify traps",
             ["verify", "--no-progress", "--algorithm", "hostile.traps"], signal.SIGHUP, False, 1.0),
            ("SIGTERM to the process at 3 s, report",
             ["report", "--no-progress", "--examples", "100", "--output", "rep"],
             signal.SIGTERM, False, 3.0),
        ]
        for name, args, number, to_group, at in sig_cases:
            def action(case, args=args, number=number, to_group=to_group, at=at):
                cwd = self.case_dir()
                argv = [self.hostile] + args
                case.command = display(argv) + "  (%s at %.1f s)" % (SIGNAL_NAMES[number], at)
                before = snapshot(cwd)
                res = self.run(argv, cwd=cwd, timeout=60, signals=[(at, number, to_group)],
                               group_wait=10)
                case.observed = res.describe()
                basic(case, res, expect_signal=(number,))
                if not res.timed_out and res.seconds > at + 10:
                    case.flag("HANG", "took %.1f s to end after the signal" % (res.seconds - at))
                compare(case, before, snapshot(cwd))

            self.add(Case(group, name, "", "-",
                          "ends within a few seconds; no worker left running; no file left"), action)

        # One process (SNAPLAB_WORKERS=0): a crash ends it, saying what ran.
        for bug in ("traps", "loops"):
            def action(case, bug=bug):
                cwd = self.case_dir()
                argv = [self.hostile, "verify", "--no-progress", "--algorithm", "hostile." + bug]
                case.command = "SNAPLAB_WORKERS=0 " + display(argv)
                res = self.run(argv, cwd=cwd, env=self.runner.env({"SNAPLAB_WORKERS": "0"}),
                               timeout=120)
                case.observed = res.describe()
                if bug == "traps":
                    basic(case, res, expect_signal=(signal.SIGILL, signal.SIGTRAP), fatal_ok=True)
                    for needed in (b"'hostile.traps' was being verified", b"Replay it: "):
                        if needed not in res.stderr:
                            case.flag("SILENT FAILURE", "stderr does not say %r" % needed.decode())
                    if res.rc == 0:
                        case.flag("SILENT FAILURE", "exit 0")
                else:
                    basic(case, res)
                    if res.seconds > 25:
                        case.flag("HANG", "took %.0f s" % res.seconds)
                    if b"'hostile.loops' was being verified" not in res.stderr:
                        case.flag("SILENT FAILURE", "stderr does not name the algorithm")
                    if res.rc == 0:
                        case.flag("SILENT FAILURE", "exit 0")
                    elif not has_error(res.stderr):
                        case.flag("SILENT FAILURE", "exit %s without an 'Error:' line (it says: %s)"
                                  % (res.rc, first_line(res.stderr)))

            self.add(Case(group, "SNAPLAB_WORKERS=0 verify hostile.%s" % bug, "", "one process",
                          "the process ends (documented), stderr names the algorithm, the "
                          "scenario and a replay" + ("; an 'Error:' line and a non-zero status"
                                                     if bug == "loops" else "")), action)

    # MARK: 7. A user's test process

    def test_process(self):
        group = "testproc"
        variants = [
            ("trap, SWIFT_BACKTRACE=enable=no", {"HOSTILE_TRAP_IN_PROCESS": "1",
                                                 "SWIFT_BACKTRACE": "enable=no"}, "trap", "1"),
            ("trap, default backtrace", {"HOSTILE_TRAP_IN_PROCESS": "1"}, "trap", "1"),
            ("switch unset", {}, "pass", None),
            ("trap, SNAPCHECK_SEED=5", {"HOSTILE_TRAP_IN_PROCESS": "1", "SNAPCHECK_SEED": "5",
                                        "SWIFT_BACKTRACE": "enable=no"}, "trap", "5"),
            ("trap, SNAPCHECK_SEED=0x10", {"HOSTILE_TRAP_IN_PROCESS": "1", "SNAPCHECK_SEED": "0x10",
                                           "SWIFT_BACKTRACE": "enable=no"}, "trap", "16"),
            ("trap, SNAPCHECK_SEED=garbage", {"HOSTILE_TRAP_IN_PROCESS": "1",
                                              "SNAPCHECK_SEED": "garbage",
                                              "SWIFT_BACKTRACE": "enable=no"}, "trap-bad-env", "SNAPCHECK_SEED"),
            ("trap, SNAPCHECK_SEED=-1", {"HOSTILE_TRAP_IN_PROCESS": "1", "SNAPCHECK_SEED": "-1",
                                         "SWIFT_BACKTRACE": "enable=no"}, "trap-bad-env", "SNAPCHECK_SEED"),
            ("trap, SNAPCHECK_EXAMPLES=1e300", {"HOSTILE_TRAP_IN_PROCESS": "1",
                                                "SNAPCHECK_EXAMPLES": "1e300",
                                                "SWIFT_BACKTRACE": "enable=no"}, "trap-bad-env", "SNAPCHECK_EXAMPLES"),
            ("trap, SNAPCHECK_EXAMPLES=garbage", {"HOSTILE_TRAP_IN_PROCESS": "1",
                                                  "SNAPCHECK_EXAMPLES": "garbage",
                                                  "SWIFT_BACKTRACE": "enable=no"}, "trap-bad-env", "SNAPCHECK_EXAMPLES"),
            ("trap, SNAPCHECK_EXAMPLES=0.5", {"HOSTILE_TRAP_IN_PROCESS": "1",
                                              "SNAPCHECK_EXAMPLES": "0.5",
                                              "SWIFT_BACKTRACE": "enable=no"}, "trap", "1"),
        ]
        if self.quick:
            variants = variants[:3] + variants[5:6] + variants[7:8]
        for name, extra, kind, seed in variants:
            def action(case, extra=extra, kind=kind, seed=seed):
                argv = [self.xctest, "--testing-library", "swift-testing", "--filter",
                        "trapsInThisProcess"]
                case.command = " ".join("%s=%s" % (k, shlex.quote(v)) for k, v in extra.items()) \
                    + " " + display(argv)
                if not os.access(self.xctest, os.X_OK):
                    case.flag("UNCLEAR", "not built: run 'swift build --build-tests' in "
                              "Examples/HostileAlgorithms")
                    return
                cwd = self.case_dir()
                res = self.run(argv, cwd=cwd, env=self.runner.env(extra), timeout=180)
                case.observed = res.describe()
                said = res.stdout + res.stderr
                if kind == "pass":
                    expect_ok(case, res, need_stdout=False)
                    return
                basic(case, res, expect_signal=(signal.SIGILL, signal.SIGTRAP), fatal_ok=True)
                for l in said.splitlines():
                    if b"Fatal error" in l and b"Index out of range" not in l:
                        case.flag("CRASH", "a trap that is not the handler's own: "
                                  + l.decode("utf-8", "replace")[:170])
                        break
                if res.sig is None and not res.timed_out:
                    case.flag("UNCLEAR", "the process did not die (exit %s)" % res.rc)
                needed = [b"SnapLab: 'hostile.traps' was being verified",
                          b"The scenario", b"Replay it: swift run hostile-bench trace hostile.traps",
                          b"hostile-bench verify --algorithm hostile.traps"]
                for n in needed:
                    if n not in said:
                        case.flag("SILENT FAILURE", "stderr does not say %r" % n.decode())
                m = re.search(rb"was being verified \(seed (\d+)\)", said)
                if kind == "trap" and m and m.group(1).decode() != seed:
                    case.flag("UNCLEAR", "ran with seed %s, expected %s" % (m.group(1).decode(), seed))
                if kind == "trap-bad-env":
                    if seed.encode() not in said:
                        case.flag("SILENT FAILURE", "%s's value was not usable, and nothing said so "
                                  "(it ran%s)" % (seed, " with seed " + m.group(1).decode() if m else ""))
                case.observed += "; seed said: %s" % (m.group(1).decode() if m else "none")

            expected = {
                "trap": "dies by the trap after stderr names hostile.traps, the scenario and its replay (seed %s)" % seed,
                "pass": "exit 0 (the test returns at once)",
                "trap-bad-env": "an error naming %s, or the documented default; never a trap of its own" % seed,
            }[kind]
            self.add(Case(group, name, "", "HostileAlgorithmsPackageTests.xctest", expected), action)


def matrix(text):
    """(invariants, {algorithm: cells}) of the first matrix in verify's table output."""
    lines = text.splitlines()
    header = None
    rows = {}
    for line in lines:
        if header is None:
            if line.startswith("algorithm "):
                header = line.split()[1:]
            continue
        if not line.strip():
            break
        words = line.split()
        n = len(header)
        rows[" ".join(words[:-n])] = words[-n:]
    return header or [], rows


def finding(text, start):
    """The block of text that starts at the line starting with `start`."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(start):
            block = [line]
            for follow in lines[i + 1:]:
                if not follow.strip() or not follow.startswith(" "):
                    break
                block.append(follow)
            return "\n".join(block)
    return ""


def timeless(text):
    """`text` with measured times (a too-slow finding's cost per event) as N: they differ from
    run to run by design."""
    return re.sub(r"[0-9]+(\.[0-9]+)? (ms|s)\b", "N \\2", text)


def part(text, algorithm):
    """What verify's table output says of `algorithm` (its matrix rows and every finding whose
    first line names it), with the tool's name and spacing normalised."""
    text = re.sub(r"(swift run )?(snap-bench|hostile-bench)", "TOOL", text)
    _, rows = matrix(text)
    said = [(k, tuple(v)) for k, v in rows.items()
            if k == algorithm or k.startswith(algorithm + " with ")]
    blocks = []
    for line in text.splitlines():
        m = re.match(r"^[!✗~⚠] (\S+)", line)
        if m and (m.group(1) == algorithm):
            blocks.append(re.sub(r"\s+", " ", finding(text, line)))
    return said, blocks


def replay_command(line, bench):
    """A replay line printed by verify (`swift run hostile-bench trace … --gesture - <<< '…'`)
    as argv and standard input."""
    command, _, here = line.partition(" <<< ")
    words = shlex.split(command)
    if words[:2] == ["swift", "run"]:
        words = words[2:]
    words[0] = bench
    stdin = (shlex.split(here)[0] + "\n").encode() if here else None
    return words, stdin


def digest_bytes(data):
    return hashlib.sha256(data).hexdigest()[:16]


class Feeder:
    """Writes into a FIFO from a thread, and is released whether or not the tool opened it."""

    def __init__(self, path, data=None, endless=False):
        self.path = path
        self.data = data
        self.endless = endless
        self.error = ""
        self.thread = threading.Thread(target=self.feed, daemon=True)
        self.thread.start()

    def feed(self):
        try:
            with open(self.path, "wb") as f:
                if self.endless:
                    chunk = b"\0" * (1 << 20)
                    while True:
                        f.write(chunk)
                else:
                    f.write(self.data)
        except (BrokenPipeError, OSError):
            pass

    def finish(self):
        # Release a writer still waiting for a reader.
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
            time.sleep(0.05)
            os.close(fd)
        except OSError:
            pass
        self.thread.join(10)
        if self.thread.is_alive():
            self.error = "the writer never finished"


class FifoReader:
    def __init__(self, path):
        self.path = path
        self.data = b""
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        try:
            with open(self.path, "rb") as f:
                self.data = f.read()
        except OSError:
            pass

    def finish(self):
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass
        self.thread.join(10)
        return self.data


def make_input(kind, path, good):
    """Makes the input `kind` at path; returns a Feeder for a FIFO."""
    if kind == "dev-zero":
        os.symlink("/dev/zero", path)
        return None
    if kind == "directory":
        os.mkdir(path)
    elif kind == "missing":
        pass
    elif kind == "corrupt":
        open(path, "wb").write(good[: good.find(b"{", 1) + 1] if b"{" in good[1:] else b"{")
    elif kind == "deep":
        open(path, "wb").write(b"[" * 100000 + b"]" * 100000)
    elif kind in ("fifo-valid", "fifo-endless"):
        os.mkfifo(path)
        return Feeder(path, good, endless=kind == "fifo-endless")
    elif kind == "binary":
        import random
        rng = random.Random(7)
        open(path, "wb").write(bytes(rng.randrange(256) for _ in range(4096)))
    elif kind == "sparse-300MB":
        with open(path, "wb") as f:
            f.truncate(300 << 20)
    elif kind == "empty":
        open(path, "wb").close()
    elif kind == "truncated":
        open(path, "wb").write(good[: len(good) // 2])
    elif kind == "invalid-utf8-bytes":
        open(path, "wb").write(good.replace(b'"version"', b'"\xff\xfe"', 1))
    elif kind == "utf16":
        open(path, "wb").write(good.decode("utf-8").encode("utf-16"))
    return None


def big_gesture(events):
    parts = ['{"t": 0, "phase": "began", "x": 200, "y": 400}']
    for i in range(1, events - 1):
        parts.append('{"t": %g, "phase": "moved", "x": %d, "y": 400}' % (i / 120.0, 200 + (i % 50)))
    parts.append('{"t": %g, "phase": "ended", "x": 200, "y": 400}' % ((events - 1) / 120.0))
    return '{"version": 1, "start": {"x": 200, "y": 400}, "events": [' + ",".join(parts) + "]}"


RUN_SMALL = ["run", "--filter", r"^edge-dock\.corrected/drag-step$", "--iterations", "1000",
             "--repetitions", "2", "--warmup", "1", "--no-progress"]

GESTURE = """{"version": 1, "start": {"x": 300, "y": 300}, "events": [
  {"t": 0, "phase": "began", "x": 300, "y": 300},
  {"t": 0.1, "phase": "moved", "x": 250, "y": 20},
  {"t": 0.2, "phase": "ended", "x": 250, "y": 20}]}
"""


def summary(sweep, started):
    counts = {cls: 0 for cls in CLASSES}
    for case in sweep.cases:
        counts[case.verdict] += 1
    total = time.monotonic() - started
    print()
    print("Summary: %d cases in %.0f s (%s)" % (len(sweep.cases), total,
                                                 "quick" if sweep.quick else "full"))
    print()
    print("| class | cases |")
    print("|---|---|")
    for cls in CLASSES:
        print("| %s | %d |" % (cls, counts[cls]))
    groups = {}
    for case in sweep.cases:
        groups.setdefault(case.group, {c: 0 for c in CLASSES})[case.verdict] += 1
    print()
    print("| group | " + " | ".join(CLASSES) + " |")
    print("|---|" + "---|" * len(CLASSES))
    for name, row in groups.items():
        print("| %s | " % name + " | ".join(str(row[c]) for c in CLASSES) + " |")
    bad = [c for c in sweep.cases if c.verdict != "OK"]
    if bad:
        print()
        print("Every case that is not OK, most serious first:")
        for case in sorted(bad, key=lambda c: SEVERITY[c.verdict]):
            print()
            print("[%s] %s / %s" % (case.verdict, case.group, case.name))
            print("  command:  %s" % case.command)
            if case.setup and case.setup != "-":
                print("  setup:    %s" % case.setup)
            print("  expected: %s" % case.expected)
            print("  observed: %s" % case.observed)
            for cls, text in case.issues:
                print("  %s: %s" % (cls, text))
    return counts, total


def main():
    # Run in the background of a shell without job control, this process starts with SIGINT and
    # SIGQUIT ignored, and every command it starts would inherit that (as a command started with
    # `nohup` or under `trap '' INT` does, rightly): the signal cases need them at their default.
    for number in (signal.SIGINT, signal.SIGQUIT):
        if signal.getsignal(number) == signal.SIG_IGN:
            signal.signal(number, signal.default_int_handler if number == signal.SIGINT else signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("snap_bench", nargs="?",
                        default=os.path.join(PACKAGE, ".build/debug/snap-bench"))
    parser.add_argument("hostile_bench", nargs="?", default=os.path.join(
        PACKAGE, "Examples/HostileAlgorithms/.build/debug/hostile-bench"))
    parser.add_argument("--quick", action="store_true", help="a smaller sweep, a few minutes")
    parser.add_argument("--only", help="groups to run: " + ",".join(GROUPS))
    parser.add_argument("--json", help="write every case to this file as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    args = parser.parse_args()
    for path in (args.snap_bench, args.hostile_bench):
        if not os.access(path, os.X_OK):
            parser.error("%s is not an executable (build it first; see README.md)" % path)
    if args.only and not set(args.only.split(",")) <= set(GROUPS):
        parser.error("--only takes groups among " + ",".join(GROUPS))
    sweep = Sweep(args)
    started = time.monotonic()
    print("snap-bench:    %s\nhostile-bench: %s\nscratch:       %s\n" % (
        sweep.snap, sweep.hostile, sweep.scratch), flush=True)
    try:
        sweep.prepare()
        for name in GROUPS:
            if sweep.wanted(name):
                getattr(sweep, GROUPS[name])()
    except KeyboardInterrupt:
        print("\ninterrupted: the summary covers the cases run so far", flush=True)
    finally:
        counts, total = summary(sweep, started)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"seconds": round(total, 1), "quick": sweep.quick, "counts": counts,
                           "cases": [c.record() for c in sweep.cases]}, f, indent=1,
                          ensure_ascii=False)
        if args.keep:
            print("\nscratch kept: " + sweep.scratch)
        else:
            shutil.rmtree(sweep.scratch, ignore_errors=True)
    sys.exit(0 if counts["OK"] == len(sweep.cases) else 1)


GROUPS = {"cli": "command_line", "env": "environment", "files": "files",
          "stdout": "standard_output", "signals": "signals", "hostile": "hostile_algorithms",
          "testproc": "test_process"}

if __name__ == "__main__":
    main()

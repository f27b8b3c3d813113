"""Where a real server's time goes: py-spy on ``streamlit run`` while sessions watch bots.

    make profile      # or: .venv/bin/python -m bench.profile_server --sessions 4 --seconds 40

Starts the dashboard as ``make load`` does (the browser tests' ``start_server``, same flags),
plays one warm-up session a game, then records the server with py-spy (``py-spy record
--rate 50 --format raw``, every thread) while ``--sessions`` websocket clients watch bots at
the bot clock's pace (``bench.load``'s clients), and prints:

- named parts of the server's work (the full collection after each run, file watchers,
  Plotly figures, the Play fragment, the share link, the event loop…), as shares of samples;
- the functions with the most samples on the stack (inclusive) and at its top (self).

Samples count every thread that was not idle (py-spy's default), so a thread waiting for the
GIL counts too. ``--raw FILE`` keeps py-spy's stacks (one line a stack: frames and a count);
``--read FILE`` prints the tables of such a file again without running anything.

py-spy must be allowed to read the server's memory: run as root, or with
``kernel.yama.ptrace_scope`` at 0 (``sudo sysctl kernel.yama.ptrace_scope=0``).
``pip install py-spy`` (requirements-dev.txt has it). A bench, not in ``make test``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import class_load, cpu_seconds, stop_server, warm_up  # noqa: E402

Stack = tuple[list[str], int]

PARTS: list[tuple[str, Callable[[list[str]], bool]]] = [
    (
        "the full collection after each run (runner.postScriptGC)",
        lambda f: f[-1].endswith(" gc"),
    ),
    ("file watchers (streamlit/watcher)", lambda f: any("streamlit/watcher/" in x for x in f)),
    (
        "script runs (page and fragment runs)",
        lambda f: any(x.startswith("ScriptRunner._run_script ") for x in f),
    ),
    (
        "  the Play fragment (ui/kit/frame.py _play_area)",
        lambda f: any(x.startswith("_play_area ") for x in f),
    ),
    ("  Plotly figures (boards/, plotly)", lambda f: any("(boards/" in x or "plotly/" in x for x in f)),
    ("  the engine (engine/)", lambda f: any("(engine/" in x for x in f)),
    ("  the share link (ui/kit/links.py)", lambda f: any("(ui/kit/links.py" in x for x in f)),
    (
        "  page elements to messages (streamlit/elements)",
        lambda f: any("streamlit/elements/" in x for x in f),
    ),
    (
        "the event loop (websockets, tornado, asyncio)",
        lambda f: any(x.startswith("BaseEventLoop.run_forever") for x in f),
    ),
]
"""Named parts of the server's work: a title and whether a stack (outermost frame first) is in it."""


def read_raw(path: Path) -> list[Stack]:
    """py-spy's raw format: ``frame;frame;…;frame count`` a line, outermost frame first; a
    frame is ``function (file:line)``, the file relative to its ``sys.path`` entry."""
    stacks = []
    for line in path.read_text().splitlines():
        frames, _, count = line.rpartition(" ")
        if frames:
            stacks.append((frames.split(";"), int(count)))
    return stacks


def without_line(frame: str) -> str:
    return re.sub(r":\d+\)$", ")", frame)


def gc_aware(frames: list[str]) -> list[str]:
    """The frames, the top one marked ``gc`` when it is the line of ``gc.collect(2)`` in
    Streamlit's ``_on_script_finished`` (py-spy sees no C frames: the collection's time shows
    on that line)."""
    top = frames[-1]
    if top.startswith("ScriptRunner._on_script_finished ") and GC_LINE and top.endswith(f":{GC_LINE})"):
        return [*frames[:-1], top + " gc"]
    return frames


def _gc_line() -> int | None:
    """The line of ``gc.collect(2)`` in this Streamlit's script runner."""
    from streamlit.runtime.scriptrunner import script_runner

    for number, text in enumerate(Path(script_runner.__file__).read_text().splitlines(), start=1):
        if text.strip() == "gc.collect(2)":
            return number
    return None


GC_LINE = _gc_line()


def tables(stacks: list[Stack], top: int) -> None:
    """Print the named parts, then the top functions inclusive and self."""
    total = sum(count for _, count in stacks)
    if not total:
        print("py-spy recorded no samples")
        return
    print(f"{total:,} samples")
    print("\nParts of the server's work (share of all samples):")
    for title, inside in PARTS:
        share = sum(count for frames, count in stacks if inside(gc_aware(frames)))
        print(f"  {100 * share / total:5.1f}%  {title}")
    inclusive: Counter[str] = Counter()
    itself: Counter[str] = Counter()
    for frames, count in stacks:
        names = [without_line(f) for f in frames]
        for name in set(names):
            inclusive[name] += count
        itself[names[-1]] += count
    print(f"\nTop {top} functions, on the stack (inclusive):")
    for name, count in inclusive.most_common(top):
        print(f"  {100 * count / total:5.1f}%  {name}")
    print(f"\nTop {top} functions, at the top of the stack (self):")
    for name, count in itself.most_common(top):
        print(f"  {100 * count / total:5.1f}%  {name}")


def py_spy() -> str:
    found = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(found).exists():
        sys.exit("py-spy is not installed: .venv/bin/pip install py-spy (see requirements-dev.txt)")
    return found


def record(args) -> Path:
    """Start a server, warm it up, record it under load; the raw stacks' file."""
    from tests.e2e.conftest import start_server

    raw = Path(args.raw) if args.raw else Path(tempfile.mkdtemp()) / "server.raw.txt"
    proc, url = start_server()
    try:
        asyncio.run(warm_up(url))
        command = [py_spy(), "record", "--pid", str(proc.pid), "--rate", str(args.rate)]
        command += ["--duration", str(int(args.seconds)), "--format", "raw", "--output", str(raw)]
        if args.gil:
            command.append("--gil")
        spy = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(1)  # py-spy attaches before the class arrives
        cpu = cpu_seconds(proc.pid)
        tallies, _ = asyncio.run(class_load(url, None, args.sessions, args.seconds, 2, None))
        cpu = cpu_seconds(proc.pid) - cpu
        out, _ = spy.communicate(timeout=60)
        if spy.returncode:
            sys.exit(f"py-spy failed (it needs ptrace rights: root or kernel.yama.ptrace_scope=0):\n{out}")
        runs = sum(len(t.reruns) + len(t.opens) for t in tallies.values())
        errors = [e for t in tallies.values() for e in t.errors]
        print(
            f"{args.sessions} sessions for {args.seconds:.0f} s: {runs} runs, {len(errors)} errors, "
            f"server CPU {cpu:.1f} s ({1000 * cpu / max(runs, 1):.0f} ms a run); "
            f"load average {os.getloadavg()[0]:.1f}"
        )
        for error in errors[:5]:
            print(f"  error: {error[:300]}")
    finally:
        stop_server(proc)
    print(f"py-spy's stacks: {raw}")
    return raw


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sessions", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=40, help="how long py-spy records the sessions")
    parser.add_argument("--rate", type=int, default=50, help="py-spy's samples a second")
    parser.add_argument(
        "--gil",
        action="store_true",
        help="sample only the thread holding the GIL (Python's own work, no waits)",
    )
    parser.add_argument("--top", type=int, default=25, help="functions in each table")
    parser.add_argument("--raw", help="keep py-spy's raw stacks in this file")
    parser.add_argument("--read", help="print the tables of a raw stacks file (no server, no py-spy)")
    args = parser.parse_args()
    raw = Path(args.read) if args.read else record(args)
    tables(read_raw(raw), args.top)


if __name__ == "__main__":
    main()

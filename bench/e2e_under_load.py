"""Run the browser tests while the machine is busy, to show they hold under load.

    .venv/bin/python -m bench.e2e_under_load --burners 4

Starts ``--burners`` processes that spin on the CPU (on a 2-core machine, 4 of them leave
the tests about a third of the processor), runs the end-to-end tests on two workers as
``make test`` does, stops the burners and prints pytest's summary and the wall time.
"""

from __future__ import annotations

import argparse
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path


def burn(stop: multiprocessing.Event) -> None:
    while not stop.is_set():
        sum(i * i for i in range(10_000))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--burners", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1, help="run the browser tests this many times")
    args = parser.parse_args()
    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=burn, args=(stop,), daemon=True) for _ in range(args.burners)]
    for p in burners:
        p.start()
    failed = 0
    try:
        for run in range(1, args.repeat + 1):
            start = time.perf_counter()
            result = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pytest",
                    "tests/e2e",
                    "-n",
                    "2",
                    "--dist",
                    "loadgroup",
                    "-q",
                    "-p",
                    "no:cacheprovider",
                ],
                capture_output=True,
                text=True,
            )
            lines = result.stdout.splitlines()
            summary = [line for line in lines if " passed" in line or " failed" in line]
            for line in lines:
                if line.startswith(("FAILED", "ERROR")):
                    print(f"  {line}")
            if result.returncode:
                Path(f"/tmp/e2e_under_load_run{run}.log").write_text(result.stdout)
            print(
                f"run {run}: {summary[-1] if summary else result.stdout[-500:]} ({time.perf_counter() - start:.0f} s wall, {args.burners} CPU burners)"
            )
            failed += result.returncode != 0
    finally:
        stop.set()
        for p in burners:
            p.join(5)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

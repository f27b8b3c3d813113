"""Python opcodes run per protocol step, by function: a count no load on the machine changes.

    .venv/bin/python -m bench.opcodes yokai_carnival --games 100
    .venv/bin/python -m bench.opcodes kuhn --games 2000

The games are ``bench.steps``' (seeded random games through the protocol as
``bench.protocol_speed`` plays them, the loop and ``random.choice`` included); ``kuhn`` plays
OpenSpiel's Python Kuhn poker, whose opcodes are only the Python part of its step (pyspiel's
C++ does the rest). Counted with a ``sys.settrace`` opcode tracer, after a few untraced games
(so imports and first calls are not counted). Two runs of the command count the same; inside
one process, a memo that earlier work warmed (Yokai Carnival's unconfirmed colours of each
line) can move the count a little (0.4% after part of the test suite). Like instruction counts
it weighs no cache miss or branch: on this machine a Yokai Carnival step took about 1.0x a
Kuhn step at 574 opcodes (commit 09b59f8) and 1.2-1.4x at 691, so it tracks the time of one
game's step from commit to commit, not across games.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.kuhn import kuhn_playouts, openspiel_kuhn  # noqa: E402
from bench.steps import playouts  # noqa: E402
from engine.core.registry import game as game_of  # noqa: E402

WARM = 20
"""Games played untraced first."""


def counted(play) -> tuple[Counter, int]:
    """The opcodes ``play()`` runs, by (file, function, first line), and what it returns."""
    found: Counter = Counter()

    def trace(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            found[(Path(code.co_filename).name, code.co_name, code.co_firstlineno)] += 1
        return trace

    previous = sys.gettrace()  # (a coverage tool's or a debugger's, given back after)
    sys.settrace(trace)
    try:
        result = play()
    finally:
        sys.settrace(previous)
    return found, result


def opcodes_per_step(game_id: str, games: int) -> tuple[Counter, int]:
    """The opcodes of ``games`` random games of ``game_id`` (or ``kuhn``), by function, and the
    steps they took."""
    if game_id == "kuhn":
        reference = openspiel_kuhn()
        kuhn_playouts(WARM * 20, reference)
        return counted(lambda: kuhn_playouts(games, reference)[1])
    game = game_of(game_id)
    playouts(game, WARM, first=games)
    return counted(lambda: playouts(game, games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", help="a game id, or kuhn")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--top", type=int, default=25, help="functions listed")
    args = parser.parse_args()
    found, steps = opcodes_per_step(args.game, args.games)
    print(f"{sum(found.values()) / steps:.1f} opcodes a step ({steps:,} steps)")
    for (file, function, line), count in found.most_common(args.top):
        print(f"{count / steps:8.1f}  {file}:{line} {function}")


if __name__ == "__main__":
    main()

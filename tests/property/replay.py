"""Replaying drawn choices, the same code in this process and in a fresh one (engine only).

A case is ``{"game", "seed", "players", "choices", "to_end"}``: at each move the action
``legal[choice % len(legal)]`` for the next choice, cycling through the choices until the game
ends if ``to_end``.
"""

from __future__ import annotations

import json
import sys

from engine.core.registry import game as game_of


def replay_case(case: dict) -> dict:
    """The save text and outcome of a case's game."""
    game = game_of(case["game"])
    state = game.new_game(case["seed"], case["players"])
    choices = case["choices"]
    move = 0
    while choices and not game.is_over(state) and (case["to_end"] or move < len(choices)):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[choices[move % len(choices)] % len(legal)])
        move += 1
    out = game.outcome(state)
    return {
        "save": game.to_json(state),
        "winner": out.winner,
        "ranking": list(out.ranking),
        "scores": list(out.scores),
        "termination": out.termination.name,
    }


def main() -> None:
    """Read cases (JSON) on stdin, print ``{"hash": ..., "games": [...]}`` on stdout."""
    cases = json.load(sys.stdin)
    print(json.dumps({"hash": hash("tabletop dojo"), "games": [replay_case(c) for c in cases]}))


if __name__ == "__main__":
    main()

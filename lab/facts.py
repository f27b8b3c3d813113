"""Per-game teaching facts: numbers a teacher can ask a class about, one dict per game.

Every fact comes from the public protocol (the actions played, ``outcome``) and the games'
exported explanation functions, never from a state's private fields:

- Fan & Mallet: ``possessions(state)`` scores every possessed house with its steps; a kid
  ghost's ``"bonus"`` step says what its ability added, and ``tie_broken_by_house`` says the
  house's faction took a tie.
- Tanuki Matsuri: the log events (``LogEvent.lost`` marks an effect that could not be
  applied) and ``outcome.termination`` (which end condition fired).
- Yokai Carnival: a Strike is always a choice (``Strike()`` or ``NoStrike()``), so the
  ``Strike`` actions count them; a General only leaves Summon Waiting by a General Summon, so
  the Generals no longer in the General Yama or Summon Waiting count those (a lone waiting
  General is summoned by the rules, without an action).
- Yokai: ``placed_hints``, ``revealed_hints``, ``hint_deck_size`` and the score steps (their
  total names the tier).

:data:`FACT_LABELS` says what each key means in a teacher's words, in the order to show
them; :data:`FACT_RATIOS` adds averages over a whole run (a sum over a sum, never a mean of
per-game means).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import PlayedGame, Termination
from engine.core.registry import game as registry_game

KID_GHOSTS = ("umbrella", "bucket", "mirror", "mortar", "cauldron", "hatchet")  # KID_NAMES order

FACT_LABELS: dict[str, dict[str, str]] = {
    "fan_mallet": {
        "possessions": "Houses possessed",
        "house_ties": "Possessions tied and decided by the house",
        **{
            key: text
            for kid in KID_GHOSTS
            for key, text in (
                (f"{kid}_scored", f"Kid ghost '{kid}' in a possessed house"),
                (f"{kid}_triggered", f"Kid ghost '{kid}' triggered (bonus above 0)"),
                (f"{kid}_bonus", f"Kid ghost '{kid}': power added by its ability"),
            )
        },
    },
    "tanuki_matsuri": {
        "effects_lost": "Effects lost (nothing left to circle), all players",
        "effects_lost_per_player": "Effects lost per player",
        "end_last_torii": "Ended: the last torii was circled",
        "end_last_flower": "Ended: the last flower was circled",
        "end_last_torii_and_flower": "Ended: the last torii and the last flower together",
    },
    "yokai_carnival": {
        "strikes": "Strikes",
        "general_summons": "General Summons",
    },
    "yokai": {
        "won": "Games won (every family grouped)",
        "declared": "Ended by declaring the Yokai appeased",
        "hints_placed": "Hints used (placed on a card)",
        "hints_revealed_unplaced": "Hints revealed but not placed",
        "hints_never_revealed": "Hints never revealed",
        "tier_honourable": "Honourable victory (score up to 10)",
        "tier_glorious": "Glorious victory (score 11 to 14)",
        "tier_legendary": "Legendary victory (score 15 or more)",
    },
}

# game id -> (label, numerator key, denominator key, unit): run totals divided, for "per trigger"
# averages; the unit says how a page shows the ratio ("share": a percentage, "points": a number)
FACT_RATIOS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "fan_mallet": (
        ("Possessions decided by the house", "house_ties", "possessions", "share"),
        *(
            (
                f"Kid ghost '{kid}': how often it triggers when scored",
                f"{kid}_triggered",
                f"{kid}_scored",
                "share",
            )
            for kid in KID_GHOSTS
        ),
        *(
            (
                f"Kid ghost '{kid}': average bonus when it triggers",
                f"{kid}_bonus",
                f"{kid}_triggered",
                "points",
            )
            for kid in KID_GHOSTS
        ),
    ),
}


def _fan_mallet(played: PlayedGame) -> dict[str, float]:
    from engine.fan_mallet import possessions

    found = {key: 0.0 for key in FACT_LABELS["fan_mallet"]}
    for possession in possessions(played.state):
        scored = possession.score
        found["possessions"] += 1
        found["house_ties"] += scored.tie_broken_by_house
        for step in scored.steps:
            if step.kind != "bonus":
                continue
            kid = scored.stack[step.subject].ability
            found[f"{kid}_scored"] += 1
            found[f"{kid}_triggered"] += step.value > 0
            found[f"{kid}_bonus"] += step.value
    return found


def _tanuki_matsuri(played: PlayedGame) -> dict[str, float]:
    from engine.tanuki_matsuri import outcome

    state = played.state
    lost = sum(1 for event in state.log if event.lost)  # the game's log, as the page shows it
    result = outcome(state)
    end = result.termination
    return {
        "effects_lost": float(lost),
        "effects_lost_per_player": lost / len(result.scores),
        "end_last_torii": float(end is Termination.LAST_TORII),
        "end_last_flower": float(end is Termination.LAST_FLOWER),
        "end_last_torii_and_flower": float(end is Termination.LAST_TORII_AND_FLOWER),
    }


def _yokai_carnival(played: PlayedGame) -> dict[str, float]:
    import engine.yokai_carnival as yc

    start = yc.new_game(played.seed, _players(played, yc))
    generals = yc.general_yama_size(start) + len(yc.summon_waiting(start))
    left = yc.general_yama_size(played.state) + len(yc.summon_waiting(played.state))
    return {
        "strikes": float(sum(1 for action in played.actions if isinstance(action, yc.Strike))),
        "general_summons": float(generals - left),
    }


def _players(played: PlayedGame, engine) -> int:
    return len(engine.outcome(played.state).scores)


def _yokai(played: PlayedGame) -> dict[str, float]:
    import engine.yokai as yk

    state = played.state
    result = yk.outcome(state)
    won = any(step.kind == "verdict" and step.value == "won" for step in result.steps)
    tier = next((step.subject for step in result.steps if step.kind == "total"), None) if won else None
    return {
        "won": float(won),
        "declared": float(result.termination is Termination.DECLARED),
        "hints_placed": float(len(yk.placed_hints(state))),
        "hints_revealed_unplaced": float(len(yk.revealed_hints(state))),
        "hints_never_revealed": float(yk.hint_deck_size(state)),
        "tier_honourable": float(tier == "Honourable"),
        "tier_glorious": float(tier == "Glorious"),
        "tier_legendary": float(tier == "Legendary"),
    }


FACTS: dict[str, Callable[[PlayedGame], dict[str, float]]] = {
    "fan_mallet": _fan_mallet,
    "tanuki_matsuri": _tanuki_matsuri,
    "yokai_carnival": _yokai_carnival,
    "yokai": _yokai,
}


def facts(game_id: str, played: PlayedGame) -> dict[str, float]:
    """The teaching facts of one finished game (an empty dict for a game without any).

    >>> from engine.core import play_game
    >>> fm = registry_game("fan_mallet")
    >>> found = facts("fan_mallet", play_game(fm, [fm.bots()["random"]] * 2, seed=3))
    >>> found["possessions"] >= 4, list(found)[:3]
    (True, ['possessions', 'house_ties', 'umbrella_scored'])
    """
    registry_game(game_id)  # a KeyError naming the games for an unknown id
    found = FACTS.get(game_id)
    return found(played) if found is not None else {}

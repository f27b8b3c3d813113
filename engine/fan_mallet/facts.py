"""Fan & Mallet's teaching facts for the Lab (``engine.core.facts``).

``possessions(state)`` scores every possessed house with its steps; a kid ghost's ``"bonus"``
step says what its ability added, and ``tie_broken_by_house`` says the house's faction took
a tie.
"""

from __future__ import annotations

from engine.core.facts import Facts
from engine.core.loop import PlayedGame

from .components import KID_NAMES
from .rules import possessions

KID_GHOSTS = tuple(KID_NAMES.values())

LABELS = {
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
}

RATIOS = (
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
        (f"Kid ghost '{kid}': average bonus when it triggers", f"{kid}_bonus", f"{kid}_triggered", "points")
        for kid in KID_GHOSTS
    ),
)


def measure(played: PlayedGame) -> dict[str, float]:
    """Houses possessed, ties the house decided, and each kid ghost scored, triggered and its bonus."""
    found = dict.fromkeys(LABELS, 0.0)
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


FACTS = Facts(LABELS, measure, RATIOS)

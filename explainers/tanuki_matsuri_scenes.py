"""Tanuki Matsuri: scripted scenes for the Learn tab (scripted ``dice=`` on the default sheet).

Each scene is a position reached by a few actions, the text that explains it and the rule
section it teaches. The text describes the state shown (its dice, marks and the decision
waiting), so each scene stops where its text does.

>>> [s.title for s in scenes()][:2]
['1. Take a die, circle a fruit', '2. Follow the arrows']
>>> import engine.tanuki_matsuri as tm
>>> tm.dice(scenes()[0].state), tm.pending(scenes()[0].state).kind
((3, 3, 6), 'line')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import engine.tanuki_matsuri as tm
from engine.tanuki_matsuri import ChooseLine, ChooseTanuki, TakeDie


@dataclass(frozen=True)
class Scene:
    title: str
    text: str
    rule: str
    state: tm.State


def _game(*rolls):
    return tm.new_game(seed=7, dice=[list(r) for r in rolls])


@cache
def scenes() -> tuple[Scene, ...]:
    """The Learn tab's scenes, in teaching order (built once)."""
    out = []
    s = tm.play(_game((3, 3, 6)), TakeDie(3))
    out.append(
        Scene(
            "1. Take a die, circle a fruit",
            "The roll is 3, 3, 6. Solo, you keep one die (the two 3s are one choice): here the **3**, "
            "a banana (column 3); a 6 would circle the next flower instead. The banana may go on "
            "**any line** that still has one, not only from the top: lines B, C, E, F and G "
            "(highlighted). Line E's banana shows Granny 👵: circle it there and her icon is circled "
            "at once (an effect applies immediately).",
            "Playing the Game; The Effects: Granny bonus",
            s,
        )
    )
    s = tm.play(_game((3, 1, 2), (3, 4, 5)), TakeDie(3), ChooseLine(2, 3), ChooseTanuki(3))
    s = tm.play(s, TakeDie(3), ChooseLine(2, 3))
    out.append(
        Scene(
            "2. Follow the arrows",
            "Line C has **two bananas** joined by an arrow. They are circled left to right: the first "
            "banana gave a tanuki bonus (a tanuki circled in the banana column); the second one — "
            "circled on the next turn — carries a tanuki **penalty**: a circled tanuki must now be "
            "crossed out, in a column of your choice (highlighted).",
            "Playing the Game: several fruits of one type on a line",
            s,
        )
    )
    s = tm.play(_game((1, 2, 2)), TakeDie(1), ChooseLine(5, 1), ChooseLine(3, 5))
    out.append(
        Scene(
            "3. Effects chain",
            "Die 1 → a watermelon on line F. Its icon is a **fruit bonus: strawberry** → a strawberry on "
            "line D, whose icon is a **tanuki bonus** → the game now asks in which column to circle a "
            "tanuki (highlighted). Each effect is finished, with everything it sets off, before the "
            "next one.",
            "The Effects: chaining effects",
            s,
        )
    )
    s = tm.play(_game((2, 2, 2), (4, 4, 1)), ChooseLine(3, 2))
    out.append(
        Scene(
            "4. The tanuki penalty",
            "The roll is 2, 2, 2: a single choice, so the app took the die for you (the log says "
            '"(auto)"). The pineapple went on line D, whose icon is a **tanuki penalty**: cross out one '
            "circled tanuki, in the column of your choice — choose the column where the fewest fruits "
            "are circled, so it costs least. A crossed-out tanuki no longer multiplies its column.",
            "The Effects: Tanuki penalty; Rule note: crossed-out tanuki no longer count",
            s,
        )
    )
    rolls = [(5, 1, 2)] + [(6, 6, 6)] * 10
    s = _game(*rolls)
    s = tm.play(s, TakeDie(5), ChooseLine(0, 5))
    while not tm.is_over(s):
        s = tm.apply(s, tm.legal_actions(s)[0])
    out.append(
        Scene(
            "5. The end of the game and the score",
            "Ten sixes in a row: each circles the next flower, and the flowers set off their own "
            "effects (tanuki, Granny, torii, fruit bonuses). Circling the **last flower** (or the last "
            "torii) ends the game at the end of that turn. Then each column scores circled fruits × "
            "tanuki that count, and the circled line bonuses are added up and multiplied by the "
            "circled Granny icons.",
            "End of the Game",
            s,
        )
    )
    return tuple(out)

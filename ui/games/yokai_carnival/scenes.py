"""Yokai Carnival's Learn scenes (pure Python): one scripted game phase by phase, one scene per
card ability, and the rulebook's own figures, each a position built with the engine's set-up
keywords (``yama=``, ``generals=``, ``position=``) and a few moves (codec tokens).

A hand is kept sorted by card type (Wanyūdō, Umibōzu, Kamaitachi, Nue, Kitsune, Tengu,
Yuki-onna, Nopperabō), so ``s2`` summons the third card of that order.

>>> all_scenes = scenes()
>>> len(all_scenes) >= 19 and all(s.rule for s in all_scenes)
True
"""

from __future__ import annotations

from functools import cache

import engine.yokai_carnival as yc

from .scene_base import SEED, Scene, play, position
from .scenes_cards import general_scenes, yokai_scenes

__all__ = ["Scene", "play", "scenes"]


def _walkthrough_game() -> tuple[yc.State, ...]:
    """The walkthrough's scripted game: the start, after Umibōzu's summon, after the Strike,
    before and after the General Summon, and its end (the first legal move each turn)."""
    yama = ["umibozu", "kamaitachi", "kitsune", "nue", "kamaitachi", "kamaitachi", "tengu", "yuki_onna"]
    yama += ["wanyudo", "umibozu", "tengu", "nopperabo", "nue", "kitsune"]
    start = yc.new_game(SEED, 2, yama=yama, generals=["nurarihyon", "tamamo_no_mae"])
    one = play(start, "s0")
    struck = play(one, "strike")
    ordered = play(struck, yc.encode_action(yc.legal_actions(struck)[0]))
    two = play(ordered, "s0")  # Kamaitachi strikes back: the 2 rightmost red cards are discarded
    three = play(two, "s0n")
    due = play(three, "s1n")
    summoned = play(due, "g0")
    if yc.decision(summoned) is not None and yc.decision(summoned).kind == "order":
        summoned = play(summoned, yc.encode_action(yc.legal_actions(summoned)[0]))
    end = summoned
    while not yc.is_over(end):
        end = yc.apply(end, yc.legal_actions(end)[0])
    return start, one, ordered, due, summoned, end


def _walkthrough() -> list[Scene]:
    start, one, ordered, due, summoned, end = _walkthrough_game()
    return [
        Scene(
            "Walkthrough 1 · Set-up and the first draw",
            "Each player holds 3 secret cards; two Generals lie face up in **Summon Waiting**. Player 1 "
            "starts: the draw brings the hand to 3 (it is full already), Strike check 1 finds three "
            "different colours, so the turn goes straight to the **Yokai Summon**: play one card from "
            "hand to the right end of your line — you must, even if you would rather not.",
            "Setup; 1. Draw to Hand; 2. Yokai Summon",
            start,
            start,
            explain="strike",
        ),
        Scene(
            "Walkthrough 2 · A Yokai Summon with its ability",
            "Player 1 summons **Umibōzu** (blue) and uses its ability: the top card of the Yama joins the "
            "line too, right of it (outlined). A card placed by an ability never uses its own ability. No "
            "Strike (2 cards in hand), no General (two colours): the turn ends.",
            "2. Yokai Summon; Details of Each Ability",
            one,
            start,
        ),
        Scene(
            "Walkthrough 3 · Strike",
            "Player 2 holds three **red** cards: at Strike check 1 they may Strike. They show the 3 cards "
            "and add them all to their line, in an order they choose, without using any ability — and "
            "skip the Yokai Summon. Three cards in one turn: the line takes the lead.",
            "Strike check 1; 3. Strike",
            ordered,
            one,
            seat=1,
            explain="strike",
            note="order",
        ),
        Scene(
            "Walkthrough 4 · General Summon",
            "Player 1's line now holds blue, yellow, red and green right of any General: the **General "
            "Summon** is mandatory. They take Nurarihyon from Summon Waiting; it joins the right end and its "
            "ability adds the top 2 Yama cards right of it. Summon Waiting is refilled from the General "
            "Yama. Everything up to Nurarihyon is now **protected**; the cards after it start a new "
            "unconfirmed line.",
            "4. General Summon Check",
            summoned,
            due,
            explain="general",
            note="check",
        ),
        Scene(
            "Walkthrough 5 · The end and the ranking",
            "The game ends at the end of a turn when Summon Waiting or the Yama is empty. The longest line "
            "wins; a tie goes to more Generals, then to the player earlier in turn order.",
            "5. End of Turn; 6. Win/Loss Check",
            end,
            end,
            explain="ranking",
            note="ranking",
        ),
    ]


def _figures() -> list[Scene]:
    strike = position([["tengu"], ["umibozu"]], [["kamaitachi", "nue", "nue"], ["umibozu"] * 3])
    four = position(
        [["umibozu", "tengu", "nue"], ["kitsune"]], [["kitsune", "umibozu", "yuki_onna"], ["nue"] * 3]
    )
    due = play(four, "s2n")
    guard = position(
        [
            ["nue", "umibozu", "kitsune", "yuki_onna", "nurarihyon", "tengu", "wanyudo"],
            ["kamaitachi", "umibozu", "tengu", "nopperabo", "shuten_doji", "nue"],
        ],
        [["kamaitachi", "nue", "tengu"], ["kitsune", "umibozu", "yuki_onna"]],
        waiting=("gashadokuro", "otakemaru"),
    )
    return [
        Scene(
            "Rulebook figure · Strike",
            "“Strike: take the lead at once and reverse your fortunes!” Three red "
            "cards in hand after the draw: Strike check 1 offers the Strike.",
            "Strike check 1; 3. Strike",
            strike,
            strike,
            explain="strike",
        ),
        Scene(
            "Rulebook figure · General Summon",
            "“General Summon once all 4 colors are present.” Yuki-onna "
            "brings green to an unconfirmed line of blue, yellow and red: a General must be summoned.",
            "4. General Summon Check",
            due,
            four,
            explain="general",
            note="check",
            check=due,  # the check is made now, after Yuki-onna brought green
        ),
        Scene(
            "Rulebook figure · Protection",
            "“Safe before the General Card.” In Player 1's line, Nurarihyon and "
            "the 4 cards left of it are protected; Tengu and Wanyūdō form the new unconfirmed line. Player 2's "
            "Shuten-dōji protects nothing: all of Player 2's line can be attacked.",
            "4. General Summon Check: protection",
            guard,
            guard,
            explain="protection",
            note="shuten",
        ),
    ]


@cache
def scenes() -> tuple[Scene, ...]:
    """Every Learn scene in teaching order (built once)."""
    return tuple(_walkthrough() + _figures() + yokai_scenes() + general_scenes())

"""Explanations as ``engine.core.Step`` tuples: the Strike check, the General Summon check,
protection, the last turn, and a preview of a hand card's ability.

>>> from .rules import new_game
>>> s = new_game(7)
>>> [st.kind for st in general_summon_check(s, 0)]
['colour', 'colour', 'colour', 'colour', 'general_due']
>>> protection(s, 0)[-1].kind, protection(s, 0)[-1].value
('unconfirmed', 0)
"""

from __future__ import annotations

from engine.core import Step
from engine.core.quote import quote_thing

from .cards import COLOURS, YOKAI_TYPES
from .info import INFO, Ending
from .rules import check_seat
from .state import UNSEEN, Event, State
from .work import general_due, protected_count, unconfirmed_colours, unconfirmed_start

R_STRIKE = "Strike check (進撃チェック)"
R_SUMMON = "2. Yokai Summon (妖怪召喚)"
R_GENERAL = "4. General Summon check (大将召喚チェック)"
R_PROTECT = "4. General Summon check: protection"
R_DRAW = "1. Draw to hand (手札補充)"
R_END = "5. End of turn (手番の終了)"
R_ABILITY = "Details of each ability"


def _name(state: State, n: int) -> str:
    return "a hidden card" if n == UNSEEN else state.deck.card(n).name


def _names(state: State, cards) -> str:
    return ", ".join(_name(state, n) for n in cards) if cards else "no card"


def _who(seat) -> str:
    return "Summon Waiting" if seat is None else INFO.seat_name(seat)


def strike_check(state: State, seat: int) -> tuple[Step, ...]:
    """Why a Strike is or is not available: the hand's colours (kind "colour", subject the
    colour, value the count) and the verdict (kind "strike", value True/False)."""
    cards = state.hands[check_seat(state, seat)]
    rule = R_STRIKE
    if UNSEEN in cards:
        return (
            Step("Hand", len(cards), "this hand is hidden from you", rule, kind="hand", subject=seat),
            Step("Strike possible", None, "unknown: the hand is hidden", rule, kind="strike", subject=seat),
        )
    colour = state.deck.colour_of
    counts = {c: sum(1 for n in cards if COLOURS[colour[n]] == c) for c in COLOURS}
    steps = [
        Step(
            f"{c.capitalize()} cards in hand",
            counts[c],
            f"{counts[c]} of {len(cards)}",
            rule,
            kind="colour",
            subject=c,
        )
        for c in COLOURS
    ]
    ok = len(cards) == 3 and max(counts.values()) == 3
    if ok:
        why = "all 3 hand cards share a colour: you may Strike (optional)"
    elif len(cards) != 3:
        why = f"a Strike needs 3 cards in hand of one colour; the hand holds {len(cards)}"
    else:
        why = "a Strike needs all 3 hand cards of one colour"
    steps.append(Step("Strike possible", ok, why, rule, kind="strike", subject=seat))
    return tuple(steps)


def general_summon_check(state: State, seat: int) -> tuple[Step, ...]:
    """The unconfirmed line's four colours (kind "colour", subject the colour, value
    True/False) and whether a General Summon is due (kind "general_due")."""
    line = state.lines[check_seat(state, seat)]
    present = unconfirmed_colours(line, state.deck)
    start = unconfirmed_start(line)
    steps = [
        Step(
            f"{c.capitalize()} in the unconfirmed line",
            i in present,
            f"the unconfirmed line (cards {start + 1} to {len(line)}) {'holds' if i in present else 'lacks'} {c}"
            if start < len(line)
            else "the unconfirmed line is empty",
            R_GENERAL,
            kind="colour",
            subject=c,
        )
        for i, c in enumerate(COLOURS)
    ]
    due = general_due(line, state.deck)
    if due and state.waiting:
        why = "all four colours: a General Summon is mandatory at this seat's check"
    elif due:
        why = "all four colours, but no General is left in Summon Waiting"
    else:
        missing = [c for i, c in enumerate(COLOURS) if i not in present]
        why = f"missing {', '.join(missing)}: no General Summon"
    steps.append(
        Step(
            "General Summon due",
            due and bool(state.waiting),
            why,
            R_GENERAL,
            kind="general_due",
            subject=seat,
        )
    )
    return tuple(steps)


def protection(state: State, seat: int) -> tuple[Step, ...]:
    """Which cards are protected and why (kind "protector", subject the index of the rightmost
    General that protects, or None), Generals that protect nothing (kind "unprotected_general",
    note "shuten"), and where the unconfirmed line starts (kind "unconfirmed", value its index)."""
    line = state.lines[check_seat(state, seat)]
    deck = state.deck
    p = protected_count(line, deck)
    steps = []
    if p:
        g = deck.card(line[p - 1])
        steps.append(
            Step(
                "Protected",
                p,
                f"{g.name} (card {p}) is the rightmost General that protects: it and the {p - 1} card(s) "
                "left of it cannot be discarded, taken or moved",
                R_PROTECT,
                kind="protector",
                subject=p - 1,
            )
        )
    else:
        steps.append(
            Step(
                "Protected",
                0,
                "no General that protects is in this line",
                R_PROTECT,
                kind="protector",
                subject=None,
            )
        )
    for i, n in enumerate(line):
        if n >= YOKAI_TYPES and not deck.protects(n):
            where = (
                "it protects nothing and is itself unprotected"
                if i >= p
                else "a General right of it protects it"
            )
            steps.append(
                Step(
                    deck.card(n).name,
                    i,
                    f"card {i + 1}: {where}",
                    "Rule note: Shuten-dōji",
                    kind="unprotected_general",
                    subject=i,
                    note="shuten",
                )
            )
    start = unconfirmed_start(line)
    why = (
        "no General in this line: all of it is unconfirmed"
        if start == 0
        else f"the unconfirmed line starts right of the rightmost General (any kind), at card {start + 1}"
    )
    steps.append(Step("Unconfirmed line starts", start, why, R_GENERAL, kind="unconfirmed", subject=seat))
    return tuple(steps)


_RULES = {
    "draw": R_DRAW,
    "strike": R_STRIKE,
    "no_strike": R_STRIKE,
    "summon": R_SUMMON,
    "general": R_GENERAL,
    "refill": R_GENERAL,
    "end": R_END,
}


def _event_step(state: State, e: Event) -> Step:
    names = _names(state, e.cards)
    card = "" if e.card is None or e.card < 0 else state.deck.card(e.card).name
    by = f" ({card})" if card else " (Strike)" if e.card == -1 else ""
    auto = " — the only option, taken by the rules" if e.auto else ""
    who = _who(e.seat)
    rule = _RULES.get(e.kind, R_ABILITY)
    kind = e.kind
    if kind == "draw":
        label, why = "Draw", f"{who} draws {len(e.cards)} card(s) to reach 3: {names}"
        if not e.value:  # ``value``: how many cards the hand lacked
            why = f"{who}'s hand already holds 3 cards: nothing to draw"
        if len(e.cards) < (e.value or 0):
            why += " (the Yama ran out)"
    elif kind == "strike":
        label, why = (
            "Strike",
            f"{who} Strikes at {'check 1' if e.value == 'strike_1' else 'check 2'} with {names}",
        )
    elif kind == "no_strike":
        label, why = "No Strike", f"{who} does not Strike"
    elif kind == "summon":
        label = "Yokai Summon"
        why = f"{who} summons {names} {'using' if e.value else 'without'} its ability"
    elif kind == "general":
        label, why = (
            "General Summon",
            f"{who} summons the General {names} (four colours in the unconfirmed line)",
        )
    elif kind == "refill":
        label = "Refill"
        why = (
            f"Summon Waiting is refilled with {names}" if e.cards else "the General Yama is empty: no refill"
        )
    elif kind == "end":
        label = "End of turn"
        why = f"the game ends: {Ending[e.value]}" if e.value else "play passes to the next player"
    elif kind == "opponent":
        label, why = "Opponent", f"{who} chooses {INFO.seat_name(e.value)}{by}"
    elif kind == "colour":
        label, why = "Colour", f"{who} names {e.value}{by}"
    elif kind == "look":
        whose = "the top of the Yama" if e.source == "yama" else f"{INFO.seat_name(e.source_seat)}'s hand"
        label, why = "Look", f"{who} looks at {whose}{by}: {names}"
    elif kind == "reveal":
        label, why = "Reveal", f"{who} reveals from the Yama{by}: {names}"
    elif kind == "order":
        label, why = "Order", f"{who} places {names} at the right end of the line{by}"
    elif kind == "stop":
        label, why = "Stop", f"{who} takes no more{by}"
    elif kind == "nothing":
        label, why = "Nothing happens", f"{e.value}{by}"
    else:  # move
        src = {"line": "line", "hand": "hand"}.get(e.source)
        if src:
            frm = f"{INFO.seat_name(e.source_seat)}'s {src}"
        else:
            frm = {"revealed": "the revealed cards", "discard": "the discard pile"}.get(e.source, "the Yama")
        if e.to in ("line", "hand"):
            dst = f"{INFO.seat_name(e.to_seat)}'s {e.to}"
        else:
            dst = "the discard pile" if e.to == "discard" else "the bottom of the Yama"
        label, why = "Move", f"{who} moves {names} from {frm} to {dst}{by}"
    return Step(label, e.cards, why + auto, rule, kind=kind, subject=e.seat, note="auto" if e.auto else "")


def last_turn(state: State) -> tuple[Step, ...]:
    """The steps of the most recent turn: the running one once its player has done more than
    draw, otherwise the turn before. Hidden cards are never named in another seat's view."""
    events = state.events
    if all(e.kind == "draw" for e in events) and state.previous:
        events = state.previous
    return tuple(_event_step(state, e) for e in events)


def turn_events(state: State, which: str = "running") -> tuple[Step, ...]:
    """The steps of this state's ``"running"`` turn so far, or of the ``"previous"`` (finished)
    turn, as this state may show them (``last_turn`` picks one of the two)."""
    events = state.previous if which == "previous" else state.events
    return tuple(_event_step(state, e) for e in events)


def preview(state: State, hand_index: int) -> tuple[Step, ...]:
    """What summoning hand card ``hand_index`` of the seat to move, with its ability, would do
    now: the card joining the line (kind "summon"), then one step per effect step (kind
    "effect", subject the step's index; value False when it would do nothing now)."""
    seat = state.to_move
    hand = state.hands[seat]
    if not isinstance(hand_index, int) or isinstance(hand_index, bool) or not 0 <= hand_index < len(hand):
        which = (
            f"a hand card is a number from 0 to {len(hand) - 1}" if hand else "there is no card to preview"
        )
        raise ValueError(
            f"{INFO.seat_name(seat)} holds {len(hand)} card(s): {which}, not {quote_thing(hand_index)}"
        )
    if hand[hand_index] == UNSEEN:
        raise ValueError(f"Hand card {hand_index + 1} is not a card this view shows")
    n = hand[hand_index]
    deck = state.deck
    card = deck.card(n)
    line = state.lines[seat] + (n,)
    due = general_due(line, deck)
    steps = [
        Step(
            card.name,
            card.colour,
            f"{card.name} joins the right end of your line"
            + ("; the unconfirmed line then holds all four colours (General Summon due)" if due else ""),
            R_SUMMON,
            kind="summon",
            subject=hand_index,
        )
    ]
    opponents = [(seat + k) % state.players for k in range(1, state.players)]

    def free(o: int) -> int:
        return len(state.lines[o]) - protected_count(state.lines[o], deck)

    target_ok = True
    for i, s in enumerate(deck.effects[n]):
        ok, why = True, ""
        if s.do == "choose_opponent":
            if s.needs == "hand":
                cands = [o for o in opponents if state.hands[o]]
                what = "a card in hand"
            else:
                cands = [o for o in opponents if free(o)]
                what = "an unprotected card in line"
            ok = bool(cands)
            target_ok = ok
            why = (
                "you choose among " + ", ".join(INFO.seat_name(o) for o in cands)
                if ok
                else f"nothing happens: no opponent has {what}"
            )
        elif not target_ok:
            ok, why = False, "skipped: there is no opponent to choose"
        elif s.do == "choose_colour":
            why = "you name a colour"
        elif s.do == "look_yama":
            k = min(s.count, len(state.yama))
            ok, why = (
                k > 0,
                f"you look at the top {k} card(s) of the Yama" if k else "nothing happens: the Yama is empty",
            )
        elif s.do == "reveal_until_colour":
            ok, why = (
                bool(state.yama),
                "cards are revealed from the top of the Yama until one of that colour shows",
            )
        elif s.do == "look_hand":
            why = "you look at that opponent's hand"
        else:
            ok, why = _preview_move(state, s, seat, opponents, free, hand_index)
        steps.append(Step(f"Effect {i + 1}", ok, why, R_ABILITY, kind="effect", subject=i))
    if not deck.effects[n]:
        steps.append(
            Step("Effect", False, "this card has no ability", R_ABILITY, kind="effect", subject=None)
        )
    return tuple(steps)


def _preview_move(state, s, seat, opponents, free, hand_index) -> tuple[bool, str]:
    to = {
        "line": "your line",
        "hand": "your hand",
        "discard": "the discard pile",
        "yama_bottom": "the bottom of the Yama",
    }[s.to]
    if s.source == "yama":
        k = min(s.count, len(state.yama))
        return k > 0, (
            f"the top {k} card(s) of the Yama go to {to}" if k else "nothing happens: the Yama is empty"
        )
    if s.source == "discard":
        k = sum(1 for c in state.discard if c < YOKAI_TYPES)
        if s.up_to:
            return k > 0, f"you may take up to {s.count} of the {k} Yokai card(s) in the discard pile to {to}"
        if k < s.count:
            return False, f"nothing happens: the discard pile holds {k} Yokai card(s), fewer than {s.count}"
        return True, f"you take {s.count} of the {k} Yokai card(s) in the discard pile to {to}"
    if s.source == "hand":
        k = len(state.hands[seat]) - 1
        return (
            k > 0,
            f"the {k} other card(s) of your hand go to {to}" if k else "nothing happens: your hand is empty",
        )
    if s.source in ("target_line", "each_opponent_line", "opponent_lines"):
        total = sum(free(o) for o in opponents)
        what = {
            "rightmost": f"the {s.count or 'all'} rightmost unprotected",
            "choice": f"up to {s.count}",
            "colour": "every unprotected card of the named colour",
        }[s.pick]
        return total > 0, (
            f"{what} card(s) of an opponent's line go to {to}"
            if total
            else "nothing happens: no opponent has an unprotected card"
        )
    if s.source == "target_hand":
        who = "they choose" if s.chooser == "target" else "you choose"
        return True, f"{s.count} card(s) of that opponent's hand go to {to} ({who})"
    return True, f"revealed cards go to {to}"

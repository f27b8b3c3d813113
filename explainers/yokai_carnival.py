"""Yokai Carnival explanations: engine steps -> plain sentences and pandas tables (no Streamlit).

Why a Strike is or is not available, why a General Summon happens now, what an ability did
card by card, which cards are protected and why, the final ranking with its tie-breaks, and
the label of every action in the game's own words. The same tables serve the Play tab, the
Learn scenes and the What-if tab. Steps are selected by ``kind``/``subject``/``note``, never
by parsing their prose.

>>> import engine.yokai_carnival as yc
>>> s = yc.new_game(3, 2)
>>> list(steps_table(yc.strike_check(s, 0)).columns)
['Step', 'Value', 'Why', 'Rule']
>>> decision_line(s).startswith("**Player 1**")
True
"""

from __future__ import annotations

import pandas as pd

import engine.yokai_carnival as yc
from engine.core import Step
from engine.yokai_carnival.explain import turn_events
from explainers.coach import Words, percent

COLOUR_ICON = {"red": "🟥", "blue": "🟦", "yellow": "🟨", "green": "🟩", "purple": "🟪"}
COLOUR_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "purple": "★"}
STEP_COLUMNS = ["Step", "Value", "Why", "Rule"]

RULE_NOTES = {
    "reconstructed": "Card texts are reconstructed from the rulebook's colour themes: the rulebook "
    "gives each colour a theme, not the printed texts. A deck file can replace them.",
    "too_few": 'The rulebook says "nothing happens if there are not enough cards there". That is '
    "for cards you take for yourself: an effect that takes a fixed number from your own line, your "
    'own hand or the discard pile does nothing when there are fewer. "Up to" effects take what there '
    "is, and the Yama gives what is left. An effect on an opponent acts on what they have: "
    "Kamaitachi discards their only unprotected card when they have just one.",
    "order": "Cards that arrive together (a Strike, Daitengu, Nurarihyon, Shuten-dōji) are placed in "
    "one order their owner chooses; cards chosen one by one go to the right end in that order.",
    "check": "The General Summon check is made once per turn, for the player whose turn it is, after "
    "the Yokai Summon and any Strike. The General is placed, then its ability used, then Summon "
    "Waiting is refilled.",
    "shuten": "Shuten-dōji protects nothing and is itself unprotected; if it is discarded, the "
    "unconfirmed line reaches back to the previous General again.",
    "auto": "A choice with a single option is made for the player and written in the log.",
    "ranking": "Ranking: most cards in line; then more Generals; then earlier in turn order.",
}


def note(key: str) -> str:
    """A rule note as Markdown: ``**Rule note:** …``."""
    return f"**Rule note:** {RULE_NOTES.get(key, key)}"


def seat_name(seat: int | None) -> str:
    return "nobody" if seat is None else yc.INFO.seat_name(seat)


def card_label(card) -> str:
    """``"🟥 R Kamaitachi"``: colour as icon and letter, then the name (★ for a General).

    >>> import engine.yokai_carnival as yc
    >>> card_label(yc.summon_waiting(yc.new_game(1, 2))[0]).startswith("🟪 ★ ")
    True
    """
    return f"{COLOUR_ICON.get(card.colour, '')} {COLOUR_LETTER.get(card.colour, '?')} {card.name}"


# -- tables of steps -------------------------------------------------------------------------------
def _value(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def steps_table(steps) -> pd.DataFrame:
    """Any explanation's steps as a table: what was looked at, its value, why, the rule."""
    rows = [
        {
            "Step": s.label,
            "Value": _value(s.value),
            "Why": s.reason,
            "Rule": s.rule + (f" · Rule note: {s.note}" if s.note else ""),
        }
        for s in steps
    ]
    return pd.DataFrame(rows, columns=STEP_COLUMNS)


def verdict(steps) -> Step | None:
    """The step that concludes an explanation (the last one), if any."""
    steps = list(steps)
    return steps[-1] if steps else None


def sentence(steps) -> str:
    """The conclusion of a list of steps as one sentence: ``"label: reason"``."""
    last = verdict(steps)
    if last is None:
        return ""
    return f"{last.label}: {last.reason}" if last.reason else str(last.label)


# -- the decision waiting now -----------------------------------------------------------------
def decision_line(state) -> str:
    """Who decides now and what: ``"**Player 2** decides: Choose an opponent for Nue."``."""
    d = yc.decision(state)
    if d is None:
        return "The game is over."
    prompt = d.prompt.split(": ", 1)[-1].rstrip(".")
    return f"**{seat_name(d.seat)}** decides: {prompt}."


def card_at(state, zone: str, seat, index: int):
    """The card an action names (None if this view cannot see it)."""
    try:
        if zone == "hand":
            who = seat if seat is not None else yc.decision(state).seat
            return yc.hand(state, who)[index]
        if zone == "line":
            return yc.lines(state)[seat][index]
        if zone == "discard":
            return yc.discard(state)[index]
        if zone == "revealed":
            return yc.revealed(state)[index]
        if zone == "summon_waiting":
            return yc.summon_waiting(state)[index]
    except (ValueError, IndexError, AttributeError):
        return None
    return None


def action_label(state, action) -> str:
    """A button label in the game's words (``"🟥 Nue ✨ ability"``: summon Nue using its ability)."""
    kind = type(action).__name__
    if kind == "Summon":  # short: the side panel is narrow, and the difference must show
        card = card_at(state, "hand", None, action.index)
        name = f"{COLOUR_ICON[card.colour]} {card.name}" if card is not None else f"card {action.index + 1}"
        return f"{name} ✨ ability" if action.ability else f"{name} (no ability)"
    if kind == "Strike":
        return "⚔ Strike: add all 3 cards to my line"
    if kind == "NoStrike":
        return "No Strike"
    if kind == "Stop":
        return "Stop (take no more)"
    if kind == "ChooseSeat":
        return f"Choose {seat_name(action.seat)}"
    if kind == "ChooseColour":
        return f"{COLOUR_ICON[action.colour]} Name {action.colour}"
    if kind == "ChooseGeneral":
        card = card_at(state, "summon_waiting", None, action.index)
        return f"Summon the General {card_label(card) if card is not None else action.index + 1}"
    if kind == "Order":
        cards = [card_at(state, "revealed", None, i) for i in action.indices]
        if all(c is not None for c in cards):
            return "Place left → right: " + " → ".join(c.name for c in cards)
        return str(action)
    if kind == "Pick":
        card = card_at(state, action.zone, action.seat, action.index)
        name = card_label(card) if card is not None else f"card {action.index + 1}"
        where = {
            "discard": "the discard pile",
            "revealed": "the cards shown",
            "hand": f"{seat_name(action.seat)}'s hand",
            "line": f"{seat_name(action.seat)}'s line",
        }[action.zone]
        return f"{name} from {where}"
    return str(action)


# -- checks ----------------------------------------------------------------------------------
def _colours(steps) -> dict[str, int]:
    return {s.subject: s.value for s in steps if s.kind == "colour"}


def strike_summary(state, seat: int) -> str:
    """Whether a Strike is open to ``seat`` now, in a sentence that starts with the answer.

    >>> import engine.yokai_carnival as yc
    >>> strike_summary(yc.new_game(3, 2), 0)[:10]
    '✗ No Strik'
    """
    steps = yc.strike_check(state, seat)
    last = verdict(steps)
    if last.value is None:
        return "? Unknown: this hand is hidden from you."
    counts = {c: n for c, n in _colours(steps).items() if n}
    held = sum(counts.values())
    if last.value:
        return f"✓ Strike possible: all 3 hand cards are {next(iter(counts))}. A Strike is optional."
    mix = ", ".join(f"{n} {c}" for c, n in counts.items()) or "no card"
    if held != 3:
        return f"✗ No Strike: the hand holds {held} card(s) ({mix}); a Strike needs 3 cards of one colour."
    return f"✗ No Strike: the hand holds {mix}; a Strike needs all 3 hand cards of one colour."


def _span(state, seat: int) -> str:
    line = yc.lines(state)[seat]
    start = len(line) - sum(c.unconfirmed for c in line)
    return _cards(start, len(line))


def _cards(start: int, size: int) -> str:
    """``"cards 3 to 5"``, ``"card 5"`` or ``"empty"``: a line's cards from index ``start``."""
    if start >= size:
        return "empty"
    return f"card {size}" if start == size - 1 else f"cards {start + 1} to {size}"


def general_summary(state, seat: int, *, past: bool = False) -> str:
    """Whether a General Summon is due for ``seat``, in a sentence that starts with the answer.
    ``past``: the sentence of a check made earlier (the position shown is a later one).

    >>> import engine.yokai_carnival as yc
    >>> general_summary(yc.new_game(3, 2), 0)[:21]
    '✗ No General Summon: '
    """
    steps = yc.general_summon_check(state, seat)
    colours = _colours(steps)
    missing = [c for c, present in colours.items() if not present]
    who = seat_name(seat)
    span = _span(state, seat)
    where = f"{who}'s unconfirmed line ({span})"
    if verdict(steps).value:
        if past:
            return f"✓ At {who}'s check, all four colours were in {where}: the General Summon was mandatory."
        when = "now" if yc.decision(state) is not None and yc.decision(state).kind == "general" else None
        when = when or ("at this turn's check" if state.to_move == seat else f"at {who}'s next check")
        return f"✓ General Summon due: all four colours are in {where}; it is mandatory {when}."
    if not missing:
        return f"✗ No General Summon: all four colours are in {where}, but Summon Waiting is empty."
    if span == "empty":
        return f"✗ No General Summon: {who}'s unconfirmed line {'was' if past else 'is'} empty."
    lacks = "lacked" if past else "lacks"
    return f"✗ No General Summon: {where} {lacks} {', '.join(missing)}."


def colour_checklist(state, seat: int) -> pd.DataFrame:
    """The four colours of ``seat``'s unconfirmed line, one row each."""
    span = _span(state, seat)
    rows = [
        {
            "Colour": f"{COLOUR_ICON[s.subject]} {s.subject}",
            "In the unconfirmed line": "✓ yes" if s.value else "✗ no",
            "Why": (f"the unconfirmed line ({span}) " + ("holds " if s.value else "lacks ") + s.subject)
            if span != "empty"
            else "the unconfirmed line is empty",
        }
        for s in yc.general_summon_check(state, seat)
        if s.kind == "colour"
    ]
    return pd.DataFrame(rows, columns=["Colour", "In the unconfirmed line", "Why"])


def protection_table(state, seat: int) -> pd.DataFrame:
    """Which of ``seat``'s cards are protected and why; cards are counted from 1 at the left.

    >>> import engine.yokai_carnival as yc
    >>> list(protection_table(yc.new_game(3, 2), 0)["Value"])
    ['none', 'empty']
    """
    line = yc.lines(state)[seat]
    rows = []
    for s in yc.protection(state, seat):
        why = s.reason
        label = s.label
        if s.kind == "protector":
            value = _cards(0, s.value) if s.value else "none"
        elif s.kind == "unprotected_general":
            value = f"card {s.subject + 1}"
        elif s.kind == "unconfirmed":
            label, value = "Unconfirmed line", _cards(s.value, len(line))
            if s.value and s.value == len(line):
                why = f"no card lies right of the rightmost General (card {len(line)}) yet"
            elif s.value:
                why = f"the cards right of the rightmost General (card {s.value}), of any kind"
        else:
            value = _value(s.value)
        rule = "Rule note: Shuten-dōji" if s.note == "shuten" else s.rule
        rows.append({"Step": label, "Value": value, "Why": why, "Rule": rule})
    return pd.DataFrame(rows, columns=STEP_COLUMNS)


def line_table(state, seat: int) -> pd.DataFrame:
    """A seat's line card by card: position, card, protected, unconfirmed."""
    rows = [
        {
            "#": k + 1,
            "Card": card_label(c),
            "Protected": "🛡 yes" if c.protected else "no",
            "Unconfirmed": "yes" if c.unconfirmed else "no",
        }
        for k, c in enumerate(yc.lines(state)[seat])
    ]
    return pd.DataFrame(rows, columns=["#", "Card", "Protected", "Unconfirmed"])


# -- turns, previews, the end ---------------------------------------------------------------------
def turn_lines(steps) -> list[str]:
    """A turn's steps as lines of text (``"**Draw**: 2 cards from the Yama"``)."""
    out = []
    for s in steps:
        text = f"**{s.label}**"
        if s.reason:
            text += f": {s.reason}"
        out.append(text)
    return out


def last_turn_lines(state) -> list[str]:
    return turn_lines(yc.last_turn(state))


def since_own_turn(history, seat: int | None) -> list[tuple[str, list[str]]]:
    """``seat``'s own last turn and every turn since, oldest first, each as (heading, lines):
    what a player who looks up from the table must catch up on (who took what from their line,
    and why). ``history`` holds the full states up to the one on screen; each turn is shown as
    ``seat`` may see it. ``seat`` None (everything shown): the last turn only.

    >>> import engine.yokai_carnival as yc
    >>> s = yc.new_game(3, 3)
    >>> history = [s]
    >>> while yc.current_player(history[-1]) != 0 or history[-1].turn < 4:
    ...     history.append(yc.apply(history[-1], yc.legal_actions(history[-1])[0]))
    >>> [h for h, _ in since_own_turn(history, 0)]
    ["Player 1's turn (yours)", "Player 2's turn", "Player 3's turn"]
    """
    now = history[-1]
    if seat is None:
        return [(f"{seat_name(now.to_move)}'s turn", last_turn_lines(now))] if yc.last_turn(now) else []
    out = []
    running = [s for s in turn_events(yc.view(now, seat)) if not _idle_draw(s)]
    if any(s.kind != "draw" for s in running):
        so_far = "" if yc.is_over(now) else ", so far"
        out.append((f"{seat_name(now.to_move)}'s turn{so_far}", turn_lines(running)))
    k = len(history) - 1
    while k > 0:
        # history[k] is the first position of a turn: the finished turn is its "previous".
        while k > 0 and history[k - 1].turn == history[k].turn:
            k -= 1
        if k == 0:
            break
        mover = history[k - 1].to_move
        steps = [s for s in turn_events(yc.view(history[k], seat), "previous") if not _idle_draw(s)]
        out.append((f"{seat_name(mover)}'s turn" + (" (yours)" if mover == seat else ""), turn_lines(steps)))
        if mover == seat:
            break
        k -= 1
    return out[::-1]


def _idle_draw(step) -> bool:
    """A draw that drew nothing (the hand was full): no news for a player catching up."""
    return step.kind == "draw" and not step.value


def since_own_turn_markdown(history, seat: int | None) -> str:
    """The Play panel's catch-up as Markdown: a heading, then ``seat``'s last turn and each since."""
    turns = since_own_turn(history, seat)
    title = "#### Last turn" if seat is None else "#### Since your last turn"
    if not turns:
        return f"{title}\n\nNo turn played yet." if seat is None else f"{title}\n\nNothing happened yet."
    body = "\n\n".join(f"**{head}**\n\n" + "\n".join(f"- {line}" for line in lines) for head, lines in turns)
    return f"{title}\n\n{body}"


def preview_lines(state, hand_index: int) -> list[str]:
    """What summoning that hand card with its ability would do now."""
    return turn_lines(yc.preview(state, hand_index))


def hand_preview_table(state, seat: int) -> pd.DataFrame:
    """Every card of ``seat``'s hand with what its ability would do now (the What-if table)."""
    rows = []
    for k, card in enumerate(yc.hand(state, seat)):
        steps = yc.preview(state, k)
        rows.append(
            {
                "#": k + 1,
                "Card": card_label(card),
                "Ability": card.text,
                "What it would do now": " · ".join(
                    f"{s.label}: {s.reason}" if s.reason else str(s.label) for s in steps
                ),
            }
        )
    return pd.DataFrame(rows, columns=["#", "Card", "Ability", "What it would do now"])


def ranking_table(state) -> pd.DataFrame:
    """Every seat, best first: cards in line, Generals, turn order (the tie-breaks in order)."""
    lines = yc.lines(state)
    rows = []
    for rank, seat in enumerate(yc.ranking(state), start=1):
        line = lines[seat]
        rows.append(
            {
                "Rank": rank,
                "Player": seat_name(seat),
                "Cards in line": len(line),
                "Generals": sum(c.kind == "general" for c in line),
                "Turn order": seat + 1,
            }
        )
    return pd.DataFrame(rows, columns=["Rank", "Player", "Cards in line", "Generals", "Turn order"])


def outcome_lines(state) -> list[str]:
    return turn_lines(yc.outcome(state).steps)


def discard_table(state) -> pd.DataFrame:
    """The discard pile, oldest first."""
    rows = [{"#": k + 1, "Card": card_label(c), "Ability": c.text} for k, c in enumerate(yc.discard(state))]
    return pd.DataFrame(rows, columns=["#", "Card", "Ability"])


def card_table(deck=None) -> pd.DataFrame:
    """Every card type of a deck (default: the one in play by default) with its ability."""
    deck = deck if deck is not None else yc.DEFAULT_DECK
    rows = [
        {
            "Card": f"{COLOUR_ICON[c.get('colour', 'purple')]} {c['name']}",
            "Japanese": c.get("japanese", ""),
            "Kind": "General" if "colour" not in c else f"{c['colour']} Yokai",
            "Ability": c["text"],
        }
        for c in [*deck["yokai"], *deck["generals"]]
    ]
    return pd.DataFrame(rows, columns=["Card", "Japanese", "Kind", "Ability"])


# ---- the Coach's words (read by explainers.coach through the registry) ------------------------


def coach_effect(view, action) -> str:
    """What a Summon with its ability would do now (the card and each effect step); ``""``
    for any other decision."""
    if type(action).__name__ != "Summon" or not action.ability:
        return ""
    try:
        lines = preview_lines(view, action.index)
    except ValueError:
        return ""
    return "; ".join(lines)


COACH_WORDS = Words(
    unit="cards",
    loss_label="Expected loss in cards",
    scale=1.0,
    columns=(
        ("Win chance", lambda e: percent(e.share), "{:.0f}%"),
        ("Expected cards in line", lambda e: e.score, "{:.1f}"),
        ("Expected margin to the longest other line", lambda e: e.margin, "{:+.1f}"),
    ),
    label=action_label,
    effect=coach_effect,
    unseen="the cards in other hands and in the Yama",
    note=lambda m: f"cards in line ahead of the longest other line, a win counting {m.win:g} cards more",
)
"""How the Coach speaks of a Yokai Carnival move: win chance, cards in line, the ability's effect."""

"""Tanuki Matsuri's class game on the teacher's projector: the roll's dice, the Roll button,
who has chosen and the live ranking (names as plain text), and the rule note every class game
screen shows."""

from __future__ import annotations

from urllib.parse import urlsplit

import streamlit as st

import engine.tanuki_matsuri as tm
from boards.tanuki_matsuri import FRUIT_ICON
from explainers import tanuki_matsuri as ex
from storage.class_games import ClassGame, Pupil
from storage.shared_tables import shown_seat_code
from ui.kit import Keys, game_over_banner
from ui.kit.game_over import SCORED_ICON
from ui.kit.text_table import show_table

from . import class_game as cg

FACES = "⚀⚁⚂⚃⚄⚅"


def note() -> None:
    st.caption(f"**Rule note:** {ex.RULE_NOTES['class']}")


def die_words(value: int) -> str:
    """A die as the class reads it: its face, its number and what it gives."""
    if value == 6:
        return f"{FACES[5]} **6** 🌸 flower"
    fruit = tm.FRUITS[value - 1]
    return f"{FACES[value - 1]} **{value}** {FRUIT_ICON[fruit]} {fruit}"


def ranking_rows(pupils: list[Pupil], rolled: int) -> list[dict]:
    """The live ranking: equal points share a rank; names stay plain text (the table escapes)."""
    rows, rank = [], 0
    for i, p in enumerate(pupils):
        rank = rank if i and pupils[i - 1].points == p.points else i + 1
        mark = "🏁" if p.ended else "✓" if p.chosen else "…" if rolled else ""
        rows.append(
            {
                "Rank": rank,
                "Name": p.name,
                "Points": p.points,
                "This roll": mark,
                "Bot": f"🤖 {p.by_bot}" if p.by_bot else "",
            }
        )
    return rows


# -- the teacher's projector -------------------------------------------------------------------
def _roll_buttons(keys: Keys, game: ClassGame, pupils: list[Pupil]) -> None:
    waiting = [p for p in pupils if p.choosing]
    if game.finished:
        return
    if any(p.ended for p in pupils):
        st.markdown("**A sheet ended in this roll: the class game ends with it.**")
        label = (
            "🏁 Finish: scores to the class ranking" if not waiting else "🏁 Finish anyway (the bot chooses)"
        )
        st.button(
            label, key=keys("class_finish"), on_click=cg.finish, args=(keys, bool(waiting)), type="primary"
        )
        return
    if not pupils:
        st.caption("Waiting for the first pupil to join.")
    first = "🎲 Roll the first dice" if game.rolled == 0 else f"🎲 Roll (roll {game.rolled + 1})"
    st.button(
        first,
        key=keys("class_roll"),
        on_click=cg.roll,
        args=(keys, game.rolled),
        type="secondary" if waiting or not pupils else "primary",  # a disabled primary hides its words
        disabled=bool(waiting) or not pupils,
    )
    if waiting:
        st.button(
            f"Roll anyway: the bot chooses for {len(waiting)}",
            key=keys("class_force"),
            on_click=cg.roll,
            args=(keys, game.rolled, True),
        )
    if game.rolled:
        st.button("End the class game now", key=keys("class_stop"), on_click=cg.finish, args=(keys, True))


def projector(keys: Keys, mine: cg.Held, game: ClassGame) -> None:
    pupils = cg.games().standings(game.code, game)
    top, side = st.columns([3, 2], vertical_alignment="top")
    with top:
        st.markdown(f"## 🏫 Class game {game.shown}")
        st.caption("Pupils join on the Tanuki Matsuri page with this link or code (🏫 under the game):")
        st.code(f"{_base()}/{tm.INFO.id}?{cg.PARAM}={game.code}", language=None, wrap_lines=True)
        dice = cg.games().dice(game)
        if game.finished:
            game_over_banner(f"Class game over after {game.rolled} rolls.", icon=SCORED_ICON)
        elif dice:
            st.markdown(f"### Roll {game.rolled}: " + " · ".join(die_words(v) for v in dice))
        else:
            st.markdown("### Not rolled yet")
        chosen = sum(p.chosen for p in pupils)
        if game.rolled and not game.finished:
            st.markdown(f"**✓ {chosen} of {len(pupils)} chosen**")
            still = [p.name for p in pupils if p.choosing]
            if still:
                st.text("Still choosing: " + ", ".join(still))  # names: plain text
    with side:
        _roll_buttons(keys, game, pupils)
        st.caption(
            f"Your host code: **{shown_seat_code(mine.secret)}** (after a reload, open the link and type it). "
            f"{len(pupils)} pupil{'s' if len(pupils) != 1 else ''} joined."
        )
        if game.challenge:
            st.markdown(
                f"Class ranking: challenge **{game.challenge[:3]}-{game.challenge[3:]}** (Classroom page)."
            )
    st.markdown("#### Live ranking")
    show_table(ranking_rows(pupils, game.rolled)) if pupils else st.caption("Nobody yet.")
    note()


def _base() -> str:
    here = urlsplit(st.context.url or "")
    return f"{here.scheme}://{here.netloc}{here.path.rsplit('/', 1)[0]}" if here.netloc else ""

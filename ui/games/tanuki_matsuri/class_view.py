"""What Tanuki Matsuri's class game on one roll draws on the Play tab: the teacher's projector
(the roll's dice, the Roll button, who has chosen, the live ranking) and a pupil's own sheet
(as far as the class has rolled, the choices of the open roll), each rerun by a one-second
clock when what it shows changed; and, under a game, the panel that opens or joins one."""

from __future__ import annotations

import streamlit as st

import engine.tanuki_matsuri as tm
from boards.tanuki_matsuri import figure
from explainers import tanuki_matsuri as ex
from storage.challenges import MAX_NAME
from storage.class_games import ClassGame
from storage.shared_tables import shown_seat_code
from ui.kit import Keys, board_chart, game_over_banner, page_button
from ui.kit.game_over import SCORED_ICON
from ui.kit.store import show_flash

from . import class_game as cg
from .class_projector import note, projector
from .play import choice_label


# -- a pupil's sheet -------------------------------------------------------------------------------
def sheet(keys: Keys, mine: cg.Held, game: ClassGame) -> None:
    me = cg.games().pupil(game.code, mine.pupil, game)
    view = me.shown
    st.markdown(f"#### 🏫 Class game {game.shown}")
    st.text(f"Your sheet: {me.name}")  # a typed name: plain text only
    left, right = st.container(key="play_split").columns([3.3, 1.2], gap="small")
    with right:
        st.metric("Your points", me.points)
        if game.finished:
            rank = 1 + sum(p.points > me.points for p in cg.games().standings(game.code, game))
            game_over_banner(f"Class game over: **{me.points}** points, rank {rank}.", icon=SCORED_ICON)
        elif game.rolled == 0:
            st.info("Waiting for the teacher's first roll.")
        elif me.choosing:
            st.markdown(f"**Roll {game.rolled}.** " + ex.decision_text(view))
            for action in tm.legal_actions(view):
                token = tm.encode_action(action)
                st.button(
                    choice_label(action),
                    key=keys(f"class_act:{token}"),
                    on_click=cg.pick,
                    args=(keys, game.rolled, me.version, token),
                    width="stretch",
                )
        elif me.ended:
            st.success("Your sheet is full: the class game ends with this roll.")
        else:
            st.success(f"✓ Chosen for roll {game.rolled}. Wait for the next roll.")
        st.caption(f"Your choices so far: {me.version}")
        if me.by_bot:
            st.caption(
                f"🤖 {me.by_bot} choice{'s' if me.by_bot > 1 else ''} made by the bot (a late join or a forced roll)."
            )
        st.caption(
            f"Your seat code: **{shown_seat_code(mine.secret)}** (after a reload, open the link and type it)."
        )
    with left:
        fig = figure(view, interactive=me.choosing)
        board_chart(
            fig,
            keys,
            f"class:{game.rolled}:{me.version}",
            lambda token: cg.pick(keys, game.rolled, me.version, token),
            interactive=me.choosing,
        )
    note()


# -- the Play tab ----------------------------------------------------------------------------------
def _draw(keys: Keys) -> None:
    stamp = cg.drawing(keys)
    mine = cg.held(keys)
    game = cg.games().lookup(mine.code) if mine else None
    if game is None:
        cg.leave(keys)
        st.rerun()
    show_flash(keys)
    (projector if mine.teacher else sheet)(keys, mine, game)
    page_button(keys, "Leave the class game", "class_leave", cg.leave)
    cg.hold_address(keys)
    cg.drawn(keys, stamp)


def _watch(keys: Keys) -> None:
    if cg.changed(keys):
        st.rerun()


def _join_panel(keys: Keys, code: str) -> None:
    show_flash(keys)
    game = cg.games().lookup(code)
    with st.container(border=True, key=keys("class_join_box")):
        st.markdown(f"### 🏫 Class game {game.shown if game else ''} · everyone on one roll")
        st.text_input("Your name (it goes to the class ranking)", key=keys("class_name"), max_chars=MAX_NAME)
        st.button(
            "Join with my own sheet",
            key=keys("class_join"),
            on_click=cg.join,
            args=(keys, code),
            type="primary",
        )
        st.text_input(
            "Had a sheet here (or the teacher's screen)? Type its code",
            key=keys("class_code_back"),
            placeholder="ABCD-EFGH, then Enter",
            on_change=cg.reclaim,
            args=(keys, code),
        )
        page_button(keys, "Cancel", "class_cancel", cg.leave)
    note()
    cg.hold_address(keys)


def play_tab(keys: Keys) -> bool:
    """The class game's Play tab when this browser is at one or joining one (True)."""
    cg.open_link(keys)
    if cg.held(keys) is not None:
        st.fragment(_draw)(keys)
        st.fragment(_watch, run_every=cg.POLL_SECONDS)(keys)
        return True
    if cg.joining(keys):
        _join_panel(keys, cg.joining(keys))
        return True
    return False


def opener(keys: Keys) -> None:
    """Open a class game (the teacher's screen) or join one by its code: drawn by the whole
    page under the Play area (``GamePage.under_play``), so a click reruns the whole page, which
    then draws the class game, and the bots' clock does not resend it every move."""
    with st.expander("🏫 Whole class on one roll (class game)"):
        st.markdown(
            "The teacher's screen rolls; every pupil chooses a die of the same roll on their own "
            "device and sheet. The projector shows the dice, who has chosen and a live ranking; at "
            "the end the scores go to the class ranking (Classroom page)."
        )
        note()
        page_button(keys, "🏫 Open a class game (this screen rolls)", "class_open", cg.open_game)
        st.text_input(
            "Join a class game: its code",
            key=keys("class_code_box"),
            placeholder="K7P-2QX, then Enter",
            on_change=lambda: cg.ask(keys, st.session_state.get(keys("class_code_box"), "")),
        )

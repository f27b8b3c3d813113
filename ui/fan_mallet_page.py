"""The Fan & Mallet page (``pages/fan_mallet.py`` calls :func:`main`).

Play (hot-seat, against a bot, bot against bot), Learn, What-if and Rules. The code lives in a
module rather than in the page script so a rerun does not re-parse and re-compile it.
"""

from __future__ import annotations

import streamlit as st

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from boards.fan_mallet import board_figure, house_figure
from explainers.rules import rule_summary
from ui import controls
from ui import fan_mallet_match as match
from ui.session import HUMAN

NS = "fan_mallet"
PICK = f"{NS}:pick"
BOARD = f"{NS}:board"
LEARN = f"{NS}:learn"
FACTIONS = fm.FACTIONS


# ---- callbacks (the only places the game changes) -------------------------------------------


def _play_code(code: str | None) -> None:
    """Play the follower ``code`` from the mover's hand (the action comes from the session's own
    engine module, so it stays valid even if the dev server reloaded the engine's source)."""
    if not code:
        return
    session = controls.current(NS)
    game = session.game
    action = next((a for a in game.legal_actions(session.state) if a.follower.code == code), None)
    if action is None:
        controls.flash(NS, "error", f"Not allowed: {code} is not in the hand of the player to move.")
    elif controls.play(NS, action):
        st.session_state[PICK] = None


def _play_pick() -> None:
    code = st.session_state.get(PICK)
    if not code:
        controls.flash(NS, "warning", "Pick a card from the hand first (click it on the board or below).")
    _play_code(code)


def _on_board() -> None:
    event = st.session_state.get(BOARD)
    points = event.selection.points if event else []
    if not points:
        return
    kind, _, code = str(points[0].get("customdata") or "").partition(":")
    if kind == "card":
        st.session_state[PICK] = code
    elif kind == "play":
        _play_code(code)


def _learn_step(delta: int) -> None:
    total = len(ex.SCENES) + 1
    st.session_state[LEARN] = max(0, min(total - 1, st.session_state.get(LEARN, 0) + delta))


def _load_example() -> None:
    name = st.session_state.get(f"{NS}:wi_example")
    scene = next((s for s in ex.SCENES if s.title == name), None)
    if scene is None:
        return
    house, stack = ex.scene_stack(scene)
    st.session_state[f"{NS}:wi_colour"] = house.colour
    st.session_state[f"{NS}:wi_faction"] = house.faction
    st.session_state[f"{NS}:wi_stack"] = [f.code for f in stack]


# ---- Play tab ------------------------------------------------------------------------------------


def _seat_text(session, seat: int) -> str:
    kind = session.seats[seat]
    return f"{fm.INFO.seat_name(seat)} ({'human' if kind == HUMAN else kind + ' bot'})"


def _who_sees(session, state) -> tuple[int | None, int | None, bool]:
    """(seat whose hand is shown, seat whose hand is hidden, may it be played now)."""
    seats = session.seats
    humans = [s for s, kind in enumerate(seats) if kind == HUMAN]
    mover = fm.current_player(state)
    if mover is None:
        return (humans[0] if len(humans) == 1 else None), None, False
    if len(humans) == 1:
        shown = humans[0]
        return shown, 1 - shown, mover == shown
    if len(humans) == 2:
        return mover, 1 - mover, True
    return mover, None, False  # bot against bot: nothing to hide from the class


def _rule_note(key: str) -> None:
    st.caption(ex.RULE_NOTES[key].markdown())


def _score_block(table, totals, notes) -> None:
    st.table(table, hide_index=True)
    st.table(totals, hide_index=True)
    for note in notes:
        st.caption(note.markdown())


def _possession_panel(state) -> None:
    found = ex.possession_list(state)
    st.subheader("Possessions")
    if not found:
        st.caption(
            "No house is possessed yet. When a house receives its 5th follower, its calculation appears "
            "here step by step (rule: Possession)."
        )
        return
    order = list(range(len(found) - 1, -1, -1))
    index = st.selectbox(
        "Review a possession",
        order,
        format_func=lambda i: ex.possession_label(found[i]),
        key=f"{NS}:poss:{len(found)}",
    )
    p, table, totals, summary = ex.explain_possession(state, index)
    st.markdown(summary)
    _score_block(table, totals, ex.notes_for_stack(p.score.stack))


def _last_move(session, state) -> None:
    st.markdown("#### Last move")
    if session.cursor == 0:
        st.caption("No card has been played yet. White (God of riches) starts.")
        return
    prev = session.history[session.cursor - 1]
    follower = fm.last_move(state).follower
    preview, table, sentence = ex.explain_placement(prev, follower.code)
    st.markdown(sentence)
    tried = st.expander("Houses tried, in order", key=f"{NS}:last_tried", on_change="rerun")
    if tried.open:  # the table is built only when someone opens it
        with tried:
            st.table(table, hide_index=True)
            _rule_note("target")
    if fm.possession_count(state) > fm.possession_count(prev):
        p, _, totals, summary = ex.explain_possession(state, fm.possession_count(state) - 1)
        st.markdown("#### Possession!")
        st.markdown(summary)
        st.table(totals[["Step", "Value"]], hide_index=True)
        st.caption("The full calculation is under the board.")


def _match_panel(session, state) -> None:
    record = match.current(st.session_state, NS)
    over = fm.is_over(state)
    result = match.record_game(record, session, state) if over and session.at_end else None
    champion = match.champion(record)
    if result:
        st.markdown(f"**Match:** {result} — {match.points_text(record)} (to {record['target']}).")
    if champion is not None:
        st.success(f"🏆 {match.PERSONS[champion]} wins the match ({match.points_text(record)}).")
        st.button(
            "Start a new match", key=f"{NS}:match_reset", on_click=match.reset, args=(st.session_state, NS)
        )
    elif over:
        st.button(
            "▶ Next match game (the loser plays White)",
            key=f"{NS}:match_next",
            type="primary",
            on_click=match.next_game,
            args=(st.session_state, NS, fm),
        )
    panel = st.expander(
        f"🏆 Match {match.points_text(record, short=True)}", key=f"{NS}:match_panel", on_change="rerun"
    )
    if not panel.open:  # drawn only when opened
        return
    with panel:
        st.markdown(f"**Match play {match.score_line(record, session)}**")
        st.number_input(
            "Play to (points)",
            1,
            99,
            key=f"{NS}:target",
            value=record["target"],
            disabled=bool(record["games"]),
            on_change=match.set_target,
            args=(st.session_state, NS),
            help="Chosen at the start of a match. The winner of a game scores 7 − the loser's placed markers.",
        )
        st.caption(
            "The winner of each game scores the loser's unused markers (7 − markers placed); the loser "
            "of a game is White (God of riches, starts) in the next one (rule: End of the game)."
        )
        for line in match.history_lines(record):
            st.markdown(f"- {line}")


def _play_tab():
    controls.ensure_session(fm, NS)
    session = controls.toolbar(fm, NS)
    state = session.state
    over = fm.is_over(state)
    shown, hidden, can_play = _who_sees(session, state)
    hand_codes = [f.code for f in fm.hand(state, FACTIONS[shown])] if shown is not None else []
    if st.session_state.get(PICK) not in hand_codes:
        st.session_state[PICK] = None
    pick = st.session_state.get(PICK)
    left, right = st.columns([3.6, 1], gap="small")
    with left:
        if shown is None:
            title = ""
        elif can_play:
            title = f"{FACTIONS[shown].capitalize()}'s hand · click a card, click again to play"
        else:
            title = f"{FACTIONS[shown].capitalize()}'s hand (not {FACTIONS[shown]}'s turn)"
        fig = board_figure(state, shown, pick if can_play else None, can_play, hidden, title)
        st.plotly_chart(
            fig,
            key=BOARD,
            on_select=_on_board,
            selection_mode="points",
            theme=None,
            config={"displayModeBar": False},
        )
        if shown is not None:
            st.pills(
                f"{FACTIONS[shown].capitalize()}'s hand",
                hand_codes,
                format_func=lambda c: ex.follower_name(fm.parse_follower(c)),
                key=PICK,
                disabled=not can_play,
                width="stretch",
            )
            st.button(
                "▶ Play the selected card",
                key=f"{NS}:play",
                on_click=_play_pick,
                disabled=not can_play,
                type="primary",
            )
            if can_play and pick:
                preview, table, sentence = ex.explain_placement(state, pick)
                st.info(f"**Preview:** {sentence} Click the card again or press *Play* to play it.")
                st.table(table, hide_index=True)
                _rule_note("target")
        _possession_panel(state)
    with right:
        if over:
            result = fm.outcome(state)
            st.success(f"🏆 **{fm.INFO.seat_name(result.winner)}** has placed all 7 markers and wins.")
            for step in result.steps[2:]:
                st.caption(f"{step.reason} (rule: {step.rule})")
        else:
            mover = fm.current_player(state)
            st.markdown(f"#### To move\n**{_seat_text(session, mover)}**")
            if session.seats[mover] == HUMAN:
                st.markdown(
                    "Play one card from the hand. You choose the card, not the house: it goes to the first "
                    "house clockwise from your pawn that can take it (rule: *Inhabit*). Then you draw."
                )
            else:
                st.markdown(f"The {session.seats[mover]} bot plays this turn, deciding from what it may see.")
            if hidden is not None and session.seats[hidden] != HUMAN:
                st.caption(
                    f"{FACTIONS[hidden].capitalize()}'s hand stays hidden: "
                    f"{fm.hand_size(state, FACTIONS[hidden])} cards (card backs)."
                )
        m = fm.markers(state)
        c1, c2 = st.columns(2)
        c1.metric("White ♙", f"{m['white']}/7", help="Possession markers White has placed (of 7)")
        c2.metric("Black ♟", f"{m['black']}/7", help="Possession markers Black has placed (of 7)")
        st.caption("Markers placed (7 wins)")
        pace = controls.pace_control(NS)
        bot_slot = st.container()
        _last_move(session, state)
        _match_panel(session, state)
    return pace, bot_slot


# ---- Learn tab ---------------------------------------------------------------------------------------


def _learn_tab() -> None:
    total = len(ex.SCENES) + 1
    index = st.session_state.get(LEARN, 0)
    c1, c2, c3 = st.columns([1, 4, 1], vertical_alignment="center")
    c1.button("◀ Previous", key=f"{NS}:learn_prev", on_click=_learn_step, args=(-1,), disabled=index == 0)
    c3.button("Next ▶", key=f"{NS}:learn_next", on_click=_learn_step, args=(1,), disabled=index == total - 1)
    if index == 0:
        c2.markdown(f"**Scene 1 of {total}: Inhabit — where does each card go?**")
        st.caption("Rulebook section: Inhabit")
        state = ex.placement_scene()
        st.write(ex.PLACEMENT_TEXT)
        codes = [f.code for f in fm.hand(state, "white")]
        code = st.selectbox(
            "Show the path of",
            codes,
            format_func=lambda c: ex.follower_name(fm.parse_follower(c)),
            key=f"{NS}:learn_card",
        )
        st.plotly_chart(
            board_figure(state, 0, code, False, None, "White's hand (six colours)"),
            key=f"{NS}:learn_board",
            theme=None,
            config={"displayModeBar": False},
        )
        st.markdown(ex.explain_placement(state, code)[2])
        st.table(ex.hand_overview(state, "white"), hide_index=True)
        _rule_note("target")
        return
    scene = ex.SCENES[index - 1]
    c2.markdown(f"**Scene {index + 1} of {total}: {scene.title}**")
    st.caption(f"Rulebook section: {scene.rule}")
    house, stack = ex.scene_stack(scene)
    e = ex.explain_score(house, stack)
    left, right = st.columns([1.1, 1])
    left.plotly_chart(
        house_figure(house, stack, e.result.powers, scene.focus),
        key=f"{NS}:learn_house",
        theme=None,
        config={"displayModeBar": False},
    )
    with right:
        st.markdown(f"**{ex.house_name(house).capitalize()}**, followers bottom to top.")
        st.write(scene.text)
        st.markdown(f"**{e.verdict}**")
    _score_block(e.table, e.totals, e.notes)


# ---- What-if tab ------------------------------------------------------------------------------------


def _whatif_tab() -> None:
    st.write(
        "Build a house and put up to 5 followers on it, bottom first: the app scores it with the same "
        "rules as a possession (also for a partial house) and refuses what the rules forbid."
    )
    st.selectbox(
        "Start from a rulebook example (optional)",
        ["—", *(s.title for s in ex.SCENES)],
        key=f"{NS}:wi_example",
        on_change=_load_example,
    )
    c1, c2 = st.columns([1, 1])
    colour = c1.selectbox("House origin colour", fm.COLOURS, key=f"{NS}:wi_colour")
    faction = c2.radio("House faction", fm.FACTIONS, key=f"{NS}:wi_faction", horizontal=True)
    picks = st.multiselect(
        "Followers, bottom first (in the order you pick them)",
        [f.code for f in fm.FOLLOWERS],
        format_func=lambda c: ex.follower_name(fm.parse_follower(c)),
        max_selections=5,
        key=f"{NS}:wi_stack",
    )
    house = fm.House(colour=colour, faction=faction)
    stack, problems = ex.stack_problems(house, [fm.parse_follower(c) for c in picks])
    for problem in problems:
        st.error(f"✋ {problem}")
    if not stack:
        st.info("Pick followers to see the calculation.")
        return
    e = ex.explain_score(house, stack)
    m1, m2, m3 = st.columns(3)
    m1.metric("White total", e.result.totals["white"])
    m2.metric("Black total", e.result.totals["black"])
    m3.metric("Would possess", e.result.winner)
    left, right = st.columns([1.1, 1])
    left.plotly_chart(
        house_figure(house, stack, e.result.powers),
        key=f"{NS}:wi_house",
        theme=None,
        config={"displayModeBar": False},
    )
    right.markdown(f"**{e.verdict}**")
    if len(stack) < 5:
        right.caption(
            f"Only {len(stack)} follower(s): a real house is scored when its 5th arrives; abilities are "
            "evaluated on the cards present."
        )
    _score_block(e.table, e.totals, e.notes)


# ---- the page ------------------------------------------------------------------------------------------


def main() -> None:
    """Draw the page; ``controls.bot_turns`` is the very last call (it may sleep and rerun)."""
    st.title("🪭 Fan & Mallet · 団扇と小槌")
    st.write(
        "Two gods send followers round an oval of 12 houses; a full house (5 followers) goes to the side "
        "with more power, and the first to place all 7 markers wins."
    )
    # Only the open tab's content runs (``on_change="rerun"``): a rerun of Play does not rebuild
    # the Learn board or the What-if tables.
    play_tab, learn_tab, whatif_tab, rules_tab = st.tabs(
        ["Play", "Learn", "What-if", "Rules"], key=f"{NS}:tab", on_change="rerun"
    )
    controls.ensure_session(fm, NS)
    pace, bot_slot = None, None
    if play_tab.open:
        with play_tab:
            pace, bot_slot = _play_tab()
    if learn_tab.open:
        with learn_tab:
            _learn_tab()
    if whatif_tab.open:
        with whatif_tab:
            _whatif_tab()
    if rules_tab.open:
        with rules_tab:
            st.markdown(rule_summary("fan_mallet") or "The rule summary is missing.")
    if bot_slot is not None:  # bots play only while their board is on screen
        with bot_slot:
            controls.bot_turns(NS, pace)

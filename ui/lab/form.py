"""The Lab's form: a game, the number of players, a bot per seat, how many games and the seed,
with a one-line estimate of the time it takes and where it runs.

Widget keys carry the game (and the seat), so each game keeps its own choices and a seat
picker never shows a bot of another game.
"""

from __future__ import annotations

import streamlit as st

from engine.core import new_seed
from engine.core.registry import game as registry_game
from lab.executor import cluster_address, default_workers, estimate_seconds, executor_for, machine_load
from lab.plan import MAX_GAMES, Plan, bot_names
from ui.kit import bots
from ui.kit.store import Keys, page_button
from ui.registry import GAMES

from .timing import duration

DEFAULT_GAMES = 200
LONG_RUN_S = 600  # past this a teacher is told how to make the run shorter


def ready_games() -> list[str]:
    return [g.id for g in GAMES if g.ready]


def _title(game_id: str) -> str:
    entry = next(g for g in GAMES if g.id == game_id)
    return f"{entry.icon} {entry.info.title}"


def new_seed_button(keys: Keys, *, disabled: bool = False) -> None:
    page_button(
        keys,
        "🎲 New seed",
        "new_seed",
        _new_seed,
        disabled=disabled,
        width="stretch",
        help="Other games with the same settings: a fresh seed nobody chose.",
    )


def _new_seed(keys: Keys) -> None:
    st.session_state[keys("seed")] = str(new_seed())


def _default_bot(game_id: str) -> str:
    """The second-weakest bot (greedy, partner): quick, and plays a sensible game."""
    names = bot_names(game_id)
    return names[1] if len(names) > 1 else names[0]


def _parse_number(text: str) -> int | str:
    """A whole number typed in a box (``1,000``, ``1_000`` and ``1 000`` too); otherwise the
    text, for the plan to name what is wrong with it.

    >>> _parse_number(" 1_234 "), _parse_number("20 000"), _parse_number("abc"), _parse_number("-5")
    (1234, 20000, 'abc', '-5')
    """
    cleaned = text.strip().replace("_", "").replace(",", "").replace(" ", "")
    return int(cleaned) if cleaned.isascii() and cleaned.isdigit() else text.strip()


def players_key(keys: Keys, game_id: str) -> str:
    return keys(f"players:{game_id}")


def seat_key(keys: Keys, game_id: str, seat: int) -> str:
    return keys(f"seat:{game_id}:{seat}")


def plan_of(keys: Keys) -> Plan:
    """The plan the form shows now (it may be bad: :meth:`Plan.problems` says what is wrong)."""
    state = st.session_state
    game_id = state.get(keys("game"), ready_games()[0])
    info = registry_game(game_id).INFO
    players = int(state.get(players_key(keys, game_id), info.default_players))
    seats = tuple(state.get(seat_key(keys, game_id, s), _default_bot(game_id)) for s in range(players))
    games = _parse_number(str(state.get(keys("games"), DEFAULT_GAMES)))
    return Plan(game_id, players, seats, games, _parse_number(str(state.get(keys("seed"), ""))))


def _seat_pickers(keys: Keys, game_id: str, players: int, disabled: bool) -> None:
    game = registry_game(game_id)
    labels = bots.bot_labels(game)
    names = list(labels)
    cols = st.columns(min(players, 5))
    for seat in range(players):
        # The default goes in as the widget's own (not written into the session first): a seat
        # that appears while the browser reruns for another field then keeps it too.
        cols[seat % len(cols)].selectbox(
            game.INFO.seat_name(seat),
            names,
            index=names.index(_default_bot(game_id)),
            format_func=labels.get,
            key=seat_key(keys, game_id, seat),
            disabled=disabled,
        )


def draw(keys: Keys, *, disabled: bool = False) -> Plan:
    """The form (greyed out while a run plays); returns the plan it shows."""
    st.session_state.setdefault(keys("seed"), str(new_seed()))
    st.session_state.setdefault(keys("games"), str(DEFAULT_GAMES))
    game_col, players_col, games_col, seed_col = st.columns([3, 2, 2, 3], vertical_alignment="bottom")
    game_id = game_col.selectbox(
        "Game", ready_games(), format_func=_title, key=keys("game"), disabled=disabled
    )
    info = registry_game(game_id).INFO
    players = info.players.start
    if len(info.players) > 1:
        players = players_col.number_input(
            "Players",
            info.players.start,
            info.players.stop - 1,
            value=info.default_players,
            key=players_key(keys, game_id),
            disabled=disabled,
        )
    else:
        players_col.markdown(f"**Players:** {players}{' (a solo game)' if players == 1 else ''}")
    # A text box, like the seed: whatever is typed reaches the plan, which names what is wrong
    # under the form and keeps Run off (a number box would turn red, keep its last good value
    # and let Run play that).
    games_col.text_input(
        "Number of games",
        key=keys("games"),
        disabled=disabled,
        help=f"From 1 to {MAX_GAMES:,}. More games give narrower confidence intervals.",
    )
    seed_col.text_input(
        "Seed",
        key=keys("seed"),
        disabled=disabled,
        help="The same seed and settings replay exactly the same games: note it to repeat a run.",
    )
    st.markdown("**A bot per seat** (weakest first in each list)")
    _seat_pickers(keys, game_id, int(players), disabled)
    return plan_of(keys)


def backend_line(plan: Plan, load: float | None = None) -> str:
    """Where the plan would run and roughly how long it takes, in one line. The time is a
    rough guess (a few measured games of each bot, and the machine's ``load`` now); the
    progress bar then follows the run's own pace."""
    executor = executor_for(plan)
    address = cluster_address()
    if address:
        return (
            f"🖧 Runs on the **Dask cluster at {address}** (set by DOJO_DASK_ADDRESS); the time depends "
            f"on its workers (roughly {duration(estimate_seconds(plan))} on one idle core)."
        )
    load = machine_load() if load is None else load
    seconds = estimate_seconds(plan, executor.workers, load=load)
    line = f"⏱ Roughly **{duration(seconds)}** · backend: {executor.name}"
    busy = load >= default_workers()
    line += (
        f" · a rough guess{' (the machine is busy now)' if busy else ''}: "
        "the progress bar measures the run's own pace"
    )
    if seconds > LONG_RUN_S:
        line += " · a long run: fewer games or quicker bots finish sooner (Cancel keeps what is done)"
    return line

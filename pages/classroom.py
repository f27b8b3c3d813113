"""Classroom: a teacher creates a class challenge (a short code and a link: the whole class
plays the same deal or the same dice), students join it, and the teacher sees the ranking and
the spread of scores. Names are shown only as plain text (a table), never as markdown or HTML."""

from urllib.parse import parse_qs, urlsplit

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from engine.core import new_seed
from engine.core.registry import game as game_of
from storage.challenges import MAX_LABEL, MAX_NAME, BadName, Challenge, Challenges, clean_name
from storage.highscores import where_kept
from ui.kit.bots import bot_labels
from ui.kit.challenge import JOIN, NAME_BOX, PARAM, STUDENT
from ui.kit.challenge_game import describe, score_bins, score_text
from ui.kit.server import settle
from ui.kit.session import HUMAN
from ui.kit.shared_table_list import tables_panel
from ui.registry import GAMES, extra

PICKED = "classroom:picked"
K = "classroom:"


def code_in(text: str) -> str:
    """The code in what was typed or pasted: a code, or a whole challenge link."""
    text = str(text).strip()
    return parse_qs(urlsplit(text).query).get(PARAM, [text])[0] if "?" in text else text


def link_for(challenge: Challenge) -> str:
    """The game page's address with the code (this server's address when the browser gave it)."""
    here = urlsplit(st.context.url or "")
    base = f"{here.scheme}://{here.netloc}{here.path.rsplit('/', 1)[0]}" if here.netloc else ""
    return f"{base}/{challenge.game}?{PARAM}={challenge.code}"


def _join(code_text: str, name_text: str) -> None:
    found = Challenges().lookup(code_in(code_text))
    if found is None:
        st.error("No class challenge has this code. Check it with your teacher (for example K7P-2QX).")
        return
    try:
        name = clean_name(name_text)
    except BadName as exc:
        st.error(str(exc))
        return
    st.session_state[STUDENT] = name
    st.session_state.pop(NAME_BOX, None)
    st.session_state[JOIN] = found.code
    st.switch_page(f"pages/{found.game}.py", query_params={PARAM: found.code})


def join_panel() -> None:
    with st.form(K + "join"):
        st.subheader("🧑‍🎓 Join a class challenge")
        left, right = st.columns(2)
        code = left.text_input("Challenge code or link", key=K + "code", placeholder="K7P-2QX")
        name = right.text_input(
            "Your name", key=K + "name", max_chars=MAX_NAME, placeholder="First name or nickname"
        )
        joined = st.form_submit_button("Join the challenge", type="primary")
    if joined:
        _join(code, name)


def _create() -> None:
    """Create the challenge set up in the panel (a callback: it reads the widgets' values)."""
    state = st.session_state
    game_id = state[K + "game"]
    game = game_of(game_id)
    players = int(state.get(K + f"players:{game_id}", game.INFO.players.start))
    bots = list(game.bots())
    bot = state.get(K + f"bot:{game_id}") or bots[len(bots) // 2]
    own = extra(game_id, "challenge")  # the game's own options (ui/games/<game>/challenge.py)
    options = own.values(K + f"options:{game_id}:") if own else {}
    seed = new_seed()
    try:
        game.new_game(seed, players, **options)  # the set-up must deal before it is handed out
    except ValueError as exc:
        state[K + "error"] = f"Could not create that challenge: {exc}"
        return
    seats = (HUMAN,) + (bot,) * (players - 1)
    made = Challenges().create(game_id, seed, players, seats, options, state.get(K + "label", ""))
    state[PICKED] = made.code


def create_panel() -> None:
    st.subheader("🧑‍🏫 Create a class challenge")
    ready = {g.id: g for g in GAMES if g.ready}
    game_id = st.selectbox(
        "Game", list(ready), format_func=lambda i: f"{ready[i].icon} {ready[i].info.title}", key=K + "game"
    )
    game = game_of(game_id)
    info = game.INFO
    players = info.players.start
    if len(info.players) > 1:
        players = int(
            st.number_input(
                "Players (one student, the others bots)",
                info.players.start,
                info.players.stop - 1,
                value=info.default_players,
                key=K + f"players:{game_id}",
            )
        )
    labels = bot_labels(game)
    if players > 1:
        names = list(labels)
        st.selectbox(
            "Bot opponent", names, index=len(names) // 2, format_func=labels.get, key=K + f"bot:{game_id}"
        )
    own = extra(game_id, "challenge")
    if own:
        own.widgets(K + f"options:{game_id}:")
    st.text_input("Label (optional)", key=K + "label", max_chars=MAX_LABEL, placeholder="Class 3B, Monday")
    st.button(
        "Create challenge",
        type="primary",
        key=K + "create",
        on_click=_create,
    )
    error = st.session_state.pop(K + "error", None)
    if error:
        st.error(error)


def ranking_table(book: Challenges, code: str) -> pd.DataFrame:
    """The ranking as plain cells (st.dataframe shows a name as text, whatever it holds)."""
    standings = book.ranking(code)
    whole = all(s.score.is_integer() for s in standings)  # then sorting by Score stays numeric
    rows = [
        {
            "Rank": s.rank,
            "Name": s.name,
            "Score": int(s.score) if whole else s.score,
            "Result": s.result,
            "Moves": s.moves,
            "Games played": s.attempts,
            "When": s.played_at.replace("T", " "),
        }
        for s in standings
    ]
    return pd.DataFrame(rows)


def score_chart(scores: list[float]) -> go.Figure:
    """How the class's scores spread (one count per student; names stay out of the chart): a
    bar per score, or per range of scores when they spread wide (:func:`score_bins`), empty
    ones included, so 0 and 4 are two bars with a gap between, not one bar over both."""
    bins = score_bins(scores)
    words = ["Score" if "–" not in b.label else "Scores" for b in bins]
    return go.Figure(
        go.Bar(
            x=[b.label for b in bins],
            y=[b.count for b in bins],
            customdata=[
                [word, "student" if b.count == 1 else "students"] for word, b in zip(words, bins, strict=True)
            ],
            marker={"color": "#c0392b", "line": {"color": "white", "width": 1}},
            hovertemplate="%{customdata[0]} %{x}: %{y} %{customdata[1]}<extra></extra>",
        ),
        layout={
            "title": {"text": "Score distribution (each student's first game)"},
            "xaxis": {"title": {"text": "Score"}, "type": "category"},
            "yaxis": {
                "title": {"text": "Students"},
                "rangemode": "tozero",
                "dtick": max(1, max(b.count for b in bins) // 8),
            },
            "bargap": 0.08,
            "height": 320,
            "margin": {"l": 50, "r": 20, "t": 50, "b": 45},
        },
    )


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def challenge_view(book: Challenges, challenge: Challenge) -> None:
    left, right = st.columns([1, 2])
    left.markdown(f"# {challenge.shown}")  # only Crockford letters and digits: safe as markdown
    right.caption("The link for the class (students may also type the code on this page):")
    right.code(link_for(challenge), language=None, wrap_lines=True)
    right.caption(describe(challenge) + ".")
    if challenge.label:
        right.text(f"Label: {challenge.label}")
    table = ranking_table(book, challenge.code)
    st.button("🔄 Refresh the ranking", key=K + "refresh")
    if table.empty:
        st.info("No result yet: a student's result appears here when their game ends.")
        return
    games = int(table["Games played"].sum())
    st.markdown(f"**{_count(len(table), 'student')}** · {_count(games, 'game')} recorded")
    st.dataframe(table, hide_index=True, width="stretch")
    scores = [s.score for s in book.ranking(challenge.code)]
    st.plotly_chart(score_chart(scores), key=K + "chart", theme=None, config={"displayModeBar": False})
    st.caption(f"Best {score_text(max(scores))}, median {score_text(pd.Series(scores).median())}.")


def challenges_panel() -> None:
    st.subheader("📋 Challenges and rankings")
    book = Challenges()
    recent = book.recent()
    if not recent:
        st.caption("No challenge yet: create one above.")
        return
    by_code = {c.code: (c, n) for c, n in recent}
    if st.session_state.get(PICKED) not in by_code:
        st.session_state[PICKED] = recent[0][0].code

    def name(code: str) -> str:
        # No result count here: a selectbox sends its label back as its value, so a label that
        # changes with every result kept the old count on screen; the count is under the picker.
        c, _ = by_code[code]
        title = game_of(c.game).INFO.title
        return f"{c.shown} · {title} · {c.label or c.created_at.replace('T', ' ')}"

    chosen = st.selectbox("Challenge", list(by_code), format_func=name, key=PICKED)
    challenge_view(book, by_code[chosen][0])
    st.caption(f"Challenges and results are kept {where_kept()}, with the high scores.")


def intro() -> str:
    """The page's first lines, naming every game a challenge can be made for (from the registry)."""
    titles = [g.info.title for g in GAMES if g.ready]
    games = titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} or {titles[-1]}"
    return (
        f"A **class challenge** gives the whole class the same game of {games}: the same deal, the "
        "same dice, the same bots. Create one, show its code or link, and watch the ranking fill up. "
        "The code is a random key: it does not reveal the deal, so nobody can rebuild a bot's hand from it."
    )


settle()  # app.py in front of this page when it is opened by its address
st.title("🏫 Classroom")
st.write(intro())
join_panel()
with st.container(border=True):
    create_panel()
challenges_panel()
tables_panel()

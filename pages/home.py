"""Home: what each game is, who it is for, and where learners and teachers start."""

import streamlit as st

from ui.kit.server import settle
from ui.registry import GAMES
from ui.warm import warm_up

settle()  # app.py in front of this page when it is opened by its address
warm_up()  # the game pages' imports, once per process, while the visitor reads this page

st.title("🎎 Tabletop Dojo")
st.markdown("#### Learn, teach and play four small Japanese-themed tabletop games")
st.write(
    "Every game here has its full rules, a board you can click, opponents (people at the same "
    "screen or bots), a step-by-step explanation of every score, a what-if calculator, undo, "
    "and a save file or link to share a position."
)

cols = st.columns(2)
for i, game in enumerate(GAMES):
    with cols[i % 2].container(border=True):
        st.subheader(f"{game.icon} {game.info.title} · {game.info.japanese}")
        st.write(game.info.blurb)
        st.caption(f"For: {game.info.audience}")
        if game.ready:
            st.page_link(game.page, label=f"Open {game.info.title}", icon="➡️")
        else:
            st.markdown("🚧 **In preparation** — its rules are coming; the page opens when it is ready.")

left, right = st.columns(2)
with left.container(border=True):
    st.subheader("🧑‍🎓 Start here: learning alone")
    st.markdown(
        "1. Pick a game above and open its **Learn** tab: short scenes on the real board, each "
        "explained step by step.\n"
        "2. Read the **Rules** tab when a scene raises a question; *Rule notes* say where the "
        "rulebook is unclear and what this app does.\n"
        "3. Play against the **random** bot, then **greedy**, then the strongest one. Undo freely.\n"
        "4. Use **What-if** to test a scoring situation you are unsure about."
    )
with right.container(border=True):
    st.subheader("🧑‍🏫 Start here: teaching a class")
    st.markdown(
        "1. On the projector, open a game's **Learn** tab and walk through the scenes with "
        "*Next*.\n"
        "2. In **Play**, seat two bots and set the bot pace to *Step by step*: each click "
        "plays one move, and the side panel explains it.\n"
        "3. Prepare a position at home, then **Save / share** it: the link (or save file) "
        "brings back exactly that position in class.\n"
        "4. Let the class vote on a move in **What-if** before playing it."
    )

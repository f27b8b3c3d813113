"""Tabletop Dojo: the entry point. ``make run`` starts it; pages come from the game registry."""

import os

import streamlit as st

from ui.registry import GAMES

st.set_page_config(page_title="Tabletop Dojo", page_icon="🎎", layout="wide")

pages = [st.Page("pages/home.py", title="Home", icon="🏠", default=True)]
pages += [st.Page(g.page, title=g.title, icon=g.icon, url_path=g.id) for g in GAMES if g.ready]
if os.environ.get("DOJO_TEST_GAMES") == "1":
    # The browser tests add a tiny protocol game to drive the shared controls end to end.
    pages.append(
        st.Page("tests/support/pebbles_page.py", title="Pebbles (test game)", icon="🪨", url_path="pebbles")
    )
pages.append(st.Page("pages/rules.py", title="Rules", icon="📜", url_path="rules"))

with st.sidebar:
    st.markdown("### 🎎 Tabletop Dojo")
    st.caption("Learn, teach and play four small Japanese-themed tabletop games.")

st.navigation(pages).run()

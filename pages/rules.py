"""Rules index: every game's rule summary, in this project's own words, with its rule notes."""

import streamlit as st

from explainers.rules import rule_summary
from ui.kit.server import settle
from ui.registry import GAMES

settle()  # app.py in front of this page when it is opened by its address
st.title("📜 Rules")
st.write(
    "Short rule summaries written for this dashboard (the published rulebooks are the "
    "authority). A **Rule note** marks a place where the rulebook is unclear and says what "
    "this app does."
)
for game in GAMES:
    summary = rule_summary(game.id)
    with st.expander(f"{game.icon} {game.info.title} · {game.info.japanese}", expanded=False):
        if summary:
            st.markdown(summary)
            if game.ready:
                st.page_link(game.page, label=f"Play {game.info.title}", icon="➡️")
        else:
            st.markdown("🚧 **In preparation.** This game's rule summary comes with its page.")

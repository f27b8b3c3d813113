"""Tabletop Dojo: the entry point. ``make run`` starts it; pages come from the game registry."""

import streamlit as st

from ui.kit.server import settle
from ui.registry import GAMES


def main() -> None:
    settle()
    st.set_page_config(page_title="Tabletop Dojo", page_icon="🎎", layout="wide")

    pages = [st.Page("pages/home.py", title="Home", icon="🏠", default=True)]
    # every ready game of the registry (test games too when DOJO_TEST_GAMES=1)
    pages += [st.Page(g.page, title=g.info.title, icon=g.icon, url_path=g.id) for g in GAMES if g.ready]
    pages.append(st.Page("pages/classroom.py", title="Classroom", icon="🏫", url_path="classroom"))
    pages.append(st.Page("pages/lab.py", title="Lab", icon="🧪", url_path="lab"))
    pages.append(st.Page("pages/rules.py", title="Rules", icon="📜", url_path="rules"))

    # Less blank space above the title: the board and its step control fit a 1280×720 projector.
    st.html(
        "<style>[data-testid='stMainBlockContainer']{padding-top:1.5rem}"
        "[data-testid='stMain'] h1{font-size:2.2rem;padding:0.2rem 0}"
        # The panel goes under the board when the two no longer fit side by side: measured on
        # the page's own width (a container query), which the sidebar takes from the screen's.
        # 760 px: beside the sidebar a 1280 px screen leaves 791, and a Yokai Carnival board
        # narrower than about 550 px draws its texts over each other.
        ".st-key-play_split{container-type:inline-size}"
        "@container (max-width:760px){.st-key-play_split [data-testid='stHorizontalBlock']{flex-wrap:wrap}"
        ".st-key-play_split [data-testid='stColumn']{min-width:100%}}"
        # Streamlit fades captions (opacity 0.6): 4.7:1 on the sidebar with the theme's text
        # colour, just over WCAG's 4.5:1. A solid warm grey instead: 6.6:1 there, 7.7:1 on the page.
        "[data-testid='stCaptionContainer']{opacity:1;color:#55524c}"
        "[data-testid='stCaptionContainer'] p{color:#55524c}"
        # Streamlit cuts a label too long for its button or widget to "…" (the whole label only
        # on hover): beside a Yokai Carnival board, three orders of the same cards all read
        # "Place left → right: Kitsune → …". A long label wraps onto a second line instead.
        "[data-testid='stMain'] .stMarkdownEllipsis,[data-testid='stMain'] .stMarkdownEllipsis p"
        "{white-space:normal;overflow:visible;text-overflow:clip}</style>"
    )

    with st.sidebar:
        st.markdown("### 🎎 Tabletop Dojo")
        st.caption("Learn, teach and play four small Japanese-themed tabletop games.")

    st.navigation(pages).run()


# The Lab's process-pool workers (spawn/forkserver) import the main script by path under the
# name "__mp_main__": there it must define nothing and draw nothing.
if __name__ != "__mp_main__":
    main()

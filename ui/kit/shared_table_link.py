"""A shared table in the address bar: ``?table=CODE`` opens its seats, and while a device is at
a table the address holds that and nothing else (never the game's own link, nor a seat code)."""

from __future__ import annotations

from urllib.parse import urlsplit

import streamlit as st

from engine.core import Game

from . import shared_table as shared
from .links import LINK_PARAM, SEATS_PARAM
from .store import Keys


def link_for(code: str, game: Game) -> str:
    """The game page's address with the table's code (never its seed)."""
    here = urlsplit(st.context.url or "")
    base = f"{here.scheme}://{here.netloc}{here.path.rsplit('/', 1)[0]}" if here.netloc else ""
    return f"{base}/{game.INFO.id}?{shared.PARAM}={code}"


def open_link(game: Game, keys: Keys) -> None:
    """``?table=CODE`` new in the address bar: show that table's seats."""
    text = st.query_params.get(shared.PARAM)
    opened = st.session_state.setdefault(keys("tables_opened"), set())
    if not text or text in opened:
        return
    opened.add(text)
    shared.ask_to_join(game, keys, text)


def hold_address(keys: Keys) -> None:
    """At a table the address bar holds ``?table=CODE`` and never the game's link (a link
    opened elsewhere would be a copy of the game where demo mode shows every card)."""
    held = shared.seated(keys)
    code = held.table.code if held is not None else shared.joining(keys)
    st.query_params.pop(LINK_PARAM, None)
    st.query_params.pop(SEATS_PARAM, None)
    if code and st.query_params.get(shared.PARAM) != code:
        st.query_params[shared.PARAM] = code
    st.session_state.setdefault(keys("tables_opened"), set()).add(code)

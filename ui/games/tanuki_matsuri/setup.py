"""Tanuki Matsuri's set-up widgets for New game: the default sheet or an uploaded one."""

from __future__ import annotations

import json

import streamlit as st

import engine.tanuki_matsuri as tm
from engine.core import BadSheet
from ui.kit import Keys, flash

KEYS = Keys(tm.INFO.id)


def _on_upload() -> None:
    upload = st.session_state.get(KEYS("sheet_upload"))
    if upload is None:
        return
    try:
        try:
            data = json.loads(upload.getvalue().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise BadSheet("sheet: the file is not valid JSON") from None
        sheet = tm.load_sheet(data)
    except BadSheet as exc:
        flash(KEYS, "error", f"“{upload.name}” is not a valid sheet, so nothing changed. {exc}")
        return
    st.session_state[KEYS("custom_sheet")] = sheet
    st.session_state[KEYS("sheet_choice")] = "custom"
    flash(KEYS, "success", f"Sheet “{sheet.name}” loaded: press “Start new game” to play on it.")


def widgets() -> None:
    custom = st.session_state.get(KEYS("custom_sheet"))
    names = {"default": f"{tm.DEFAULT_SHEET.name} (default)"}
    if custom is not None:
        names["custom"] = f"{custom.name} (uploaded)"
    if st.session_state.get(KEYS("sheet_choice")) not in names:
        st.session_state[KEYS("sheet_choice")] = "default"
    st.radio("Sheet", list(names), format_func=names.get, key=KEYS("sheet_choice"), horizontal=True)
    st.file_uploader(
        "Custom sheet (JSON)",
        type=["json"],
        key=KEYS("sheet_upload"),
        on_change=_on_upload,
        help="A sheet file in the project's sheet schema (see the Rules tab). An invalid file is "
        "refused with the name of the field at fault.",
    )


def values() -> dict:
    custom = st.session_state.get(KEYS("custom_sheet"))
    if st.session_state.get(KEYS("sheet_choice")) == "custom" and custom is not None:
        return {"sheet": custom}
    return {}

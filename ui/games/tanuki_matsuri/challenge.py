"""Tanuki Matsuri's class challenge, as the teacher sets it up on Classroom: the default sheet
(a custom sheet is for New game only), the same dice for every student."""

from __future__ import annotations

import streamlit as st

from .setup import SHEET

WORDS: dict[str, str] = {}
"""No option to describe."""


def widgets(key: str) -> None:
    st.caption(f"Sheet: {SHEET.default_label}; every student rolls the same dice.")


def values(key: str) -> dict:
    return {}

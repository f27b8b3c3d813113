"""A game's own data file for New game (Tanuki Matsuri's sheet, Yokai Carnival's deck): the
default or an uploaded file, checked by the game's loader when it arrives. A bad file is
refused with the loader's reason (every field at fault) and nothing changes."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from engine.core.quote import inert, quote_name

from .store import Keys, flash

MAX_DATA_FILE_BYTES = 100_000
"""An uploaded sheet or deck larger than this is refused before it is decoded (the default
files are a few thousand bytes; the engine's loaders refuse over 100,000 characters too)."""


class TooLarge(ValueError):
    """An upload over its byte limit (only its first ``limit + 1`` bytes were read)."""


def read_upload(upload, limit: int) -> bytes:
    """The bytes of an uploaded file, reading at most ``limit + 1`` of them: ``TooLarge`` past
    ``limit``. ``st.file_uploader`` has no size limit of its own below the server's."""
    upload.seek(0)
    data = upload.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"it is larger than {limit:,} bytes")
    return data


@dataclass(frozen=True)
class UploadLimit:
    """What an uploader takes at most, in a reader's words (``2 MB``, ``100 KB``, ``200,000
    characters``), and the byte cap the browser enforces before sending (whole megabytes:
    Streamlit's ``max_upload_size``; the page's own check then refuses past the real limit)."""

    words: str
    max_bytes: int

    @property
    def browser_mb(self) -> int:
        return max(1, math.ceil(self.max_bytes / 1_048_576))


def css_class(key: str) -> str:
    """The class Streamlit gives the element of a widget with this key (what its frontend does).

    >>> css_class("some_game:upload")
    'st-key-some_game-upload'
    """
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def json_uploader(
    label: str, limit: UploadLimit, *, key: str, on_change, args: tuple, help: str | None = None
):
    """A JSON file uploader whose label says its real limit ("Load a save file (JSON, at most
    2 MB)"). The browser's own "… MB per file" line is hidden: it can only count whole
    megabytes (Streamlit's ``server.maxUploadSize`` said 5 MB for every uploader)."""
    st.html(
        f"<style>.{css_class(key)} [data-testid='stFileUploaderDropzoneInstructions']{{display:none}}</style>"
    )
    return st.file_uploader(
        f"{label.removesuffix(' (JSON)')} (JSON, at most {limit.words})",
        type=["json"],
        key=key,
        on_change=on_change,
        args=args,
        help=help,
        max_upload_size=limit.browser_mb,
    )


@dataclass(frozen=True)
class DataFile:
    """What a game's file is called and how it is read. ``load(text)`` returns the name to
    show and the value for ``new_game(**{setup_key: value})``, or raises ``ValueError``."""

    keys: Keys
    noun: str  # "sheet", "deck": the words of the messages and the session keys
    setup_key: str
    default_label: str
    uploader_label: str
    help: str
    load: Callable[[str], tuple[str, object]]
    horizontal: bool = False
    max_bytes: int = MAX_DATA_FILE_BYTES

    def key(self, part: str) -> str:
        return self.keys(f"{self.noun}_{part}")


def _on_upload(file: DataFile) -> None:
    upload = st.session_state.get(file.key("upload"))
    if upload is None:
        return
    shown = quote_name(upload.name, limit=60)
    try:
        text = read_upload(upload, file.max_bytes).decode("utf-8")
    except TooLarge as exc:
        flash(file.keys, "error", f"{shown} is not a valid {file.noun}, so nothing changed: {exc}.")
        return
    except UnicodeDecodeError:
        flash(file.keys, "error", f"{shown} is not a text file, so nothing changed.")
        return
    try:
        name, value = file.load(text)
    except ValueError as exc:  # the loader names every field at fault
        flash(
            file.keys, "error", f"{shown} is not a valid {file.noun}, so nothing changed. {inert(exc, 2_000)}"
        )
        return
    except RecursionError:  # json.loads of [[[[…]]]] thousands deep
        flash(
            file.keys,
            "error",
            f"{shown} is not a valid {file.noun}, so nothing changed: it is nested too deeply.",
        )
        return
    st.session_state[file.key("custom")] = (name, value)
    st.session_state[file.key("choice")] = "custom"
    flash(
        file.keys,
        "success",
        f"{file.noun.capitalize()} {quote_name(name, limit=80)} loaded: press “Start new game” to play with it.",
    )


def data_file_widgets(file: DataFile) -> None:
    """The default-or-uploaded choice and the uploader."""
    custom = st.session_state.get(file.key("custom"))
    names = {"default": file.default_label}
    if custom is not None:
        names["custom"] = f"{custom[0]} (uploaded)"
    if st.session_state.get(file.key("choice")) not in names:
        st.session_state[file.key("choice")] = "default"
    st.radio(
        file.noun.capitalize(),
        list(names),
        format_func=names.get,
        key=file.key("choice"),
        horizontal=file.horizontal,
    )
    json_uploader(
        file.uploader_label,
        UploadLimit(f"{file.max_bytes // 1000:,} KB", file.max_bytes),
        key=file.key("upload"),
        on_change=_on_upload,
        args=(file,),
        help=file.help,
    )


def data_file_values(file: DataFile) -> dict:
    """``{setup_key: value}`` when the uploaded file is chosen, else nothing (the default)."""
    custom = st.session_state.get(file.key("custom"))
    if st.session_state.get(file.key("choice")) == "custom" and custom is not None:
        return {file.setup_key: custom[1]}
    return {}

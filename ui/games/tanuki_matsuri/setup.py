"""Tanuki Matsuri's set-up widgets for New game: the default sheet or an uploaded one."""

from __future__ import annotations

import engine.tanuki_matsuri as tm
from engine.tanuki_matsuri.sheet import parse_sheet
from ui.kit import Keys
from ui.kit.datafile import DataFile, data_file_values, data_file_widgets


def _load(text: str):
    sheet = parse_sheet(text)  # refused by size before parsing, then every field checked
    return sheet.name, sheet


SHEET = DataFile(
    keys=Keys(tm.INFO.id),
    noun="sheet",
    setup_key="sheet",
    default_label=f"{tm.DEFAULT_SHEET.name} (default)",
    uploader_label="Custom sheet (JSON)",
    help="A sheet file in the project's sheet schema (see the Rules tab). An invalid file is "
    "refused with the name of the field at fault.",
    load=_load,
    horizontal=True,
)


def widgets() -> None:
    data_file_widgets(SHEET)


def values() -> dict:
    return data_file_values(SHEET)

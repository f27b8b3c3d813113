"""The README's "How a new game plugs in" is the list of pieces the app really requires, and
Pebbles, the example it points to, has every piece it names, in the prescribed layout."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core.registry import GAME_MODULES, TEST_GAME_MODULES
from ui.registry import PIECES, missing_pieces

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = TEST_GAME_MODULES[0].split(".")[1]


def guide() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## How a new game plugs in")
    return text[start : text.index("\n## ", start + 1)]


def quoted(text: str) -> set[str]:
    """Everything the text puts in backticks."""
    return set(re.findall(r"`([^`]+)`", text))


def named_paths() -> set[str]:
    """The paths the guide names for a game (``<game>`` standing for its id)."""
    return {q for q in quoted(guide()) if "<game>" in q and " " not in q and "(" not in q}


def test_the_guide_names_every_piece_the_registry_requires_and_its_functions():
    paths, words = named_paths(), quoted(guide())
    for pattern, functions in PIECES:
        path = pattern.format(id="<game>")
        folder, name = path.rsplit("/", 1)
        assert path in paths or (folder + "/" in paths and name in words), path
        for function in functions:
            assert any(re.match(rf"{function}\b", w) for w in words), f"{path}: {function}"
    assert "ICON" in words and "engine/<game>/" in paths


def test_the_example_has_every_piece_the_guide_names(monkeypatch):
    monkeypatch.setenv("DOJO_TEST_GAMES", "1")  # the example is registered as a test game
    paths = named_paths()
    assert paths >= {"engine/<game>/", "boards/<game>.py", "ui/games/<game>/", "pages/<game>.py"}
    lacking = [p for p in paths if not (ROOT / p.replace("<game>", EXAMPLE)).exists()]
    assert lacking == []
    assert missing_pieces(EXAMPLE) == ()


def test_the_files_to_copy_are_the_example_s_and_hold_every_required_piece():
    listed = {q for q in quoted(guide()) if EXAMPLE in q}
    assert listed and all((ROOT / q).exists() for q in listed)
    required = {pattern.format(id=EXAMPLE) for pattern, _ in PIECES}
    required |= {p.replace("<game>", EXAMPLE) for p in named_paths()}
    uncovered = {
        r for r in required if not any(r == q or (q.endswith("/") and r.startswith(q)) for q in listed)
    }
    assert uncovered == set()


def test_the_example_is_registered_as_a_test_game_only():
    assert f"engine.{EXAMPLE}" in TEST_GAME_MODULES and f"engine.{EXAMPLE}" not in GAME_MODULES

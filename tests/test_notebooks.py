"""Every classroom notebook runs top to bottom in a real Jupyter kernel (nbclient, as a teacher's
Jupyter runs it) without an error or a warning, and shows the key results of its lesson; the
committed notebooks hold no outputs; game states draw themselves as HTML cards in Jupyter."""

import html
import json
import os
import sys
from pathlib import Path

import nbclient
import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

from engine.core import playout, rng_for
from engine.core.display import MAX_ACTIONS, state_html
from engine.core.registry import games

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PLOTLY = "application/vnd.plotly.v1+json"
WIDGET = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# Per notebook: the text each named cell must show (its printed lines and its tables), the kinds
# of output it must hold, and what its what-if widget must display after the cells set it.
EXPECTED = {
    "fan_mallet.ipynb": {
        "cells": {
            "possession-1-table": ["White 6 vs Black 8: black has more power.", "3 + 1 + 4 = 8"],
            "tie": ["White 7 vs Black 7: a tie, so the house's own faction (white) wins it.", "Tie-break"],
            "kid-ghosts": [
                f"{kid}: 1 + 4 = 5"
                for kid in ("umbrella", "bucket", "mirror", "mortar", "cauldron", "hatchet")
            ],
            "mortar": ["so the mortar has 1 + 4 = 5", "Mortar kid ghost:"],
            "state-card": ["To move: <b>White — God of riches</b>", "Legal actions (6)"],
            "steps": ["W · red 3 goes to house 6 (blue, white), skipping 3 house(s)"],
            "possession": ["received its 5th follower on move 36", "Black places 2 markers", "1 + 4 + 4 = 9"],
            "builder-tie": ["White 7 vs Black 7: a tie, so the house's own faction (white) wins it."],
            "builder-refused": ["White 3 vs Black 7", "Pick 1 (W · blue 🪣 bucket) refused"],
        },
        "outputs": {
            "possession-1-board": PLOTLY,
            "mortar": PLOTLY,
            "possession-board": PLOTLY,
            "builder": WIDGET,
        },
        "widget": ["White 3 vs Black 7: black has more power.", "refused"],
    },
    "tanuki_matsuri.ipynb": {
        "cells": {
            "chain-decision": [
                "Set off by: Player 1 takes die 1 → watermelon on line F → fruit bonus: strawberry"
            ],
            "chain": ["fruit bonus: strawberry on line D", "tanuki bonus: column 5 (strawberry)"],
            "score": ["Score 4 = columns 4 + line bonuses 0 × 1 Granny"],
            "finish": [
                "The game ended: the last torii was circled.",
                "Score 118 = columns 62 + line bonuses 14",
            ],
            "final-breakdown": ["(A 3 + B 2 + C 3 + D 3 + F 3) = 14, × 4 Granny", "118"],
            "state-card": ["Game over: the last torii was circled.", "circled the last torii"],
            "marks-set": ["Score 13 = columns 7 + line bonuses 3 × 2 Granny"],
            "marks-crossed": [
                "Score 11 = columns 5 + line bonuses 3 × 2 Granny",
                "(2 circled − 1 crossed out)",
            ],
        },
        "outputs": {"sheet": PLOTLY, "final-sheet": PLOTLY, "hint": "text/html", "marks": WIDGET},
        "widget": ["Score 11 = columns 5 + line bonuses 3 × 2 Granny"],
    },
    "yokai_carnival.ipynb": {
        "cells": {
            "strike-check": ["all 3 hand cards share a colour: you may Strike"],
            "strike-done": ["Player 1 places Nue, Nue, Kamaitachi at the right end of the line (Strike)"],
            "general-check": [
                "Before: ✗ No General Summon: Player 1's unconfirmed line (cards 1 to 3) lacks green.",
                "After Yuki-onna: ✓ General Summon due: all four colours",
            ],
            "general-summon": [
                "Player 1 summons the General Nurarihyon (four colours in the unconfirmed line)"
            ],
            "protection": ["Nurarihyon (card 5) is the rightmost General that protects", "🛡 yes"],
            "attack": [
                "line:0:5 · 🟥 R Kamaitachi",
                "line:0:6 · 🟨 Y Kitsune",
                "Refused: Take card 3 of line 1",
            ],
            "attack-done": ["Player 2 moves Kitsune from Player 1's line to the discard pile (Nue)"],
            "ranking": ["The game ended: no General is left in Summon Waiting.", "Winner"],
        },
        "outputs": {"strike-board": PLOTLY, "general-board": PLOTLY, "strike-position": "text/markdown"},
    },
    "yokai.ipynb": {
        "cells": {
            "turn": ["Move E2 → F3", "Player 1 looked at it"],  # cells named as the board labels them
            "refusal": ["may go to: [(4, 1)]", "Moving E3 to E2 would cut off F3"],
            "illegal": [
                "Refused: Moving (3, 2) to (3, 3) would cut off (4, 2)",
                "Refused: On (1, -1) the card would touch no other card",
                "Still Player 2's move step: True",
            ],
            "win": ["The Yokai are appeased: you win!", "Score 35: Legendary victory"],
            "loss": ["Not every family is grouped: you lose.", "its cards are split 2 + 2"],
            "score": ["Score 10: Honourable victory", "the hint is wrong"],
            "state-card": ["Game over: a player declared the Yokai appeased.", "Honourable victory"],
        },
        "outputs": {"deal": PLOTLY, "refusal-board": PLOTLY, "loss-board": PLOTLY},
    },
    "tour.ipynb": {
        "cells": {
            "games": ["Fan &amp; Mallet", "Tanuki Matsuri", "Yokai Carnival", "1 to 10"],
            "boards": ["To move: <b>White — God of riches</b>", "Legal actions"],
            "bot-games": [
                "Fan & Mallet: 60 decisions, all 7 possession markers are placed",
                "Tanuki Matsuri: 56 decisions, the last torii was circled",
                "Yokai Carnival: 36 decisions, no General is left in Summon Waiting",
                "Yokai: 51 decisions, the last hint was placed",
            ],
            "final": ["Game over: all 7 possession markers are placed. Winner: <b>White — God of riches</b>"],
        },
        "outputs": {"boards": PLOTLY},
    },
}


@pytest.fixture(scope="session")
def kernel_name(tmp_path_factory) -> str:
    """The ``python3`` kernel, run by this interpreter (the .venv's, with the project installed).

    ipykernel installs that kernel spec into ``sys.prefix``, and jupyter_client runs its
    ``python`` with ``sys.executable``; should another ``python3`` spec win the search, one
    pointing here is written to a temporary ``JUPYTER_PATH`` (searched first)."""
    runs = ("python", "python3", f"python{sys.version_info[0]}.{sys.version_info[1]}", sys.executable)
    try:
        if KernelSpecManager().get_kernel_spec("python3").argv[0] in runs:
            yield "python3"
            return
    except NoSuchKernel:
        pass
    path = tmp_path_factory.mktemp("jupyter")
    spec = path / "kernels" / "python3"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "Python 3", "language": "python"})
    )
    before = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(path), before]))
    yield "python3"
    if before is None:
        del os.environ["JUPYTER_PATH"]
    else:
        os.environ["JUPYTER_PATH"] = before


def cell_text(cell) -> str:
    """Everything a cell showed as text: printed lines, plain, HTML and Markdown outputs."""
    parts = []
    for out in cell.outputs:
        if out.output_type == "stream":
            parts.append(out.text)
        for mime in ("text/plain", "text/html", "text/markdown"):
            parts.append(out.get("data", {}).get(mime, ""))
    return "\n".join(parts)


def widget_html(nb) -> str:
    """The values of the HTML widgets as the kernel last drew them (nbclient keeps the state)."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return "\n".join(m["state"].get("value", "") for m in state.values() if m["model_name"] == "HTMLModel")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_in_a_kernel(path, kernel_name):
    expected = EXPECTED.get(path.name)
    assert expected is not None, f"{path.name}: add the key outputs of its lesson to EXPECTED"
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name=kernel_name, resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()  # raises CellExecutionError, with the cell and its traceback, on any error
    cells = {c.id: c for c in nb.cells if c.cell_type == "code"}
    warnings = [c.id for c in cells.values() for o in c.outputs if o.get("name") == "stderr"]
    assert warnings == [], f"cells that wrote to stderr: {warnings}"
    for cell_id, needles in expected["cells"].items():
        text = cell_text(cells[cell_id])
        missing = [n for n in needles if n not in text]
        assert missing == [], f"cell {cell_id!r} lacks {missing}; it showed:\n{text[:3000]}"
    for cell_id, mime in expected["outputs"].items():
        assert any(mime in o.get("data", {}) for o in cells[cell_id].outputs), f"{cell_id}: no {mime}"
    for needle in expected.get("widget", []):
        assert needle in widget_html(nb)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_clean(path):
    """No outputs, no execution counts, no widget state: the lesson, not one run of it."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and "ROOT = next(" in code[0].source, "the first cell finds the repository"
    dirty = [c.id for c in code if c.outputs or c.execution_count is not None]
    assert dirty == []


def test_every_expected_notebook_exists():
    assert sorted(EXPECTED) == [p.name for p in NOTEBOOKS]


# -- the what-if widgets, driven in this process (the notebooks drive them in a kernel) ------------


def test_house_builder_redraws_and_refuses():
    from notebooks.whatif import HouseBuilder

    builder = HouseBuilder("b:blue", ["b:green:4"])
    assert "White 0 vs Black 4" in builder.result.value
    builder.slots[1].value = "w:red:kid"  # the umbrella borrows the green 4 below it: 1 + 4
    assert "White 5 vs Black 4: white has more power." in builder.result.value
    builder.colour.value = "red"  # a red house refuses the red umbrella, and says why
    assert "White 0 vs Black 4" in builder.result.value
    assert "Pick 2 (W · red ☂ umbrella) refused" in builder.result.value
    assert [f.code for f in builder.picks()[0]] == ["b:green:4"]


def test_sheet_marks_redraw_the_score():
    import engine.tanuki_matsuri as tm
    from notebooks.whatif import SheetMarks

    sheet = SheetMarks()
    assert sheet.score().total == 0
    sheet.cells[2, 2].value = 2  # two bananas (column 3: 1 tanuki circled on a blank sheet)
    assert "Score 2 = columns 2" in sheet.result.value
    sheet.tanuki[2][1].value = 1  # crossing out the banana tanuki leaves no multiplier
    assert sheet.score().total == 0
    assert sheet.marks()["tanuki"][2] == [1, 1]
    assert sheet.marks().keys() == tm.blank_marks().keys()


# -- states as HTML cards ---------------------------------------------------------------------------


@pytest.mark.parametrize("g", games(), ids=lambda g: g.INFO.id)
def test_states_draw_themselves_as_html_cards(g):
    state = g.new_game(5)
    card = state._repr_html_()
    assert card == state_html(g.INFO.id, state)
    mover = g.current_player(state)
    assert f"To move: <b>{g.INFO.seat_name(mover)}</b>" in card
    shown = min(len(g.legal_actions(state)), MAX_ACTIONS)
    assert card.count("<li>") == shown + (len(g.legal_actions(state)) > MAX_ACTIONS)
    if g.INFO.default_players > 1:
        other = g.view(state, 1 - mover)
        assert f"Only {g.INFO.seat_name(mover)}'s own view lists the moves" in html.unescape(
            other._repr_html_()
        )
        assert f"{g.INFO.seat_name(1 - mover)}'s view" in html.unescape(other._repr_html_())
    end = playout(g, state, rng_for(5, "card"))
    finished = end._repr_html_()
    outcome = g.outcome(end)
    assert f"Game over: {outcome.termination}." in finished
    assert all(step.label in html.unescape(finished) for step in outcome.steps)

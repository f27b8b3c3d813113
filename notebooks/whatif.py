"""The notebooks' what-if calculators as ipywidgets: a Fan & Mallet house builder and a Tanuki
Matsuri sheet of marks. Each scores with the engine and explains with the same tables as the
pages' What-if tabs (``explainers``); changing any control (by hand or by setting ``.value`` in
a cell) redraws the result at once.

>>> builder = HouseBuilder("w:red", ["w:blue:2", "b:yellow:3"])
>>> builder.explanation.result.totals
{'white': 2, 'black': 3}
"""

from __future__ import annotations

import ipywidgets as widgets

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import explainers.fan_mallet as fm_ex
import explainers.tanuki_matsuri as tm_ex

EMPTY = "—"
SLOTS = 5
DICE = (1, 2, 3)
"""Any roll: a what-if position needs one to be a position, and the score does not read it."""


def _refusals_html(problems: list[str]) -> str:
    return "".join(f'<p style="color: #b3261e">✋ {p}</p>' for p in problems)


class HouseBuilder(widgets.VBox):
    """Pick a house (origin colour and faction) and up to 5 followers, bottom first: the house is
    scored like a possession; a follower the rules forbid there is refused, with the reason."""

    def __init__(self, house: str = "w:red", stack=()) -> None:
        start = fm.parse_house(house)
        codes = [fm.parse_follower(f).code for f in stack][:SLOTS]
        codes += [EMPTY] * (SLOTS - len(codes))
        options = [(EMPTY, EMPTY)] + [(fm_ex.follower_name(f), f.code) for f in fm.FOLLOWERS]
        self.colour = widgets.Dropdown(options=fm.COLOURS, value=start.colour, description="Origin")
        self.faction = widgets.ToggleButtons(options=fm.FACTIONS, value=start.faction, description="Faction")
        self.slots = tuple(
            widgets.Dropdown(
                options=options, value=code, description=f"#{k + 1}" + (" bottom" if k == 0 else "")
            )
            for k, code in enumerate(codes)
        )
        self.result = widgets.HTML()
        for control in (self.colour, self.faction, *self.slots):
            control.observe(self._redraw, names="value")
        super().__init__([widgets.HBox([self.colour, self.faction]), *self.slots, self.result])
        self._redraw()

    @property
    def house(self) -> fm.House:
        return fm.House(colour=self.colour.value, faction=self.faction.value)

    def picks(self) -> tuple[tuple[fm.Follower, ...], list[str]]:
        """The followers the house holds (bottom first) and why the other picks were refused."""
        chosen = [fm.parse_follower(s.value) for s in self.slots if s.value != EMPTY]
        return fm_ex.stack_problems(self.house, chosen)

    @property
    def explanation(self) -> fm_ex.ScoreExplanation | None:
        """The score of the followers held, with its tables (None while the house is empty)."""
        stack, _ = self.picks()
        return fm_ex.explain_score(self.house, stack) if stack else None

    def summary(self) -> str:
        """The result as text: the verdict, each follower's final power and the refusals."""
        stack, problems = self.picks()
        explained = self.explanation
        lines = [f"{fm_ex.house_name(self.house).capitalize()}, {len(stack)} follower(s)"]
        if explained is None:
            lines.append("Pick followers to see the calculation.")
        else:
            table = explained.table[["No.", "Follower", "Faction", "Base", "Bonus", "Final"]]
            lines += [table.to_string(index=False), explained.verdict]
        return "\n".join(lines + problems)

    def _redraw(self, change=None) -> None:
        _, problems = self.picks()
        explained = self.explanation
        if explained is None:
            body = "<p>Pick followers to see the calculation.</p>"
        else:
            body = (
                f"<p><b>{explained.verdict}</b></p>"
                + explained.table.to_html(index=False)
                + explained.totals.to_html(index=False)
            )
        self.result.value = body + _refusals_html(problems)


class SheetMarks(widgets.VBox):
    """Mark a Tanuki Matsuri sheet by hand (circled fruits per line and column, tanuki circled
    and crossed out, flowers, Granny icons, torii): the score and its breakdown follow."""

    def __init__(self, marks: dict | None = None, sheet: tm.Sheet = tm.DEFAULT_SHEET) -> None:
        self.sheet = sheet
        marks = marks if marks is not None else tm.blank_marks(sheet)
        box = widgets.Layout(width="64px")
        self.cells: dict[tuple[int, int], widgets.BoundedIntText] = {}
        rows = [[widgets.Label("Line"), *(widgets.Label(f"{c + 1} {f}") for c, f in enumerate(tm.FRUITS))]]
        for i, line in enumerate(sheet.lines):
            row = [widgets.Label(f"{tm.line_label(i)} (+{line.bonus})")]
            for c, icons in enumerate(line.cells):
                if not icons:
                    row.append(widgets.Label(""))
                    continue
                box_ = widgets.BoundedIntText(value=marks["cells"][i][c], min=0, max=len(icons), layout=box)
                self.cells[i, c] = box_
                row.append(box_)
            rows.append(row)
        self.tanuki = tuple(
            tuple(
                widgets.BoundedIntText(value=marks["tanuki"][c][k], min=0, max=sheet.slots[c], layout=box)
                for k in (0, 1)
            )
            for c in range(5)
        )
        rows.append([widgets.Label("Tanuki circled"), *(t[0] for t in self.tanuki)])
        rows.append([widgets.Label("Tanuki crossed"), *(t[1] for t in self.tanuki)])
        self.flowers = widgets.BoundedIntText(
            value=marks["flowers"], max=len(sheet.flowers), description="Flowers"
        )
        self.granny = widgets.BoundedIntText(value=marks["granny"], max=sheet.granny, description="Granny")
        self.torii = widgets.BoundedIntText(value=marks["torii"], max=sheet.torii, description="Torii")
        self.result = widgets.HTML()
        grid = widgets.GridBox(
            [w for row in rows for w in row],
            layout=widgets.Layout(grid_template_columns="110px repeat(5, 90px)"),
        )
        for control in self._controls():
            control.observe(self._redraw, names="value")
        tracks = widgets.HBox([self.flowers, self.granny, self.torii])
        super().__init__([grid, tracks, self.result])
        self._redraw()

    def _controls(self) -> list[widgets.BoundedIntText]:
        return [
            *self.cells.values(),
            *(w for pair in self.tanuki for w in pair),
            self.flowers,
            self.granny,
            self.torii,
        ]

    def marks(self) -> dict:
        """The marks in the engine's what-if form (``tm.blank_marks`` shape)."""
        marks = tm.blank_marks(self.sheet)
        for (i, c), box in self.cells.items():
            marks["cells"][i][c] = box.value
        marks["tanuki"] = [[circled.value, crossed.value] for circled, crossed in self.tanuki]
        marks |= {"flowers": self.flowers.value, "granny": self.granny.value, "torii": self.torii.value}
        return marks

    def score(self) -> tm.Score:
        """The sheet's score by the engine (a crossed-out tanuki counts only if it was circled)."""
        return tm.score(tm.position(self.marks(), DICE, self.sheet), 0)

    def _redraw(self, change=None) -> None:
        score = self.score()
        self.result.value = (
            f"<p><b>{tm_ex.score_summary(score)}</b></p>"
            + tm_ex.columns_table(score).to_html()
            + tm_ex.breakdown_table(score).to_html(index=False)
        )

"""Sheet schema: the default sheet, and every validation error naming its field."""

import json

import pytest
from tm_helpers import sheet_dict

import engine.tanuki_matsuri as tm
from engine import BadSheet


def test_default_sheet_matches_the_spec_table():
    s = tm.DEFAULT_SHEET
    assert [line.bonus for line in s.lines] == [3, 2, 3, 3, 3, 3, 4]
    assert [s.column_size(c) for c in range(5)] == [6, 6, 6, 6, 6]
    assert s.slots == (6,) * 5 and s.start_circled == (1, 2, 1, 2, 1)
    assert (s.granny, s.torii, len(s.flowers)) == (5, 7, 10)
    assert s.flowers[4] == "fruit:banana" and s.flowers[8] == "fruit:strawberry"
    assert s.lines[4].cells[0] == ("flower", "torii")  # line E watermelon: Fl, T
    torii_icons = sum(e == "torii" for line in s.lines for cell in line.cells for e in cell)
    assert torii_icons + s.flowers.count("torii") >= s.torii


def test_sheet_to_dict_round_trip_and_path(tmp_path):
    d = tm.sheet_to_dict(tm.DEFAULT_SHEET)
    assert tm.load_sheet(d) == tm.DEFAULT_SHEET
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(d))
    assert tm.load_sheet(path) == tm.DEFAULT_SHEET
    assert tm.load_sheet(str(path)) == tm.DEFAULT_SHEET


def _good():
    return sheet_dict([(3, {"watermelon": ["tanuki"], "fig": [None]})])


def _with(**changes):
    d = _good()
    for path, value in changes.items():
        target = d
        keys = path.split("__")
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        last = keys[-1]
        if value is KeyError:
            del target[last]
        elif isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return d


BAD = [
    (_with(colour="red"), "colour: unknown key"),
    (_with(tanuki=KeyError), "tanuki: missing"),
    (_with(lines=[]), "lines: a sheet needs at least one line"),
    (_with(lines__0__cells={}), "lines[0].cells: a line needs at least one fruit"),
    (_with(lines__0__cells={"kiwi": [None]}), "lines[0].cells.kiwi: unknown fruit"),
    (_with(lines__0__cells={"fig": []}), "lines[0].cells.fig: expected a list"),
    (_with(lines__0__cells={"fig": ["dragon"]}), "lines[0].cells.fig[0]: unknown effect 'dragon'"),
    (_with(lines__0__cells={"fig": ["fruit:kiwi"]}), "lines[0].cells.fig[0]: unknown effect 'fruit:kiwi'"),
    (_with(lines__0__cells={"fig": [3]}), "lines[0].cells.fig[0]: unknown effect 3"),
    (_with(lines__0__bonus="3"), "lines[0].bonus: must be a whole number"),
    (_with(lines__0__bonus=True), "lines[0].bonus: must be a whole number"),
    (_with(lines__0__extra=1), "lines[0].extra: unknown key"),
    (_with(lines__0__cells=KeyError), "lines[0].cells: missing"),
    (_with(flowers=[]), "flowers: a sheet needs at least one flower"),
    (_with(flowers=["wind"]), "flowers[0]: unknown effect"),
    (_with(tanuki__slots=[6, 6, 6, 6]), "tanuki.slots: expected a list of 5 numbers"),
    (_with(tanuki__start_circled=[1, 1, 1, 1, 1, 1]), "tanuki.start_circled: expected a list of 5"),
    (_with(tanuki__slots=[3, 3, 1.5, 3, 3]), "tanuki.slots[2]: must be a whole number"),
    (_with(tanuki__start_circled=[1, 4, 1, 1, 1]), "tanuki.start_circled[1]: 4 is more than"),
    (_with(tanuki__shape="round"), "tanuki.shape: unknown key"),
    (_with(granny=-1), "granny: must be from 0"),
    (_with(torii="seven"), "torii: must be a whole number"),
    (_with(name=""), "name: must be a non-empty text"),
    ([], "sheet: expected a JSON object"),
]


@pytest.mark.parametrize(
    ("data", "message"), BAD, ids=[m.split(":")[0] + "-" + str(i) for i, (_, m) in enumerate(BAD)]
)
def test_bad_sheets_are_refused_naming_the_field(data, message):
    with pytest.raises(BadSheet) as err:
        tm.load_sheet(data)
    assert str(err.value).startswith(message), str(err.value)


def test_lines_index_names_the_right_line():
    d = sheet_dict([(1, {"fig": [None]}), (2, {"fig": [None]}), (3, {"kiwi": [None]})])
    with pytest.raises(BadSheet, match=r"^lines\[2\]\.cells\.kiwi: unknown fruit"):
        tm.load_sheet(d)


def test_unreadable_files(tmp_path):
    with pytest.raises(BadSheet, match="cannot read"):
        tm.load_sheet(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(BadSheet, match="not valid JSON"):
        tm.load_sheet(bad)


def test_good_custom_sheet_loads():
    s = tm.load_sheet(_good())
    assert s.lines[0].cells[0] == ("tanuki",) and s.lines[0].size == 2


def test_more_granny_effects_than_granny_icons_is_refused_naming_both_counts():
    d = sheet_dict(
        [(3, {"fig": ["granny", "granny"], "banana": ["granny"]})], flowers=["granny", None], granny=3
    )
    with pytest.raises(BadSheet, match=r"^granny: the sheet has 4 Granny effects .* only 3 Granny icons"):
        tm.load_sheet(d)
    d["granny"] = 4
    assert tm.load_sheet(d).granny == 4  # as many icons as effects: fine
    d["granny"] = 6
    assert tm.load_sheet(d).granny == 6  # spare icons are fine too


def test_the_default_sheet_has_one_granny_icon_per_granny_effect():
    s = tm.DEFAULT_SHEET
    effects = [e for line in s.lines for cell in line.cells for e in cell] + list(s.flowers)
    assert effects.count("granny") == s.granny == 5
    assert tm.load_sheet(tm.sheet_to_dict(s)) == s


def test_effect_words_name_every_sheet_effect():
    assert [tm.effect_words(e) for e in (None, "torii", "tanuki", "penalty", "granny", "flower")] == [
        "no effect",
        "torii",
        "tanuki bonus",
        "tanuki penalty",
        "Granny",
        "flower bonus",
    ]
    assert [tm.effect_words(f"fruit:{f}") for f in tm.FRUITS] == [f"fruit bonus ({f})" for f in tm.FRUITS]
    for bad in ("fruit:kiwi", "dragon", 3):
        with pytest.raises(ValueError, match="is not a sheet effect"):
            tm.effect_words(bad)

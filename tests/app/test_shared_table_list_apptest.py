"""The teacher's list of tables on the Classroom page (AppTest): every table of the class, open
or finished, with its game, code, seats, moves, state and link, and never a seed or seat code."""

from __future__ import annotations

import engine.fan_mallet as fm
from storage.shared_tables import PERSON, SharedTables
from tests.app.helpers import press, text_of

CLASSROOM = "pages/classroom.py"


def test_the_teacher_sees_the_class_tables_with_links_and_no_secret(app):
    at = app(CLASSROOM)
    assert "No shared table yet" in text_of(at)
    tables = SharedTables()
    done, host = tables.open("fan_mallet", 4242424242, (PERSON, "greedy"), name="Aiko")
    while not tables.lookup(done.code).finished:
        table = tables.lookup(done.code)
        state = tables.state(done.code, table)
        if fm.current_player(state) == 0:
            tables.play(done.code, host, table.version, fm.legal_actions(state)[0])
        else:
            assert tables.bot_turn(done.code)
    playing, guest_host = tables.open(
        "yokai_carnival", 9090909090, (PERSON, PERSON, "random"), name="<b>Ben</b>"
    )
    press(at, "🔄 Refresh the tables")
    frame = at.dataframe[-1].value
    assert list(frame["Table"]) == [playing.shown, done.shown]
    assert list(frame["Game"]) == ["Yokai Carnival", "Fan & Mallet"]
    assert list(frame["Seats"]) == ["<b>Ben</b> · free · random bot", "Aiko · greedy bot"]
    assert list(frame["State"]) == ["playing · 1 free seat", "finished"]
    assert frame["Moves"].iloc[1] == tables.lookup(done.code).version > 0 and frame["Moves"].iloc[0] == 0
    assert list(frame["The link is for"]) == ["join", "replay"]
    assert frame["Link"].iloc[0].endswith(f"/yokai_carnival?table={playing.code}")
    assert frame["Link"].iloc[1].endswith(f"/fan_mallet?table={done.code}")
    assert "1** playing · **1** finished" in text_of(at)
    shown = text_of(at) + frame.to_csv()
    for secret in ("4242424242", "9090909090", host, guest_host):
        assert secret not in shown

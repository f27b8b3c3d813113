"""``make bench``'s table runs end to end on a tiny budget and prints one row a game."""

import sys

from bench import table


def test_the_bench_prints_one_table(monkeypatch, capsys):
    argv = ["bench.table", "--only", "fan_mallet", "--games", "3", "--pool-games", "4"]
    monkeypatch.setattr(sys, "argv", argv + ["--decisions", "1", "--kuhn-games", "200"])
    table.main()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Bench, one run: ")
    assert lines[1].split()[0] == "Game" and "× Kuhn step" in lines[1]
    assert len(lines) == 3 and lines[2].startswith("Fan & Mallet")
    assert len(lines[2].split()) == 3 + 6  # the title's three words, then six figures


def test_random_playouts_count_the_same_steps_each_time():
    assert table.random_playouts("yokai", range(3)) == table.random_playouts("yokai", range(3)) > 0

"""Class games on one roll (storage.class_games) on an SQLite file and a real PostgreSQL
server: pupils join by name, choose only in the roll the teacher opened, thirty choosing at
once all land, hostile requests are refused with the game unchanged, the teacher's roll waits
for the class (or the bot chooses for the absent), late joiners catch up, the end rule holds
and the scores go to the class ranking."""

from __future__ import annotations

import doctest

import pytest

import engine.tanuki_matsuri as tm
import storage.class_games as classes
from engine.core import new_seed
from engine.tanuki_matsuri import class_roll
from storage.challenges import Challenges
from storage.class_games import ClassGames, Refused
from tests.storage.racing import race


def test_the_module_examples_hold():
    failed, attempted = doctest.testmod(classes)
    assert attempted and not failed
    failed, attempted = doctest.testmod(class_roll)
    assert attempted and not failed


def test_only_a_game_that_declares_a_class_game_opens_one(place):
    games = ClassGames(place)
    assert classes.offers("tanuki_matsuri") and not classes.offers("fan_mallet")
    with pytest.raises(ValueError, match="no class game"):
        games.open("fan_mallet", 1)


def snapshot(games: ClassGames, code: str) -> tuple:
    """Everything a refused request must leave as it was."""
    game = games.lookup(code)
    rows = games._db().query(
        "SELECT pupil, number, action, bot FROM class_game_moves WHERE code = ? ORDER BY pupil, number",
        (game.code,),
    )
    return game, rows


def first_legal(state):
    return tm.legal_actions(state)[0]


def class_seed(*rolls: int, by=first_legal) -> int:
    """A fresh seed whose sheet, played by ``by``, leaves the pupil a choice in each of ``rolls``
    (default: roll 1). A roll whose every choice is forced plays itself (6, 6, 6:
    ``test_three_sixes_play_themselves``), and which rolls do depends on the choices before them,
    so the sheet is played, not its dice read (a check of roll 1's dice let 1 seed in 200 through,
    and a check of roll 1 alone 1 in 220 for a test needing a choice in roll 2 or 3)."""
    rolls = rolls or (1,)
    while True:
        seed = new_seed()
        if leaves_choices(seed, set(rolls), by):
            return seed


def leaves_choices(seed: int, rolls: set[int], by) -> bool:
    state = class_roll.start(seed, {})
    for rolled in range(1, max(rolls) + 1):
        if rolled in rolls and not class_roll.choosing(state, rolled):
            return False
        while class_roll.choosing(state, rolled):
            state = tm.apply(state, by(state))
    return True


def first_choice(games: ClassGames, code: str, pupil: int):
    _, state = games.line(games.lookup(code), pupil)
    return first_legal(state)


def choose_all(games: ClassGames, code: str, pupil: int, seat_code: str) -> None:
    """The pupil makes every choice of the open roll (the first legal one each time)."""
    while True:
        game = games.lookup(code)
        actions, state = games.line(game, pupil)
        if not class_roll.choosing(state, game.rolled):
            return
        mine = next(p for p in game.pupils if p.number == pupil)
        games.pick(code, seat_code, pupil, game.rolled, mine.version, first_legal(state))


def test_a_class_game_hides_its_seed_and_opens_one_roll_at_a_time(place):
    games = ClassGames(place)
    seed = class_seed(1, 2)
    game, host = games.open("tanuki_matsuri", seed)
    assert str(seed) not in repr(game) and game.rolled == 0 and games.dice(game) == ()
    aiko, aiko_code = games.join(game.code, " Aiko\x07 ")
    ben, ben_code = games.join(game.shown.lower(), "Ben")
    assert (aiko, ben) == (1, 2) and [p.name for p in games.lookup(game.code).pupils] == ["Aiko", "Ben"]
    with pytest.raises(Refused, match="already playing"):
        games.join(game.code, "AIKO")
    assert games.reclaim(game.code, aiko_code) == aiko and games.reclaim(game.code, ben_code.lower()) == ben
    before = games.pupil(game.code, aiko)
    assert before.shown.dice == () and before.shown.seed is None and not before.choosing
    game = games.roll(game.code, host, 0)
    assert game.rolled == 1 and games.dice(game) == tm.new_game(seed).dice
    shown = games.pupil(game.code, aiko).shown
    # the pupil is asked what their own game asks (a die to take, or a line if the dice leave one)
    assert shown.dice == games.dice(game) and shown.seed is None
    assert tm.pending(shown) == tm.pending(class_roll.start(seed, {})) is not None
    with pytest.raises(Refused, match="2 pupils still choosing"):
        games.roll(game.code, host, 1)
    choose_all(games, game.code, aiko, aiko_code)
    standings = {p.name: p for p in games.standings(game.code)}
    assert standings["Aiko"].chosen and not standings["Aiko"].choosing and standings["Ben"].choosing
    assert standings["Aiko"].shown.dice == ()  # chosen: the next roll is not on the sheet
    choose_all(games, game.code, ben, ben_code)
    game = games.roll(game.code, host, 1)
    assert game.rolled == 2 and games.dice(game) == class_roll.roll_of(seed, {}, 2)
    assert games.pupil(game.code, ben).choosing


def test_hostile_picks_are_refused_and_change_nothing(place):
    games = ClassGames(place)
    game, host = games.open("tanuki_matsuri", class_seed())
    aiko, aiko_code = games.join(game.code, "Aiko")
    ben, ben_code = games.join(game.code, "Ben")
    action = first_choice(games, game.code, aiko)
    before = snapshot(games, game.code)
    with pytest.raises(Refused, match="not rolled"):  # a pick before the roll
        games.pick(game.code, aiko_code, aiko, 0, 0, action)
    with pytest.raises(Refused, match="not rolled"):  # a pick for a roll not made
        games.pick(game.code, aiko_code, aiko, 1, 0, action)
    assert snapshot(games, game.code) == before
    games.roll(game.code, host, 0)
    action = first_choice(games, game.code, aiko)
    before = snapshot(games, game.code)
    with pytest.raises(Refused, match="not that pupil's"):  # a pick for another pupil
        games.pick(game.code, aiko_code, ben, 1, 0, action)
    with pytest.raises(Refused, match="does not hold"):  # a forged seat code
        games.pick(game.code, "ABCD-EFGH", aiko, 1, 0, action)
    with pytest.raises(Refused, match="Only the teacher"):  # a pupil cannot roll
        games.roll(game.code, aiko_code, 1, force=True)
    with pytest.raises(Refused, match="moved on"):  # an old version
        games.pick(game.code, aiko_code, aiko, 1, 3, action)
    with pytest.raises(Refused, match="Not allowed"):
        games.pick(game.code, aiko_code, aiko, 1, 0, "not a move \x00" * 500)
    with pytest.raises(Refused, match="No class game"):
        games.pick("ZZZZZZ" if game.code != "ZZZZZZ" else "YYYYYY", aiko_code, aiko, 1, 0, action)
    assert snapshot(games, game.code) == before
    games.roll(game.code, host, 1, force=True)  # the teacher rolls on: Aiko's roll 1 was the bot's
    before = snapshot(games, game.code)
    with pytest.raises(Refused, match="rolled again"):  # an old roll
        games.pick(game.code, aiko_code, aiko, 1, 0, action)
    assert snapshot(games, game.code) == before
    assert {p.name: p.by_bot > 0 for p in games.lookup(game.code).pupils} == {"Aiko": True, "Ben": True}


def test_thirty_pupils_choosing_at_once_lose_nothing(place):
    games = ClassGames(place)
    game, host = games.open("tanuki_matsuri", class_seed())
    pupils = [games.join(game.code, f"Pupil {i}") for i in range(30)]
    games.roll(game.code, host, 0)
    game = games.lookup(game.code)
    picks = [(n, c, first_choice(games, game.code, n)) for n, c in pupils]
    results = race([lambda n=n, c=c, a=a: games.pick(game.code, c, n, 1, 0, a) for n, c, a in picks])
    assert not [r for r in results if isinstance(r, Refused)]
    after = games.lookup(game.code)
    assert all(p.version >= 1 and p.by_bot == 0 for p in after.pupils)
    for number, _, action in picks:  # each pupil's first choice is the one they sent
        actions, _ = games.line(after, number)
        assert actions[0] == action
    # the same pick sent twice at once (two tabs): exactly one lands
    number, seat_code = pupils[0]
    _, state = games.line(after, number)
    if class_roll.choosing(state, 1):
        version = next(p.version for p in after.pupils if p.number == number)
        action = tm.legal_actions(state)[0]
        twice = race([lambda: games.pick(game.code, seat_code, number, 1, version, action)] * 2)
        assert sum(isinstance(r, Refused) for r in twice) == 1


def test_a_pick_racing_the_teachers_roll_lands_before_it_or_not_at_all(place):
    games = ClassGames(place)
    game, host = games.open("tanuki_matsuri", class_seed())
    aiko, aiko_code = games.join(game.code, "Aiko")
    games.roll(game.code, host, 0)
    action = first_choice(games, game.code, aiko)
    pick, roll = race(
        [
            lambda: games.pick(game.code, aiko_code, aiko, 1, 0, action),
            lambda: games.roll(game.code, host, 1, True),
        ],
    )
    game = games.lookup(game.code)
    actions, _ = games.line(game, aiko)
    assert game.rolled == 2 and not isinstance(roll, Refused)
    if isinstance(pick, Refused):  # the roll came first: the bot chose for Aiko
        assert game.pupils[0].by_bot == len(actions) > 0
    else:
        assert actions[0] == action and game.pupils[0].by_bot == len(actions) - 1


def test_a_late_joiner_catches_up_by_the_bot_and_plays_the_open_roll(place):
    games = ClassGames(place)
    # Chen's rolls 1 and 2 are the bot's (a choice in roll 1: by_bot > 0); roll 3 is Chen's to choose
    game, host = games.open("tanuki_matsuri", class_seed(1, 3, by=class_roll.bot_move))
    aiko, aiko_code = games.join(game.code, "Aiko")
    for rolled in range(3):
        games.roll(game.code, host, rolled)
        choose_all(games, game.code, aiko, aiko_code)
    chen, chen_code = games.join(game.code, "Chen")
    game = games.lookup(game.code)
    late = games.pupil(game.code, chen, game)
    assert late.choosing and late.by_bot > 0 and late.shown.dice == games.dice(game)
    _, state = games.line(game, chen)
    assert state.turn == 2  # rolls 1 and 2 were the bot's


def test_the_class_game_ends_with_the_roll_in_which_a_sheet_ended_and_is_ranked(place):
    games = ClassGames(place)
    game, host = games.open("tanuki_matsuri", 11)
    pupils = [games.join(game.code, name) for name in ("Aiko", "Ben", "Chen")]
    rolled = 0
    while True:
        try:
            game = games.roll(game.code, host, rolled)
        except Refused as refused:
            assert "finish" in str(refused)
            break
        rolled = game.rolled
        for number, seat_code in pupils[:2]:
            choose_all(games, game.code, number, seat_code)
        if games.pupil(game.code, pupils[2][0]).choosing:  # (a roll may leave a sheet no choice)
            with pytest.raises(Refused, match="1 pupil still choosing"):
                games.roll(game.code, host, rolled)
        choose_all(games, game.code, *pupils[2])
        assert rolled < 80
    standings = games.standings(game.code)
    assert any(p.ended for p in standings) and all(p.chosen for p in standings)
    finished = games.finish(game.code, host)
    assert finished.finished and finished.challenge
    ranking = Challenges(place).ranking(finished.challenge)
    assert sorted((s.name, s.score) for s in ranking) == sorted((p.name, p.points) for p in standings)
    for pupil in (p for p in standings if p.ended):  # its score is its solo game's on the class's seed
        actions, _ = games.line(finished, pupil.number)
        assert tm.score(tm.play(tm.new_game(11), *actions), 0).total == pupil.points
    assert games.finish(game.code, host).challenge == finished.challenge  # recorded once
    with pytest.raises(Refused, match="over"):
        games.join(game.code, "Dan")


def test_idle_class_games_are_cleaned_after_a_day(place):
    clock = [1_000_000.0]
    games = ClassGames(place, clock=lambda: clock[0])
    game, host = games.open("tanuki_matsuri", 5)
    clock[0] += 25 * 3600
    assert games.clean() == 1 and games.lookup(game.code) is None


def test_three_sixes_play_themselves(place):
    """Seed 110's first roll is 6, 6, 6: one die to take, one flower to circle, so every pupil's
    roll is made at once and a pick is refused in words."""
    games = ClassGames(place)
    assert class_roll.roll_of(110, {}, 1) == (6, 6, 6)
    game, host = games.open("tanuki_matsuri", 110)
    aiko, aiko_code = games.join(game.code, "Aiko")
    games.roll(game.code, host, 0)
    _, state = games.line(games.lookup(game.code), aiko)
    assert class_roll.chosen(state, 1) and not class_roll.choosing(state, 1)
    with pytest.raises(Refused, match="You have chosen"):
        games.pick(game.code, aiko_code, aiko, 1, 0, "x")

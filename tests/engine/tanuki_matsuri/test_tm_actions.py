"""Actions: near misses are refused on construction with IllegalAction (a ValueError), never a
TypeError or a silent equality with a real action; tokens round-trip and junk is refused."""

import pytest

import engine.tanuki_matsuri as tm
from engine import IllegalAction
from engine.tanuki_matsuri import ChooseLine, ChooseTanuki, CrossTanuki, TakeDie

NEAR_MISSES = [
    (lambda: TakeDie(True), "TakeDie: value must be a whole number from 1 to 6, not True"),
    (lambda: TakeDie(3.0), "TakeDie: value must be a whole number from 1 to 6, not 3.0"),
    (lambda: TakeDie("3"), "not '3'"),
    (lambda: TakeDie(0), "from 1 to 6, not 0"),
    (lambda: TakeDie(7), "from 1 to 6, not 7"),
    (lambda: TakeDie(3, 1), "TakeDie: flower must be True or False, not 1"),
    (lambda: TakeDie(3, "yes"), "flower must be True or False"),
    (lambda: ChooseLine(False, 3), "ChooseLine: line must be a whole number from 0 to 25, not False"),
    (lambda: ChooseLine(26, 3), "line must be a whole number from 0 to 25, not 26"),
    (lambda: ChooseLine(0, 2.0), "ChooseLine: column must be a whole number from 1 to 5, not 2.0"),
    (lambda: ChooseLine(0, 6), "column must be a whole number from 1 to 5, not 6"),
    (lambda: ChooseTanuki(True), "ChooseTanuki: column must be a whole number from 1 to 5, not True"),
    (lambda: ChooseTanuki(None), "ChooseTanuki: column"),
    (lambda: CrossTanuki(0), "CrossTanuki: column must be a whole number from 1 to 5, not 0"),
    (lambda: CrossTanuki(4.5), "CrossTanuki: column"),
]


@pytest.mark.parametrize(("build", "message"), NEAR_MISSES, ids=[m for _, m in NEAR_MISSES])
def test_near_miss_actions_are_refused_with_a_clear_message(build, message):
    with pytest.raises(IllegalAction) as err:
        build()
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)


def test_a_bool_never_stands_for_a_die():
    s = tm.new_game(1, dice=[[1, 3, 6]])
    assert TakeDie(1) in tm.legal_actions(s)
    with pytest.raises(IllegalAction):
        tm.apply(s, TakeDie(True))
    with pytest.raises(IllegalAction):  # once a TypeError deep inside the rules
        tm.apply(s, TakeDie(3.0))


@pytest.mark.parametrize("junk", [None, 3, "d3", b"d3", ("d", 3), {"value": 3}, object(), TakeDie])
def test_apply_and_encode_refuse_anything_that_is_not_an_action(junk):
    s = tm.new_game(1, dice=[[1, 3, 6]])
    with pytest.raises(IllegalAction, match="not a Tanuki Matsuri move"):
        tm.apply(s, junk)
    with pytest.raises(IllegalAction, match="not a Tanuki Matsuri move"):
        tm.encode_action(junk)


@pytest.mark.parametrize(
    "token",
    [None, 3, b"d3", "", "d0", "d7", "d3x", "E0", "d 3", "d３", "a0", "A6", "t0", "x6", "t", "d3f ", "dd3"],
)
def test_decode_refuses_anything_that_is_not_a_token(token):
    with pytest.raises(IllegalAction, match="not a Tanuki Matsuri move"):
        tm.decode_action(token)


def test_every_action_round_trips_through_its_token():
    actions = [TakeDie(v, f) for v in range(1, 7) for f in (False, True)]
    actions += [ChooseLine(line, c) for line in range(26) for c in range(1, 6)]
    actions += [ChooseTanuki(c) for c in range(1, 6)] + [CrossTanuki(c) for c in range(1, 6)]
    tokens = [tm.encode_action(a) for a in actions]
    assert len(set(tokens)) == len(tokens)
    assert [tm.decode_action(t) for t in tokens] == actions
    assert tm.encode_action(ChooseLine(25, 5)) == "Z5" and tm.encode_action(TakeDie(2, True)) == "d2f"

"""The seeded dice: the version-2 rule (splitmix64, rejection sampling) against a plain
reference, its fallback when every piece of a word is refused, its fairness, the legacy rule
of version-1 saves (``rng_for``), and which rule a game, its views and determinizations follow."""

import random
from collections import Counter

import pytest

import engine.tanuki_matsuri as tm
from engine.core import rng_for
from engine.core.rng import MAX_SEED
from engine.tanuki_matsuri.dice import ROLLS, legacy_roll, mix64, roll_for, seeded_roll

M64 = 2**64 - 1
GAMMA = 0x9E3779B97F4A7C15


def reference_roll(seed: int, turn: int, n: int) -> tuple[int, ...]:
    """The documented rule, written plainly: splitmix64 started at ``seed``, its output
    ``turn + 1``, read in 16-bit pieces from the low end, each piece below the largest multiple
    of 6**n taken as n base-6 digits (the first die the most significant)."""
    state = seed
    for _ in range(turn + 1):
        state = (state + GAMMA) % 2**64
    word = splitmix_output(state)
    while True:
        for k in range(4):
            piece = (word >> (16 * k)) % 2**16
            if piece < 2**16 // 6**n * 6**n:
                r = piece % 6**n
                return tuple(r // 6 ** (n - 1 - i) % 6 + 1 for i in range(n))
        word = splitmix_output((word + GAMMA) % 2**64)


def splitmix_output(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31)


def unmix64(z: int) -> int:
    """The inverse of ``mix64`` (each of its steps is a bijection on 64-bit words)."""

    def unshift(y: int, k: int) -> int:  # inverse of y ^ (y >> k)
        x = y
        for _ in range(64 // k + 1):
            x = y ^ (x >> k)
        return x

    z = unshift(z, 31)
    z = z * pow(0x94D049BB133111EB, -1, 2**64) % 2**64
    z = unshift(z, 27)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 2**64) % 2**64
    return unshift(z, 30)


def test_mix64_is_splitmix64():
    # the first outputs of splitmix64 from the state 0 (the published reference values)
    state, out = 0, []
    for _ in range(3):
        state = (state + GAMMA) % 2**64
        out.append(mix64(state))
    assert out == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    for z in (0, 1, GAMMA, M64, 123456789):
        assert unmix64(mix64(z)) == z


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**40 + 3, 2**62, MAX_SEED])
def test_seeded_rolls_follow_the_documented_rule(seed):
    for turn in range(80):
        for n in (1, 2, 3, 4):
            assert seeded_roll(seed, turn, n) == reference_roll(seed, turn, n)
            assert roll_for(seed, (), turn, n) == seeded_roll(seed, turn, n)


def test_seeded_rolls_are_pinned():
    """The same dice on every machine and every Python: these values must never change (a
    change would replay every version-2 save differently)."""
    assert [seeded_roll(1, t, 3) for t in range(4)] == [(6, 4, 4), (2, 1, 4), (2, 1, 3), (2, 4, 6)]
    assert [seeded_roll(2**62 + 5, t, 4) for t in range(3)] == [(5, 1, 2, 1), (6, 6, 4, 4), (1, 2, 6, 1)]


def seed_with_word(word: int, turn: int) -> int:
    """A game seed whose turn ``turn`` word is ``word`` (``mix64`` is a bijection)."""
    return (unmix64(word) - (turn + 1) * GAMMA) % 2**64


def test_a_refused_piece_moves_to_the_next_one():
    limit = 2**16 // 6**4 * 6**4  # 64800
    # low piece refused, the next one (0x0007) read: 7 = 0,0,1,1 in base 6
    for turn in range(200):
        seed = seed_with_word(0x1234_5678_0007_FFFF, turn)
        if seed <= MAX_SEED:
            break
    assert seeded_roll(seed, turn, 4) == reference_roll(seed, turn, 4) == (1, 1, 2, 2)
    # every piece refused: the next word decides
    word = (limit + 1) | (limit + 2) << 16 | (limit + 3) << 32 | 0xFFFF << 48
    for turn in range(200):
        seed = seed_with_word(word, turn)
        if seed <= MAX_SEED:
            break
    nxt = mix64((word + GAMMA) % 2**64)
    expected = next(p for p in ((nxt >> (16 * k)) & 0xFFFF for k in range(4)) if p < limit) % 1296
    assert seeded_roll(seed, turn, 4) == reference_roll(seed, turn, 4) == ROLLS[4][expected]
    assert seeded_roll(seed, turn, 3) == reference_roll(seed, turn, 3)


def test_seeded_rolls_are_fair():
    """Each face about a sixth of the time, each ordered pair of dice about a 36th (over 24,000
    seeded rolls of 4 dice)."""
    faces, pairs = Counter(), Counter()
    for seed in range(200):
        for turn in range(120):
            roll = seeded_roll(seed * 7919, turn, 4)
            faces.update(roll)
            pairs[roll[0], roll[3]] += 1
    assert set(faces) == set(range(1, 7))
    total = sum(faces.values())
    assert all(abs(c / total - 1 / 6) < 0.01 for c in faces.values())
    assert len(pairs) == 36 and all(abs(c / 24000 - 1 / 36) < 0.005 for c in pairs.values())


@pytest.mark.parametrize("seed", [0, 1, 99, 2**40 + 3, 2**63 - 1])
def test_legacy_rolls_are_the_dice_of_rng_for(seed):
    for turn in range(60):
        for n in (3, 4):
            rng = rng_for(seed, "roll", turn)
            expected = tuple(rng.randint(1, 6) for _ in range(n))
            assert legacy_roll(seed, turn, n) == roll_for(seed, (), turn, n, legacy=True) == expected


def play_to_turn(state, turn, rng):
    while not tm.is_over(state) and state.turn < turn:
        state = tm.apply(state, rng.choice(tm.legal_actions(state)))
    return state


@pytest.mark.parametrize("legacy", [False, True])
@pytest.mark.parametrize("players", [1, 3, 5])
def test_a_game_its_views_and_determinizations_follow_its_dice_rule(legacy, players):
    rule = legacy_roll if legacy else seeded_roll
    n = 4 if players == 5 else 3
    s = tm.new_game(77, players, legacy_dice=legacy, dice=[[1] * n])
    assert s.legacy_dice is legacy and s.dice == (1,) * n  # scripted first, whatever the rule
    rng = random.Random(players)
    for turn in range(1, 6):
        s = play_to_turn(s, turn, rng)
        assert s.dice == rule(77, turn, n) and s.legacy_dice is legacy
        v = tm.view(s, players - 1)
        assert v.legacy_dice is legacy
        d = tm.determinize(v, 4242)
        assert d.legacy_dice is legacy
        d = play_to_turn(d, turn + 1, random.Random(turn))
        if not tm.is_over(d):
            assert d.dice == rule(4242, turn + 1, n)


def test_the_rule_travels_with_pickles_and_explanations():
    import pickle

    s = tm.new_game(3, 2, legacy_dice=True)
    s = play_to_turn(s, 3, random.Random(1))
    copy = pickle.loads(pickle.dumps(s))
    assert copy == s and copy.legacy_dice
    assert play_to_turn(copy, 4, random.Random(2)) == play_to_turn(s, 4, random.Random(2))
    assert tm.log_lines(s, 0)[0] == f"Turn 1: Player 1 rolls {', '.join(map(str, legacy_roll(3, 0, 3)))}"
    plain = tm.new_game(3, 2)
    assert tm.log_lines(plain, 0)[0] == f"Turn 1: Player 1 rolls {', '.join(map(str, seeded_roll(3, 0, 3)))}"


def test_legacy_dice_must_be_a_bool():
    for bad in (1, "yes", None, [True]):
        with pytest.raises(ValueError, match="legacy_dice= must be True or False"):
            tm.new_game(1, legacy_dice=bad)

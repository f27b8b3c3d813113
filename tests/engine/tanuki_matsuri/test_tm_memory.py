"""A state remembers where it came from only until its explanations are built: a game's
states do not all stay alive behind its last one (a server keeps many games for hours)."""

import gc
import random
import weakref

import engine.tanuki_matsuri as tm
from engine.core import play_game


def random_game(seed: int, players: int = 2) -> list:
    """Every state of a seeded random game, in order."""
    rng = random.Random(seed)
    states = [tm.new_game(seed, players)]
    while not tm.is_over(states[-1]):
        states.append(tm.apply(states[-1], rng.choice(tm.legal_actions(states[-1]))))
    return states


def alive(refs) -> int:
    gc.collect()
    return sum(ref() is not None for ref in refs)


def test_a_state_whose_log_and_actions_are_read_keeps_no_earlier_state():
    states = random_game(3)
    last = states[-1]
    refs = [weakref.ref(s) for s in states[:-1]]
    log, actions = last.log, last.actions
    del states
    assert alive(refs) == 0
    # and its explanations are those of the same game loaded from its save
    again = tm.from_json(tm.to_json(last))
    assert log == again.log and actions == again.actions and len(actions) == len(refs)


def test_the_earlier_states_go_once_both_explanations_are_read():
    states = random_game(4)
    expected = tm.from_json(tm.to_json(states[-1]))
    refs = [weakref.ref(s) for s in states[:-1]]
    last = states[-1]
    del states
    assert alive(refs) == len(refs)  # nothing read yet: the states behind the last one are needed
    assert last.actions == expected.actions
    assert alive(refs) == len(refs)  # the log still needs them
    assert last.log == expected.log
    assert alive(refs) == 0


def test_a_bot_game_keeps_at_most_the_state_before_its_end():
    # Bots decide from views, which read the explanations: a played game leaves no chain.
    seen = []
    bots = tm.bots()
    played = play_game(
        tm,
        [bots["greedy"]] * 3,
        seed=11,
        players=3,
        on_move=lambda before, a, after: seen.append(weakref.ref(after)),
    )
    assert len(seen) > 30
    assert alive(seen[:-1]) <= 1
    assert tm.is_over(played.state) and len(played.state.log) > len(seen)

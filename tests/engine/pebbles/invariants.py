"""Pebbles' own invariants for the property suite (``tests/property/game_checks.py`` finds
this module by the game's id and calls ``check`` after every move)."""


def check(before, action, after) -> None:
    """A take removes exactly its pebbles, passes the turn on, and leaves the secrets alone."""
    assert after.pile == before.pile - action.count >= 0, f"{action} from {before.pile} left {after.pile}"
    assert after.to_move == (before.to_move + 1) % before.players
    assert after.lucky == before.lucky and after.log == (*before.log, action)

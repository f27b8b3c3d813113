"""Errors every game raises, each a ``ValueError`` with a message a player understands."""


class IllegalAction(ValueError):
    """An action that is not legal now; the state it was applied to is unchanged.

    >>> raise IllegalAction("House 4 already holds a red follower")
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: House 4 already holds a red follower
    """


class BadSave(ValueError):
    """Text that is not a valid saved game (wrong JSON, version, game, or an impossible game)."""


class BadSheet(ValueError):
    """A Tanuki Matsuri sheet that does not follow the schema; the message names the field."""

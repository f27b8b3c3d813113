"""The versioned save format every game uses, and the plain share-link encoding of a save.

Pages write sealed links (``ui/kit/sealing.py``: the save encrypted under the server's key,
since a save holds the seed); :func:`encode_link` is the older plain form, which pages still
open and tools (``bench/load.py``, tests) use to hand a page a position.

A save is the seed, the setup and the action log, never a pickled state: loading it
replays the actions through the game's own rules, so an impossible or tampered game is
refused by the same checks a player meets.

>>> text = dump_save("demo", seed=3, players=2, setup={}, actions=[[1], [2]])
>>> parse_save(text, "demo").actions, parse_save(text).version
(([1], [2]), 2)
>>> decode_link(encode_link(text)) == text
True
"""

from __future__ import annotations

import base64
import binascii
import inspect
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import BadSave, IllegalAction
from .quote import MESSAGE_LIMIT, inert, quote_input
from .rng import MAX_SEED

SAVE_FORMAT = "tabletop-dojo-save"
SAVE_VERSION = 2
"""The version new saves are written with. Version 2 changed no field: a game may replay a
version-1 save by its old rules (Tanuki Matsuri: its old dice derivation), so the setup
decoder is told the version (see :func:`replay_save`)."""
READ_VERSIONS = (1, 2)
"""Every version this app reads."""
MAX_SAVE_CHARS = 500_000
MAX_SAVE_BYTES = 4 * MAX_SAVE_CHARS
"""A save read as bytes (an upload) longer than this is refused before it is decoded."""
MAX_ACTIONS = 20_000
MAX_LINK_CHARS = 8_000
_FIELDS = {"format", "version", "game", "seed", "players", "setup", "actions"}


@dataclass(frozen=True)
class SaveData:
    """A parsed save: which game, its seed, players, setup values and action log (JSON values)."""

    game: str
    seed: int
    players: int
    setup: dict
    actions: tuple
    version: int = SAVE_VERSION


def dump_save(game: str, seed: int, players: int, setup: dict, actions, version: int = SAVE_VERSION) -> str:
    """The canonical save text (sorted keys, no spaces), so the same game saves identically.
    ``version`` is for tests that write an older save; the app writes :data:`SAVE_VERSION`."""
    if version not in READ_VERSIONS:
        raise ValueError(f"No save version {version!r} (this app writes versions {_versions()})")
    payload = {
        "format": SAVE_FORMAT,
        "version": version,
        "game": game,
        "seed": seed,
        "players": players,
        "setup": setup,
        "actions": list(actions),
    }
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def parse_save(text: Any, game: str | None = None) -> SaveData:
    """Check every field of a save and return it; raise ``BadSave`` saying what is wrong."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_SAVE_BYTES:
            raise BadSave(
                f"This file is too large for a save ({len(text):,} bytes; the limit is {MAX_SAVE_BYTES:,})."
            )
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadSave("This file is not a Tabletop Dojo save (it is not text).") from None
    if not isinstance(text, str):
        raise BadSave("A save must be text.")
    if len(text) > MAX_SAVE_CHARS:
        raise BadSave(f"This save is too large ({len(text):,} characters; the limit is {MAX_SAVE_CHARS:,}).")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadSave("This file is not a Tabletop Dojo save (it is not valid JSON).") from None
    if not isinstance(data, dict):
        raise BadSave("This file is not a Tabletop Dojo save (expected a JSON object).")
    if data.get("format") != SAVE_FORMAT:
        raise BadSave(f'This file is not a Tabletop Dojo save (its "format" is not "{SAVE_FORMAT}").')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version not in READ_VERSIONS:
        raise BadSave(f"This save has version {quote_input(version)}; this app reads versions {_versions()}.")
    unknown = set(data) - _FIELDS
    missing = _FIELDS - set(data)
    if missing:
        raise BadSave(f"This save is missing the field(s): {', '.join(sorted(missing))}.")
    if unknown:
        raise BadSave(f"This save has unknown field(s): {_names(unknown)}.")
    if not isinstance(data["game"], str):
        raise BadSave('The save\'s "game" must be a game name.')
    if game is not None and data["game"] != game:
        raise BadSave(f"This save is for the game {quote_input(data['game'])}, not {game!r}.")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise BadSave('The save\'s "seed" must be a whole number from 0 to 2**63-1.')
    players = data["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 10:
        raise BadSave('The save\'s "players" must be a whole number from 1 to 10.')
    if not isinstance(data["setup"], dict):
        raise BadSave('The save\'s "setup" must be a JSON object.')
    actions = data["actions"]
    if not isinstance(actions, list):
        raise BadSave('The save\'s "actions" must be a list.')
    if len(actions) > MAX_ACTIONS:
        raise BadSave(f"This save has too many actions ({len(actions):,}; the limit is {MAX_ACTIONS:,}).")
    return SaveData(data["game"], seed, players, data["setup"], tuple(actions), version)


def _versions() -> str:
    """``"1 and 2"``: the versions this app reads, for a message."""
    names = [str(v) for v in READ_VERSIONS]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _takes_version(decode_setup: Callable) -> bool:
    """Whether a setup decoder accepts ``version=`` (builtins like ``dict`` do not)."""
    try:
        params = inspect.signature(decode_setup).parameters
    except (TypeError, ValueError):
        return False
    return "version" in params


def _names(keys) -> str:
    """Keys read from a file, quoted, at most five of them."""
    keys = sorted(keys, key=str)
    more = f" and {len(keys) - 5} more" if len(keys) > 5 else ""
    return ", ".join(quote_input(k) for k in keys[:5]) + more


def replay_save(
    text: Any,
    game: str,
    new_game: Callable[..., Any],
    apply: Callable[[Any, Any], Any],
    decode_action: Callable[[Any], Any],
    decode_setup: Callable[[dict], dict] = dict,
):
    """Load a save by replaying it: ``new_game(seed, players, **setup)`` then every action.

    ``decode_setup(setup)`` gives the ``new_game`` keywords; a decoder with a ``version``
    parameter is called ``decode_setup(setup, version=...)`` with the save's version, so a
    game can replay an older save by the rules it was written with. Any rule the replay
    breaks becomes a ``BadSave`` naming the move number.
    """
    save = parse_save(text, game)
    try:
        if _takes_version(decode_setup):
            setup = decode_setup(save.setup, version=save.version)
        else:
            setup = decode_setup(save.setup)
        state = new_game(save.seed, save.players, **setup)
    except BadSave:
        raise
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise BadSave(f"This save's setup is not a valid game: {_foreign(exc)}") from None
    for number, raw in enumerate(save.actions, start=1):
        try:
            action = decode_action(raw)
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):
            # the codec's own message would echo the token unquoted and uncut
            raise BadSave(
                f"Move {number} of this save is not a valid action: {quote_input(raw)} is not a move of this game."
            ) from None
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            raise BadSave(f"Move {number} of this save is not legal: {_foreign(exc)}") from None
    return state


def _foreign(exc: BaseException) -> str:
    """Another module's message about the save, made inert (it may echo the save's text)."""
    if isinstance(exc, RecursionError):
        return "it is nested too deeply."
    text = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
    return inert(str(text), MESSAGE_LIMIT)


def encode_link(save_text: str) -> str:
    """Compress a save into a URL-safe token for a share link (no padding)."""
    packed = zlib.compress(save_text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_link(token: Any) -> str:
    """The save text inside a share-link token; ``BadSave`` if the token is damaged."""
    damaged = "This share link is damaged or incomplete (check that it was copied whole)."
    if not isinstance(token, str) or not token:
        raise BadSave(damaged)
    if len(token) > MAX_SAVE_CHARS:
        raise BadSave(
            f"This share link is too long ({len(token):,} characters; the limit is {MAX_SAVE_CHARS:,})."
        )
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        inflater = zlib.decompressobj()
        # at most this many bytes come out, whatever the token claims: a small token that
        # inflates to gigabytes stops here
        raw = inflater.decompress(packed, MAX_SAVE_BYTES)
        if inflater.unconsumed_tail or not inflater.eof:
            raise BadSave(damaged)
        return raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise BadSave(damaged) from None

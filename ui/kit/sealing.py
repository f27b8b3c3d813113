"""Sealed share links: the save and its seats, encrypted and authenticated under the server's
key (no Streamlit), so nobody who reads a link mid-game can rebuild the deal or the dice.

A sealed token is ``s1.`` and URL-safe base64 (no padding) of AES-SIV (RFC 5297, from
``cryptography``) over: the seed (8 bytes), then zlib of the seats (one line) and the save
with its seed set to 0. AES-SIV is deterministic: the same position and seats give the same
token, so the address bar stays put between reruns and the page knows a link it wrote; it
tells only whether two links hold the very same game. The seed sits outside the compressed
part, so the token's length says nothing about it. Any change to the token, a token made
under another key, or garbage fails authentication and is refused with one sentence.

>>> key = bytes(64)
>>> text = '{"actions":[],"format":"tabletop-dojo-save","game":"g","players":2,"seed":7,"setup":{},"version":2}'
>>> token = seal(text, ("human", "greedy"), key)
>>> token.startswith(PREFIX) and "7" not in token[:3] and unseal(token, key) == (text, ("human", "greedy"))
True
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Sequence
from functools import lru_cache

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESSIV

from engine.core import BadSave, dump_save, parse_save
from engine.core.save import MAX_SAVE_BYTES, MAX_SAVE_CHARS

PREFIX = "s1."
"""A sealed token starts so; an older plain link (compressed save, base64) never holds a dot."""
CONTEXT = b"tabletop-dojo share link v1"
_SEED_BYTES = 8
FOREIGN = (
    "This link was made by another server or is damaged (check that it was copied whole; "
    "a link opens only on the Dojo server that made it, or one sharing its key)."
)


@lru_cache(maxsize=4)
def _cipher(key: bytes) -> AESSIV:
    return AESSIV(key)


def is_sealed(token: object) -> bool:
    return isinstance(token, str) and token.startswith(PREFIX)


def seal(save_text: str, seats: Sequence[str], key: bytes) -> str:
    """The sealed token of a save (the canonical text of a game's ``to_json``) and its seats."""
    save = parse_save(save_text)
    blank = dump_save(save.game, 0, save.players, save.setup, save.actions, save.version)
    packed = zlib.compress(f"{','.join(seats)}\n{blank}".encode(), 9)
    sealed = _cipher(key).encrypt(save.seed.to_bytes(_SEED_BYTES, "big") + packed, [CONTEXT])
    return PREFIX + base64.urlsafe_b64encode(sealed).decode("ascii").rstrip("=")


def unseal(token: str, key: bytes) -> tuple[str, tuple[str, ...]]:
    """The save text and seats inside a sealed token; ``BadSave`` (:data:`FOREIGN`) for a
    token this key did not seal, or one changed, cut or made up."""
    if not is_sealed(token):
        raise BadSave(FOREIGN)
    if len(token) > MAX_SAVE_CHARS:
        raise BadSave(
            f"This share link is too long ({len(token):,} characters; the limit is {MAX_SAVE_CHARS:,})."
        )
    body = token[len(PREFIX) :]
    try:
        sealed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        plain = _cipher(key).decrypt(sealed, [CONTEXT])
        inflater = zlib.decompressobj()
        raw = inflater.decompress(plain[_SEED_BYTES:], MAX_SAVE_BYTES)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("not one whole zlib stream")
        seats, _, blank = raw.decode().partition("\n")
        save = parse_save(blank)
    except (binascii.Error, InvalidTag, zlib.error, UnicodeDecodeError, ValueError):
        raise BadSave(FOREIGN) from None  # BadSave is a ValueError: a sealed save is never half-read
    seed = int.from_bytes(plain[:_SEED_BYTES], "big")
    text = dump_save(save.game, seed, save.players, save.setup, save.actions, save.version)
    return text, tuple(seats.split(",")) if seats else ()

"""The server's secret key for share links (stdlib and ``cryptography``, no Streamlit).

Every process of one set-up must seal and open the same links, so the key is either given
in ``DOJO_SECRET_KEY`` (any string: scrypt stretches it into the key, so every process that
gets the same string gets the same key) or created once with ``secrets`` in the data folder
(beside the high-score file) and kept there: ``share-link.key``, readable by its owner only.
It is written whole under a temporary name and then linked to its final name, which fails if
the name exists, so two processes starting at once agree on one key and nobody reads half a
key.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> kept_key(folder) == kept_key(folder) and len(kept_key(folder)) == KEY_BYTES
True
>>> derived_key("any string") == derived_key("any string") != derived_key("another")
True
"""

from __future__ import annotations

import os
import secrets
import tempfile
import time
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from storage.highscores import default_path

ENV_VAR = "DOJO_SECRET_KEY"
KEY_FILE = "share-link.key"
KEY_BYTES = 64
"""AES-256-SIV takes 512 bits: one key for the synthetic IV, one for the cipher."""
_SALT = b"tabletop-dojo share-link key v1"
_READ_WAIT_S = 2.0
"""How long a reader waits for a key file another process is still writing (only where the
file system cannot link, see :func:`_create`)."""


class KeyUnavailable(RuntimeError):
    """No key for share links: no ``DOJO_SECRET_KEY`` and the data folder cannot keep one."""


def link_key() -> bytes:
    """The key that seals and opens this server's share links: from ``DOJO_SECRET_KEY`` if
    set, else the one kept in the data folder (created on first use). ``KeyUnavailable`` if
    neither can be had."""
    secret = os.environ.get(ENV_VAR)
    if secret:
        return derived_key(secret)
    return kept_key(default_path().parent)


@cache
def derived_key(secret: str) -> bytes:
    """The key made from a configured string (scrypt, about a tenth of a second once per process: a short
    or guessable string costs an attacker that much per guess)."""
    kdf = Scrypt(salt=_SALT, length=KEY_BYTES, n=2**14, r=8, p=1)
    return kdf.derive(secret.encode("utf-8", "surrogatepass"))


_KEPT: dict[Path, bytes] = {}


def kept_key(folder: Path) -> bytes:
    """The key kept in ``folder`` (``share-link.key``), created there on first use."""
    path = Path(folder).expanduser() / KEY_FILE
    key = _KEPT.get(path)
    if key is None:
        try:
            key = _read(path)
            if key is None:
                _create(path)
                key = _read(path)
        except OSError as exc:
            raise KeyUnavailable(
                f"Cannot keep a share-link key in {path.parent} ({exc.strerror or exc}); "
                f"set {ENV_VAR} or make that folder writable."
            ) from None
        if key is None:
            raise KeyUnavailable(f"The share-link key file {path} is empty; delete it to make a new one.")
        _KEPT[path] = key
    return key


def _read(path: Path) -> bytes | None:
    """The key in ``path``, or None if there is no file. A file still being written (empty)
    is waited for; a damaged one raises ``KeyUnavailable``."""
    deadline = time.monotonic() + _READ_WAIT_S
    while True:
        try:
            text = path.read_text(encoding="ascii", errors="replace").strip()
        except FileNotFoundError:
            return None
        if text or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise KeyUnavailable(
            f"The share-link key file {path} is damaged; delete it to make a new one "
            "(links made with the old key will no longer open)."
        )
    return key


def _create(path: Path) -> None:
    """Write a new random key to ``path`` unless another process got there first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = (secrets.token_bytes(KEY_BYTES).hex() + "\n").encode("ascii")
    fd, temporary = tempfile.mkstemp(prefix=".share-link-", dir=path.parent)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            return  # another process made the key first: everyone uses that one
        except OSError:
            _create_in_place(path, text)  # a file system without hard links
    finally:
        os.unlink(temporary)


def _create_in_place(path: Path, text: bytes) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(fd, "wb") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())

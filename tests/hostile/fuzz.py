"""Hostile input, reusable: payloads and hypothesis strategies for every entry point a user
controls, and the assertions every refusal must pass.

For a new entry point (lesson files, player names…)::

    from tests.hostile.fuzz import FUZZ, PAYLOADS, assert_refused, hostile_text, json_values

    @FUZZ
    @given(hostile_text())
    def test_lessons_refuse_any_text(text):
        assert_refused(load_lesson, text, BadLesson, allow_ok=True)

``assert_refused`` checks the error class (never a KeyError/TypeError/RecursionError leaking),
that the message is a short sentence, and that it is inert Markdown (no live link, image,
HTML, autolink or maths: it can be shown with ``st.error``). ``assert_size_refused`` checks
that a too-large input is refused fast and without allocating much (``tracemalloc``).
``assert_inert_markdown`` checks any text a page shows. ``FakeUpload`` stands for
``st.file_uploader``'s ``UploadedFile`` and counts the bytes read.

Examples per test: a few dozen, the same on every run; ``DOJO_SOAK=1`` (CI) draws ten times
as many, freshly random.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import time
import tracemalloc
import zlib
from collections.abc import Callable
from functools import cache

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

SOAK = os.environ.get("DOJO_SOAK") == "1"
EXAMPLES = 400 if SOAK else 40

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=not SOAK,
    print_blob=SOAK,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)
"""The settings of every hostile-input property test (a decorator)."""
FUZZ_FEW = settings(FUZZ, max_examples=EXAMPLES // 2)
"""The same for tests whose examples are slow to draw (whole mutated documents)."""

PAYLOADS = (
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "![x](http://evil.example/track.png)",
    "[click me](http://evil.example)",
    "<http://evil.example>",
    "http://evil.example/steal",
    "www.evil.example",
    "mail@evil.example",
    "$\\frac{1}{0}$",
    ":red[ALARM] :material/warning:",
    "# Heading\n\n- list",
    "`` ` `` `[in](code)` ``[x](http://evil.example)",
    "\\[x](http://evil.example)",
    "\\<img src=x>",
    "\x00\x1b[31m\u202etxt.exe",
    "'; DROP TABLE games; --",
    "{{7*7}} ${7*7} %s %n",
    "狸" * 50,
    "A" * 5000,
)
"""Strings that are dangerous or awkward to show: HTML, script, Markdown links and images,
autolinks, maths, Streamlit directives, escapes, control and bidi characters, long text."""

_WORDS = ("game", "seed", "players", "actions", "setup", "format", "version", "name", "lines", "yokai")


@cache
def hostile_text(max_size: int = 300) -> st.SearchStrategy[str]:
    """Any unicode text, a payload, or a payload inside ordinary words."""
    return st.one_of(
        st.text(max_size=max_size),
        st.sampled_from(PAYLOADS),
        st.tuples(st.sampled_from(_WORDS), st.sampled_from(PAYLOADS), st.text(max_size=20)).map("".join),
    )


@cache
def json_values(max_leaves: int = 30) -> st.SearchStrategy:
    """Any JSON value (hostile strings among the leaves, big and negative numbers)."""
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=False, allow_infinity=False),
        hostile_text(60),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=6),
            st.dictionaries(st.one_of(st.sampled_from(_WORDS), hostile_text(20)), inner),
        ),
        max_leaves=max_leaves,
    )


def mutated(document: dict) -> st.SearchStrategy:
    """``document`` with one value anywhere in it replaced by any JSON value (wrong types in
    every field), one key dropped, or one unknown key added."""

    def paths(value, prefix=()):
        yield prefix
        if isinstance(value, dict):
            for k, v in value.items():
                yield from paths(v, (*prefix, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from paths(v, (*prefix, i))

    every = [p for p in paths(document) if p]

    def change(path, kind, new):
        copy = json.loads(json.dumps(document))
        parent = copy
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if kind == "drop":
            del parent[last]
        elif kind == "add" and isinstance(parent, dict):
            parent[f"x{len(parent)}"] = new
        else:
            parent[last] = new
        return copy

    return st.builds(
        change, st.sampled_from(every), st.sampled_from(("set", "set", "drop", "add")), json_values()
    )


def nested(depth: int = 100_000, open_: str = "[", close: str = "]") -> str:
    """``[[[[…]]]]`` ``depth`` deep: ``json.loads`` raises ``RecursionError`` on it."""
    return open_ * depth + close * depth


@cache
def bomb_token(megabytes: int = 32) -> str:
    """A share-link token of a deflate stream that inflates to ``megabytes`` MB of zeros
    (about 1,000 times its size), built in chunks so building it costs little memory."""
    packer = zlib.compressobj(9)
    chunk = b"0" * (1 << 20)
    packed = b"".join(packer.compress(chunk) for _ in range(megabytes)) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def measure(fn: Callable[[], object]) -> tuple[float, int, BaseException | None]:
    """Run ``fn``: its seconds, its peak of new Python allocations in bytes, and what it raised."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    raised = None
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 — reported to the caller, who asserts on it
        raised = exc
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, raised


MAX_MESSAGE_CHARS = 2_000
"""The longest refusal message a player should have to read (it names the faults, not the file)."""


def assert_refused(fn: Callable, value, error: type[ValueError], allow_ok: bool = False):
    """``fn(value)`` raises ``error`` (never another type) with a short, inert sentence; or,
    with ``allow_ok``, accepts the value. Returns the message (or ``None``)."""
    try:
        fn(value)
    except error as exc:
        message = str(exc)
        assert message.strip(), f"empty message from {fn.__name__}"
        assert len(message) <= MAX_MESSAGE_CHARS, f"{len(message):,}-character message: {message[:200]}…"
        assert_inert_markdown(message)
        return message
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"{fn.__name__} leaked {type(exc).__name__}: {exc!s:.300}") from exc
    assert allow_ok, f"{fn.__name__} accepted {value!r:.200}"
    return None


def assert_size_refused(
    fn: Callable, value, error: type[ValueError], seconds: float = 0.5, peak_bytes: int = 8 << 20
) -> str:
    """``fn(value)`` is refused with ``error`` within ``seconds``, allocating at most
    ``peak_bytes`` (so it was refused by its size, not parsed or inflated)."""
    took, peak, raised = measure(lambda: fn(value))
    assert isinstance(raised, error), f"{fn.__name__} raised {raised!r:.300}, not {error.__name__}"
    assert took < seconds, f"{fn.__name__} took {took:.2f} s to refuse"
    assert peak < peak_bytes, f"{fn.__name__} allocated {peak / 1e6:.1f} MB to refuse"
    assert_inert_markdown(str(raised))
    return str(raised)


_MD = MarkdownIt("commonmark").enable(["table", "strikethrough"]).disable("text_join")
# What GitHub-flavoured Markdown (and Streamlit's own syntax) would still turn into a link,
# an image, maths or a coloured directive inside plain text: autolink literals, e-mail
# addresses, $…$ and :name[…] / :material/…:.
_LIVE_TEXT = re.compile(r"(?i)\b(?:https?|ftp|mailto|javascript|data|xmpp):|www\.|@|\$|:[\w-]+\[|:material/")
_ACTIVE = {"link_open", "image", "html_inline", "html_block", "autolink"}


def live_text(markdown: str) -> list[str]:
    """The plain-text runs of ``markdown`` (no code spans, no escaped characters), per inline."""
    runs = []
    for token in _MD.parse(markdown):
        if token.type == "inline":
            runs.append("".join(c.content if c.type == "text" else "\x00" for c in token.children or ()))
    return runs


def assert_inert_markdown(markdown: str, one_block: bool = True) -> None:
    """Shown with ``st.markdown``/``st.error``, ``markdown`` has no live link, image, HTML,
    autolink, maths or directive (and, with ``one_block``, is one plain paragraph)."""
    tokens = _MD.parse(markdown)
    for token in tokens:
        assert token.type not in _ACTIVE, f"live {token.type} in {markdown!r:.300}"
        for child in token.children or ():
            assert child.type not in _ACTIVE, f"live {child.type} in {markdown!r:.300}"
        if one_block:
            assert token.type in {"paragraph_open", "paragraph_close", "inline"}, (
                f"{token.type} in {markdown!r:.300}"
            )
    for run in live_text(markdown):
        found = _LIVE_TEXT.search(run)
        assert found is None, f"live {found.group(0)!r} in {markdown!r:.300}"


class FakeUpload(io.BytesIO):
    """What ``st.file_uploader`` hands a callback (an ``UploadedFile`` is a ``BytesIO`` with a
    name), counting the bytes the app read from it."""

    def __init__(self, name: str, data: bytes, kind: str = "application/json"):
        super().__init__(data)
        self.name, self.type, self.size = name, kind, len(data)
        self.bytes_read = 0

    def read(self, size: int | None = -1) -> bytes:
        out = super().read(size)
        self.bytes_read += len(out)
        return out

    def getvalue(self) -> bytes:
        self.bytes_read += self.size
        return super().getvalue()

"""Showing what a user typed or uploaded, safely: messages that echo input quote it, pages
that show a message make it inert, and names shown on the board are plain text.

Pages render messages as Markdown, where ``[x](http://evil)`` is a live link, ``![x](…)``
loads an image and ``<b>`` is HTML. Echoed input is therefore quoted in a code span (which
Markdown shows verbatim), cut to a few dozen characters (a 50 MB upload must not become a
50 MB message), with control characters written out.

>>> quote_input("[x](javascript:alert(1))")
"`'[x](javascript:alert(1))'`"
>>> quote_input("a" * 100, limit=5)
"'aaaaa'… (100 characters)"
>>> quote_input({"deep": [[[[[[[1]]]]]]]})
"`{'deep': [[[[[...]]]]]}`"
>>> inert("see [x](http://e.io) <img src=x> `[kept](as code)`")
'see [x]\\\\(http\\\\://e.io) \\\\<img src=x> `[kept](as code)`'
"""

from __future__ import annotations

import re
import reprlib

QUOTE_LIMIT = 40
"""Characters of an echoed value shown in a message."""
MESSAGE_LIMIT = 400
"""Characters of a message taken from another module's exception."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 5
_REPR.maxstring = QUOTE_LIMIT
_REPR.maxother = QUOTE_LIMIT
_REPR.maxlong = QUOTE_LIMIT
_REPR.maxdict = _REPR.maxlist = _REPR.maxtuple = _REPR.maxset = 6


_PLAIN = re.compile(r"[\w '\".,;:+-]*")


def quote_input(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as Python writes it (so ``'3'`` and ``3`` differ), cut to ``limit``
    characters, and in a Markdown code span unless it is plain words and digits. Text longer
    than ``limit`` says its length; other values go through :mod:`reprlib` (bounded depth and
    length, so a 100,000-deep list costs nothing).

    >>> quote_input("kiwi"), quote_input(None), quote_input("www.evil.io")
    ("'kiwi'", 'None', "`'www.evil.io'`")
    """
    if isinstance(value, str):
        shown = repr(value[:limit])
        more = f" ({len(value):,} characters)" if len(value) > limit else ""
        cut = "…" if more else ""
    else:
        try:
            shown = _REPR.repr(value)
        except (RecursionError, ValueError):  # ints past Python's digit limit, odd objects
            shown = f"<{type(value).__name__}>"
        cut = "…" if len(shown) > limit * 2 else ""
        shown, more = shown[: limit * 2], ""
    if _PLAIN.fullmatch(shown) and "www." not in shown.lower():
        return f"{shown}{cut}{more}"  # nothing Markdown would act on: shown as Python writes it
    return f"`{shown.replace('`', 'ˋ')}{cut}`{more}"


_TOKEN = re.compile(r"\\[!-/:-@\[-`{-~]|`+")  # an escaped ASCII punctuation mark, or a backtick run
_CODE_RUN = re.compile(r"`+")
_LIVE = re.compile(
    r"""(?P<esc>[\\<$@])           # a lone backslash, HTML/autolink, LaTeX, e-mail autolink
      | (?<=\])(?P<link>\()          # [text](url) and ![alt](src)
      | (?P<colon>:)(?=[\w/-])      # http://, :red[...], :material/...: and any :name[ directive
      | (?<=www)(?P<www>\.)          # www. autolinks
    """,
    re.VERBOSE | re.IGNORECASE,
)


def _escape(text: str) -> str:
    return _LIVE.sub(lambda m: "\\" + m.group(0), text)


def inert(message: object, limit: int = MESSAGE_LIMIT) -> str:
    """A message made safe to show as Markdown on one line: links, images, HTML, autolinks,
    maths and Streamlit's ``:colour[…]`` directives are escaped, code spans and escapes kept
    as they are (so :func:`quote_input` values stay readable and a second pass changes
    nothing), line breaks become spaces and it is cut at ``limit`` characters."""
    text = str(message)
    if len(text) > limit:
        text = text[:limit] + "…"
    text = re.sub(r"[\r\n]+", " ", text).lstrip()
    out: list[str] = []
    pos = 0
    # Scanned as CommonMark reads it: an escape is two characters; a run of n backticks opens
    # a code span up to the next run of exactly n, and is literal (escaped here) without one.
    while (token := _TOKEN.search(text, pos)) is not None:
        out.append(_escape(text[pos : token.start()]))
        run = token.group(0)
        pos = token.end()
        if run[0] == "\\":
            out.append(run)
            continue
        close = next((m for m in _CODE_RUN.finditer(text, pos) if len(m.group(0)) == len(run)), None)
        if close is None:
            out.append("\\`" * len(run))
        else:
            out.append(text[token.start() : close.end()])
            pos = close.end()
    out.append(_escape(text[pos:]))
    result = "".join(out)
    if result and result[0] in "#>-+*=|~_[!":
        result = "\\" + result  # a block marker (heading, quote, list…) at the start of a line
    return re.sub(r"^(\d+)([.)])", r"\1\\\2", result)


_CHAR_NAMES = {
    "<": "an angle bracket",
    ">": "an angle bracket",
    "[": "a square bracket",
    "]": "a square bracket",
    "`": "a backtick",
    "$": "a dollar sign",
    "\\": "a backslash",
    "@": "an at sign",
    "\x7f": "a control character",
}
_NOT_PLAIN = re.compile(r"[<>\[\]`$\\@\x00-\x1f\x7f]|://|www\.", re.IGNORECASE)


def plain_text_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name shown on the board (a card, sheet or deck name, a text),
    or ``None``: such names reach Markdown in many places, so they may not hold the few
    characters that make links, images, HTML or maths, nor a web address."""
    found = _NOT_PLAIN.search(value)
    if found is None:
        return None
    what = found.group(0)
    shown = "a web address" if len(what) > 1 else "a control character" if what < " " else _CHAR_NAMES[what]
    return (
        f"may not contain {shown} (names and texts are plain: no angle or square brackets, backticks, "
        "dollar signs, backslashes, at signs, control characters or web addresses)"
    )


_KEY = re.compile(r"\w{1,40}")


def quote_key(key: object) -> str:
    """A key read from a file, for the path of a field (``lines[0].cells.kiwi``): as it is
    when it is a short word, else quoted by :func:`quote_input`.

    >>> quote_key("kiwi"), quote_key("<b>")
    ('kiwi', "`'<b>'`")
    """
    return key if isinstance(key, str) and _KEY.fullmatch(key) else quote_input(key)


def quote_name(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A file, sheet or deck name in a sentence: in “quotes” when it is plain words, else as
    :func:`quote_input` shows it.

    >>> quote_name("my-game.json"), quote_name("![x](http://e).json")
    ('“my-game.json”', "`'![x](http://e).json'`")
    """
    if isinstance(value, str) and len(value) <= limit and _PLAIN.fullmatch(value):
        if "www." not in value.lower():
            return f"“{value}”"
    return quote_input(value, limit)


def quote_thing(value: object) -> str:
    """What a refused move was, for a message: a value typed or decoded is quoted, anything
    else (an object of another game, a class) is named by its type, never by a Python repr.

    >>> quote_thing(object())
    'an object'
    >>> quote_thing("xyz")
    "'xyz'"
    """
    if value is None or isinstance(value, str | int | float | bytes | tuple | list | dict):
        return quote_input(value)
    name = value.__name__ if isinstance(value, type) else type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"

"""What a reader sees on an AppTest page, as one text to assert on."""

from streamlit.testing.v1 import AppTest


def text_of(at: AppTest) -> str:
    """Everything a reader sees as text on the page (markdown, titles, captions, alerts, metrics)."""
    parts = []
    for kind in (
        "title",
        "header",
        "subheader",
        "markdown",
        "caption",
        "text",
        "error",
        "warning",
        "success",
        "info",
        "code",
    ):
        parts += [str(el.value) for el in getattr(at, kind)]
    parts += [f"{m.label} {m.value}" for m in at.metric]
    parts += [str(t.label) for t in at.tabs]
    parts += [str(e.label) for e in at.expander]
    return "\n".join(parts)


def pace_picker(at: AppTest):
    """The side panel's "Bot pace" slider (its key follows the kept pace)."""
    return next(s for s in at.select_slider if ":pace_panel:" in (s.key or ""))


def opponent_picker(at: AppTest):
    """The "Play against" selectbox (its key follows the kept opponent)."""
    return next(s for s in at.selectbox if s.label == "Play against")


def press(at: AppTest, label: str) -> AppTest:
    """Click the button labelled ``label`` and run the page; it must not raise."""
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception
    return at

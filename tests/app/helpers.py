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

"""The Lab page from top to bottom: the form, the Run button, a run in progress, the results."""

from __future__ import annotations

import streamlit as st

from ui.kit.store import Keys, flash, page_button, show_flash

from . import form, results, running

KEYS = Keys("lab")


def _run(keys: Keys) -> None:
    """The Run button: a bad plan is explained and nothing runs."""
    plan = form.plan_of(keys)
    problems = plan.problems()
    if problems:
        flash(keys, "error", "Nothing was run. " + "; ".join(problems))
        return
    running.request(keys, plan)


def _problems(problems: list[str]) -> None:
    lines = "\n".join(
        f"- **{p.split(':', 1)[0]}**:{p.split(':', 1)[1]}" if ":" in p else f"- {p}" for p in problems
    )
    st.error(f"Fix this before running:\n{lines}")


def lab_page() -> None:
    keys = KEYS
    st.title("🧪 Lab")
    st.caption(
        "Bots play many games with the same settings, and the Lab sums them up: does the first "
        "player win more often, how much is a kid ghost worth, what does a good solo Tanuki score look like?"
    )
    show_flash(keys)
    running.settle(keys)
    busy = running.pending(keys) is not None
    plan = form.draw(keys, disabled=busy)
    problems = plan.problems()
    left, middle, right = st.columns([1, 1, 4], vertical_alignment="center")
    with middle:
        form.new_seed_button(keys, disabled=busy)
    page_button(
        keys,
        "▶ Run",
        "start",
        _run,
        where=left,
        type="primary",
        disabled=busy or bool(problems),
        width="stretch",
    )
    if problems:
        with right:
            _problems(problems)
    else:
        right.markdown(form.backend_line(plan))
    running.play_pending(keys)
    results.draw(keys)

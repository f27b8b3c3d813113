"""A board drawn in the page by Plotly.js's basic bundle, clicks coming back as tokens.

``st.plotly_chart`` makes the browser load and evaluate Streamlit's full Plotly.js (4.7 MB,
every trace type there is) before the first board shows: on a fresh visit that was most of a game
page's first load (``bench.first_load``). A board needs only scatter traces, shapes and
annotations, which Plotly's own basic bundle has (1.2 MB, served from ``static/`` next to its MIT
licence). This component mounts that bundle once per browser tab and draws the figure dict the
board made, with ``Plotly.react`` so a new position updates the same plot in place.

A click on a marker sends the marker's ``customdata`` (an action's codec token) with the
version of the board it was made on, as a one-off trigger; :mod:`ui.kit.clicks` plays it.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

PLOTLY_JS = "app/static/plotly-basic.min.js"
"""Where the page fetches Plotly.js, relative to the page's address (Streamlit's static serving,
``server.enableStaticServing`` in ``.streamlit/config.toml``)."""

_JS = """
function plotly(src) {
  if (!window.dojoPlotly) {
    window.dojoPlotly = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL(src, window.location.href).href;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => { window.dojoPlotly = undefined; reject(new Error("no Plotly.js")); };
      document.head.appendChild(script);
    });
  }
  return window.dojoPlotly;
}

// The token of the marker under the pointer: the one whose edge is nearest, within a few pixels.
// Plotly's own plotly_click names the point of its last hover, and a tap (or a click right after
// the board changed under a still mouse) comes before the new hover: it named the old point, or
// none (a lost click).
function tokenAt(plot, mouse) {
  const xaxis = plot._fullLayout.xaxis, yaxis = plot._fullLayout.yaxis;
  const box = plot.getBoundingClientRect();
  const x = mouse.clientX - box.left - xaxis._offset, y = mouse.clientY - box.top - yaxis._offset;
  let found = null, gap = 12;
  for (const trace of plot._fullData) {
    const tokens = trace.customdata;
    if (!tokens || trace.visible !== true) continue;
    const sizes = trace.marker ? trace.marker.size : 6;
    for (let i = 0; i < tokens.length; i++) {
      if (typeof tokens[i] !== "string" || !tokens[i]) continue;
      const half = (Array.isArray(sizes) ? sizes[i] : sizes) / 2;
      const away = Math.max(Math.abs(xaxis.l2p(trace.x[i]) - x), Math.abs(yaxis.l2p(trace.y[i]) - y)) - half;
      if (away <= gap) {  // a later trace is drawn on top: it wins a tie
        found = tokens[i];
        gap = away;
      }
    }
  }
  return found;
}

export default function ({ parentElement, data, setTriggerValue }) {
  if (!data.figure) {  // a preload: fetch Plotly.js now, draw nothing
    plotly(data.plotly);
    return;
  }
  let plot = parentElement.querySelector(".dojo-board");
  if (!plot) {
    plot = document.createElement("div");
    plot.className = "dojo-board";
    parentElement.appendChild(plot);
  }
  plot.dojoSend = setTriggerValue;
  plotly(data.plotly)
    .then((Plotly) => Plotly.react(plot, data.figure.data, data.figure.layout, data.config))
    .then(() => {
      // Set once the board is drawn: a click names the version of the board on screen.
      plot.dojoVersion = data.version;
      plot.dojoClickable = data.clickable;
    });
  if (plot.dojoListens) return;
  plot.dojoListens = true;
  // A click is a press and a release at the same place; the token is read from the board as it is
  // drawn when the button comes up, with that board's version.
  plot.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) return;
    window.addEventListener("pointerup", (up) => {
      const still = Math.hypot(up.clientX - down.clientX, up.clientY - down.clientY) <= 10;
      const token = still && plot.dojoClickable && plot._fullLayout && tokenAt(plot, up);
      if (token) plot.dojoSend("click", { token: token, version: plot.dojoVersion });
    }, { once: true, capture: true });
  }, true);
}
"""

_board = st.components.v2.component(
    "dojo_board",
    js=_JS,
    isolate_styles=False,  # Plotly.js puts its styles in the page's head
)


def draw_board(
    figure: dict,
    *,
    key: str,
    config: dict,
    version: str = "",
    on_click: Callable[[], None] | None = None,
):
    """Draw ``figure`` (a figure dict) under ``key``; with ``on_click``, a click on a marker with a
    token calls it (read the click with :func:`clicked`). Returns the component's result."""
    callbacks = {"on_click_change": on_click} if on_click is not None else {}
    return _board(
        data={
            "figure": figure,
            "config": config,
            "version": version,
            "clickable": on_click is not None,
            "plotly": PLOTLY_JS,
        },
        key=key,
        **callbacks,
    )


def clicked(key: str) -> tuple[str, str] | None:
    """The click that triggered this run on the board under ``key``: (token, board version)."""
    result = st.session_state.get(key)
    click = result.get("click") if result is not None else None
    if not isinstance(click, dict):
        return None
    token, version = click.get("token"), click.get("version")
    if isinstance(token, str) and token and isinstance(version, str):
        return token, version
    return None


def preload_plotly(key: str) -> None:
    """Start fetching Plotly.js now, drawing nothing (a page's boards come later in its run)."""
    _board(data={"figure": None, "plotly": PLOTLY_JS}, key=key)

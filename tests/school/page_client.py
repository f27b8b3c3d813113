"""A browser tab without a browser: Streamlit's own websocket protocol (``BackMsg`` /
``ForwardMsg`` on ``/_stcore/stream``), as ``bench/load.py`` speaks it, plus widgets: a tab
keeps every widget's value and sends them all with each rerun, and a button press is a
one-time trigger. Enough to create a class challenge, play it and read its ranking on a real
``streamlit run``.
"""

from __future__ import annotations

import io
import time
from contextlib import ExitStack
from dataclasses import dataclass

from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.sync.client import connect

DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


@dataclass(frozen=True)
class Element:
    kind: str  # "button", "markdown", "selectbox", "dataframe"…
    proto: object

    @property
    def id(self) -> str:
        return getattr(self.proto, "id", "")

    def keyed(self, key: str) -> bool:
        return self.id.endswith(f"-{key}")


class Tab:
    """One browser tab on one server (``with Tab(url, page) as tab``)."""

    def __init__(self, url: str, page: str, query: str = "", timeout: float = 120) -> None:
        self._open = ExitStack()
        stream = url.replace("http", "ws", 1) + "/_stcore/stream"
        self.ws = self._open.enter_context(connect(stream, subprotocols=["streamlit"]))
        self.timeout = timeout
        self.page_hash = ""
        self.query = query
        self.values: dict[str, WidgetState] = {}
        self.elements: list[Element] = []
        self.rerun(page_name=page)

    def __enter__(self) -> Tab:
        return self

    def __exit__(self, *exc) -> None:
        self._open.close()

    def rerun(self, *, trigger: str | None = None, page_name: str = "") -> list[Element]:
        """Run the page again with every widget's value (and ``trigger``: a button's key pressed)."""
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash
        state.page_name = page_name
        state.widget_states.widgets.extend(self.values.values())
        if trigger is not None:
            state.widget_states.widgets.add(id=self.element(trigger).id, trigger_value=True)
        self.ws.send(msg.SerializeToString())
        elements, deadline = [], time.monotonic() + self.timeout
        while True:
            reply = ForwardMsg()
            reply.ParseFromString(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            kind = reply.WhichOneof("type")
            if kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
                element = reply.delta.new_element
                what = element.WhichOneof("type")
                elements.append(Element(what, getattr(element, what)))
                if what == "exception":
                    raise AssertionError(f"{element.exception.type}: {element.exception.message}")
            elif kind == "navigation":
                self.page_hash = reply.navigation.page_script_hash
            elif kind == "page_info_changed":
                self.query = reply.page_info_changed.query_string
            elif kind == "page_not_found":
                raise AssertionError(f"page not found: {reply.page_not_found.page_name}")
            elif kind == "script_finished" and reply.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                elements = []  # the page asked for a run again (app.py put in front): read that one
            elif kind == "script_finished" and reply.script_finished in DONE:
                self.elements = elements
                return elements
            elif kind == "script_finished":
                raise AssertionError(f"the script ended with {reply.script_finished}")

    def element(self, key: str) -> Element:
        found = [e for e in self.elements if e.keyed(key)]
        assert found, f"no widget with the key {key!r} on the page"
        return found[0]

    def set(self, key: str, value: str) -> None:
        """Type ``value`` into a text box, or pick the option shown as ``value`` in a select box
        (both travel as text); it is sent with the next rerun."""
        self.values[key] = WidgetState(id=self.element(key).id, string_value=value)

    def press(self, key: str) -> list[Element]:
        return self.rerun(trigger=key)

    def texts(self) -> list[str]:
        """What the page shows as text: markdown, alerts, captions, plain text."""
        out = []
        for e in self.elements:
            if e.kind in ("markdown", "text"):
                out.append(e.proto.body)
            elif e.kind == "alert":
                out.append(e.proto.body)
        return out

    def errors(self) -> list[str]:
        return [e.proto.body for e in self.elements if e.kind == "alert" and e.proto.format == Alert.ERROR]

    def tables(self) -> list:
        """The page's data frames (pandas), in order."""
        import pyarrow as pa

        frames = []
        for e in self.elements:
            if e.kind == "dataframe":
                frames.append(pa.ipc.open_stream(io.BytesIO(e.proto.arrow_data.data)).read_all().to_pandas())
        return frames

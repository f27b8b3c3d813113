"""Writes into frozen objects: only in the places listed here, each with its reason.

A frozen dataclass is the engines' promise that a state never changes once made. Writing
past it (``object.__setattr__``, ``x.__dict__ = ...``, ``x.__dict__[k] = ...`` or a name bound to
that dict, ``del`` in it, ``x.__class__ = ...``) is allowed only where ``ALLOWED`` says why. The
scan reads every module of ``engine/`` and decides by the class written into: a write into a
plain working object (``Work``, ``Ability``) is none, a write into a frozen dataclass or into
an object whose class the scan cannot tell counts. A new write fails this test until it is
listed with its reason (or, better, routed through ``engine.core.made.made``).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ALLOWED: dict[tuple[str, str], tuple[int, str]] = {
    ("engine/core/made.py", "made"): (
        1,
        "the one place a state is built from a dict of its fields: the dict handed over whole as"
        " the new object's own __dict__ (its docstring states the CPython assumption)",
    ),
    ("engine/yokai/actions.py", "_trusted_move"): (
        2,
        "Move has slots (no __dict__ for made): each shared (src, dst) move is built once,"
        " unchecked, from cells the engine made (checked, 5% more instructions a playout step)",
    ),
    ("engine/tanuki_matsuri/state.py", "keep"): (
        1,
        "a lazy field kept once built: apply makes a state from its working copy alone and a"
        " playout reads none of its explanations (log, actions, pending) nor its fields",
    ),
    ("engine/tanuki_matsuri/frozen.py", "quick_freeze"): (
        7,
        "a new state, held by nobody yet, filled in place with its working copy: made(State, ...)"
        " instead costs 3% more instructions a playout step",
    ),
    ("engine/tanuki_matsuri/frozen.py", "from_history"): (
        1,
        "the link to the states before dropped once both explanations are built (it is no part"
        " of the state's value; kept, it would hold a whole game alive)",
    ),
    ("engine/yokai_carnival/cards.py", "Deck.__post_init__"): (
        1,
        "a deck's derived tables (compiled programs, masks) given as a dict of its own, set once"
        " while the deck is made",
    ),
}


@dataclasses.dataclass(frozen=True)
class Write:
    path: str
    where: str  # the function's qualified name, or "<module>"
    line: int
    kind: str
    into: str | None  # the class name written into, when the scan can tell


SETATTR = "object.__setattr__"
NEW = "object.__new__"


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _aliases(tree: ast.Module) -> dict[str, str]:
    """Module-level names bound to ``object.__setattr__`` or ``object.__new__``."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and _dotted(node.value) in (SETATTR, NEW):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = _dotted(node.value)
    return found


def _annotated_class(annotation: ast.AST | None) -> str | None:
    """``Cls`` of an annotation ``Cls`` or ``Cls | None``."""
    if isinstance(annotation, ast.Name):
        return annotation.id
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        names = [_annotated_class(side) for side in (annotation.left, annotation.right)]
        names = [n for n in names if n not in (None, "None")]
        return names[0] if len(names) == 1 else None
    if isinstance(annotation, ast.Constant) and annotation.value is None:
        return "None"
    return None


class _Scan(ast.NodeVisitor):
    """The frozen-write candidates of one module, each with the class written into if known."""

    def __init__(self, path: str, aliases: dict[str, str]) -> None:
        self.path, self.aliases = path, aliases
        self.scope: list[str] = []
        self.classes: list[str | None] = []  # the enclosing class of each scope (for ``self``)
        self.known: list[dict[str, str | None]] = [{}]  # local name -> class, a frame a function
        self.dicts: list[dict[str, str | None]] = [{}]  # local name bound to x.__dict__ -> x's class
        self.found: list[Write] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()
        self.scope.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        owner = self.classes[-1] if self.classes else None
        args = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        known = {a.arg: _annotated_class(a.annotation) for a in args}
        if owner is not None and args and not any(_dotted(d) == "staticmethod" for d in node.decorator_list):
            known[args[0].arg] = owner
        self.scope.append(node.name)
        self.classes.append(None)
        self.known.append(known)
        self.dicts.append({})
        self.generic_visit(node)
        self.dicts.pop()
        self.known.pop()
        self.classes.pop()
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def _class_of(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Name):
            return self.known[-1].get(node.id)
        return None

    def _made_class(self, value: ast.AST) -> str | None:
        """The class of ``Cls(...)``, ``Cls.__new__(Cls)`` or ``object.__new__(Cls)``."""
        if not isinstance(value, ast.Call):
            return None
        func = _dotted(value.func)
        func = self.aliases.get(func, func)
        if func == NEW or (func or "").endswith(".__new__"):
            return _dotted(value.args[0]) if value.args else None
        return func if func and "." not in func else None

    def _dict_of(self, node: ast.AST) -> tuple[bool, str | None]:
        """Is ``node`` an object's ``__dict__`` (``x.__dict__``, ``vars(x)``, a name bound to
        one), and the class of that object."""
        if isinstance(node, ast.Attribute) and node.attr == "__dict__":
            return True, self._class_of(node.value)
        if isinstance(node, ast.Call) and _dotted(node.func) == "vars" and len(node.args) == 1:
            return True, self._class_of(node.args[0])
        if isinstance(node, ast.Name) and node.id in self.dicts[-1]:
            return True, self.dicts[-1][node.id]
        return False, None

    def _add(self, node: ast.AST, kind: str, into: str | None) -> None:
        where = ".".join(self.scope) or "<module>"
        self.found.append(Write(self.path, where, node.lineno, kind, into))

    def _target(self, target: ast.AST, node: ast.AST, delete: bool = False) -> None:
        if isinstance(target, ast.Tuple | ast.List):
            for item in target.elts:
                self._target(item, node, delete)
        elif isinstance(target, ast.Attribute) and target.attr in ("__dict__", "__class__"):
            kind = f"del .{target.attr}" if delete else f".{target.attr} ="
            self._add(node, kind, self._class_of(target.value))
        elif isinstance(target, ast.Subscript):
            is_dict, into = self._dict_of(target.value)
            if is_dict:
                self._add(node, "del .__dict__[...]" if delete else ".__dict__[...] =", into)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._target(target, node)
            if isinstance(target, ast.Name):
                self.known[-1][target.id] = self._made_class(node.value)
                is_dict = isinstance(node.value, ast.Attribute) and node.value.attr == "__dict__"
                if is_dict:
                    self.dicts[-1][target.id] = self._class_of(node.value.value)
                else:
                    self.dicts[-1].pop(target.id, None)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._target(node.target, node)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._target(target, node, delete=True)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = _dotted(node.func)
        if self.aliases.get(func, func) == SETATTR and node.args:
            self._add(node, "object.__setattr__", self._class_of(node.args[0]))
        elif isinstance(node.func, ast.Attribute) and node.func.attr in (
            "update",
            "setdefault",
            "pop",
            "popitem",
            "clear",
            "__setitem__",
            "__delitem__",
        ):
            is_dict, into = self._dict_of(node.func.value)
            if is_dict:
                self._add(node, f".__dict__.{node.func.attr}()", into)
        self.generic_visit(node)


def scan(source: str, path: str) -> list[Write]:
    """Every write into an object's fields past ``__setattr__`` in ``source``."""
    tree = ast.parse(source)
    visitor = _Scan(path, _aliases(tree))
    visitor.visit(tree)
    return visitor.found


def frozen_in(module: str) -> Callable[[str | None], bool]:
    """Does a write into class ``name`` (as ``module`` names it) count: a frozen dataclass, or
    a name that is not a class of the module (the scan cannot tell)."""
    namespace = vars(importlib.import_module(module))

    def counts(name: str | None) -> bool:
        cls = namespace.get(name) if name else None
        if not isinstance(cls, type):
            return True
        params = getattr(cls, "__dataclass_params__", None)
        return params is not None and params.frozen

    return counts


def frozen_writes() -> list[Write]:
    writes = []
    for file in sorted((ROOT / "engine").rglob("*.py")):
        path = file.relative_to(ROOT).as_posix()
        counts = frozen_in(path.removesuffix(".py").replace("/", ".").removesuffix(".__init__"))
        writes += [w for w in scan(file.read_text(encoding="utf-8"), path) if counts(w.into)]
    return writes


def test_every_frozen_write_in_the_engines_is_listed_with_its_reason():
    writes = frozen_writes()
    counted = Counter((w.path, w.where) for w in writes)
    unlisted = [w for w in writes if counted[w.path, w.where] != ALLOWED.get((w.path, w.where), (0,))[0]]
    assert not unlisted, "frozen writes not in ALLOWED (or more/fewer than it says):\n" + "\n".join(
        f"  {w.path}:{w.line} in {w.where}: {w.kind} into {w.into or 'an object of unknown class'}"
        for w in unlisted
    )
    gone = sorted(set(ALLOWED) - set(counted))
    assert not gone, f"listed in ALLOWED but no longer written (drop them): {gone}"
    assert all(reason.strip() for _, reason in ALLOWED.values())


SAMPLE = """
from dataclasses import dataclass
_set = object.__setattr__
_new = object.__new__

@dataclass(frozen=True)
class Frozen:
    x: int

    def __post_init__(self):
        object.__setattr__(self, "x", 1)

class Working:
    def __init__(self):
        self.__dict__ = {}

def fill(state: Frozen | None, other):
    d = state.__dict__
    d["x"] = 2
    del d["x"]
    vars(other)["y"] = 3
    other.__dict__.update(y=4)
    other.__class__ = Working
    s = _new(Frozen)
    _set(s, "__dict__", {})
    w = _new(Working)
    w.__dict__ = {}
    copy = dict(state.__dict__)
    copy["x"] = 5
"""


def test_the_scan_finds_each_kind_of_write_and_decides_by_the_class():
    found = [(w.where, w.kind, w.into) for w in scan(SAMPLE, "sample.py")]
    assert found == [
        ("Frozen.__post_init__", "object.__setattr__", "Frozen"),
        ("Working.__init__", ".__dict__ =", "Working"),
        ("fill", ".__dict__[...] =", "Frozen"),
        ("fill", "del .__dict__[...]", "Frozen"),
        ("fill", ".__dict__[...] =", None),
        ("fill", ".__dict__.update()", None),
        ("fill", ".__class__ =", None),
        ("fill", "object.__setattr__", "Frozen"),
        ("fill", ".__dict__ =", "Working"),
    ]


def test_a_write_counts_when_its_class_is_frozen_or_unknown():
    assert frozen_in("engine.yokai.state")("State")
    assert not frozen_in("engine.yokai_carnival.work")("Ability")  # a plain working object
    assert frozen_in("engine.core.made")("cls")  # not a class of the module: the scan cannot tell
    assert frozen_in("engine.core.made")(None)

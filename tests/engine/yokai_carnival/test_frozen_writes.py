"""Every place in the engine that writes into an object's attributes behind its class's back
(``object.__setattr__``, its ``__dict__`` set or changed, its ``__class__`` set) is listed
here, by file and function, with the class it writes into: a new one fails until it is
listed, and only one of them may write into a frozen class (``Deck.__post_init__``, while
the deck is being made). ``engine.core.made`` (a frozen state made from a dict nobody holds
yet) is the engines' shared place, guarded by its own tests; calling it is no write here."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import engine.yokai_carnival as yc
from engine.yokai_carnival.cards import Deck
from engine.yokai_carnival.work import Ability, Work

ENGINE = Path(yc.__file__).parent

WRITES = {
    ("cards.py", "Deck.__post_init__"): (Deck,),  # its tables, set once while it is being made
    ("rules.py", "_resolve"): (Ability,),  # a General's ability, its fields from a table
    ("rules.py", "apply"): (Work, Ability),  # ``Work(state)`` written out
    ("rules.py", "_summon_with_ability"): (Work, Ability),  # likewise, and the ability from a table
    ("work.py", "Ability.__init__"): (Ability,),  # a dict of its own (see ``engine.core.made``)
    ("work.py", "Ability.of"): (Ability,),
    ("work.py", "Work.__init__"): (Work,),
}
"""Where the engine writes an object's attributes behind its class's back: the classes written."""


def _is_dunder_target(node: ast.AST) -> bool:
    """``x.__dict__``/``x.__class__`` as an assignment target, or ``x.__dict__[k]``."""
    if isinstance(node, ast.Subscript):
        node = node.value
        return isinstance(node, ast.Attribute) and node.attr == "__dict__"
    return isinstance(node, ast.Attribute) and node.attr in ("__dict__", "__class__")


def _is_setattr(call: ast.Call, aliases: set[str]) -> bool:
    """``object.__setattr__(...)``, a name bound to it, ``setattr(...)`` or a change made
    through ``x.__dict__``'s own methods (``update``, ``setdefault``...)."""
    f = call.func
    if isinstance(f, ast.Name):
        return f.id == "setattr" or f.id in aliases
    if not isinstance(f, ast.Attribute):
        return False
    if f.attr == "__setattr__":
        return True
    inner = f.value
    return (
        isinstance(inner, ast.Attribute)
        and inner.attr == "__dict__"
        and f.attr not in ("copy", "get", "items")
    )


class _Finder(ast.NodeVisitor):
    def __init__(self, aliases: set[str]) -> None:
        self.aliases, self.scope, self.found = aliases, [], set()

    def _in_scope(self, node) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    visit_FunctionDef = visit_ClassDef = _in_scope

    def _note(self) -> None:
        self.found.add(".".join(self.scope) or "<module>")

    def visit_Assign(self, node: ast.Assign) -> None:
        if any(_is_dunder_target(t) for t in node.targets):
            self._note()
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if _is_dunder_target(node.target):
            self._note()
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        if _is_setattr(node, self.aliases):
            self._note()
        self.generic_visit(node)


def _aliases(tree: ast.Module) -> set[str]:
    """Module names bound to ``object.__setattr__``."""
    return {
        t.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "__setattr__"
        for t in node.targets
        if isinstance(t, ast.Name)
    }


def writes_behind_the_class() -> set[tuple[str, str]]:
    """Every (file, function) of the engine that writes an object's attributes behind its
    class's back."""
    out = set()
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        finder = _Finder(_aliases(tree))
        finder.visit(tree)
        out |= {(path.name, where) for where in finder.found}
    return out


def _frozen(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen


def test_every_write_behind_a_class_is_listed():
    found = writes_behind_the_class()
    assert found - set(WRITES) == set(), "a new write behind a class's back: list it in WRITES, with why"
    assert set(WRITES) - found == set(), "listed in WRITES, but no longer in the engine"


def test_only_the_deck_being_made_is_a_frozen_object_written_into():
    frozen = [place for place, classes in WRITES.items() if any(map(_frozen, classes))]
    assert frozen == [("cards.py", "Deck.__post_init__")]


def test_the_finder_sees_each_kind_of_write():
    source = """
_set = object.__setattr__
def a(x): object.__setattr__(x, "y", 1)
def b(x): _set(x, "y", 1)
def c(x): x.__dict__["y"] = 1
def d(x): x.__dict__.update(y=1)
def e(x): x.__class__ = int
class K:
    def f(self): self.__dict__ = {}
def g(x): return x.__dict__.copy()
"""
    tree = ast.parse(source)
    finder = _Finder(_aliases(tree))
    finder.visit(tree)
    assert finder.found == {"a", "b", "c", "d", "e", "K.f"}

"""The lab modules' docstring examples (``lab/`` is not in pytest's testpaths)."""

import doctest
import importlib

import pytest

MODULES = ["plan", "record", "facts", "estimate", "executor", "run", "tables", "charts", "cache"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"lab.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0

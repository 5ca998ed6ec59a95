"""The engine's layers (docs/engine.md), as import-linter reads them from pyproject.toml: each
package of referee/ imports only from its own layer and those below it (every import counts,
inside a function or under TYPE_CHECKING too), the engine imports nothing of the service, and no
modules import each other in a circle."""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from graphlib import CycleError, TopologicalSorter
from pathlib import Path
from typing import Any

import grimp
import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"


@cache
def _graph() -> Any:
    return grimp.build_graph("referee")


def _contract(contract_id: str) -> dict[str, Any]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return next(c for c in config["contracts"] if c["id"] == contract_id)


def test_the_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 0, capsys.readouterr().out


def _levels() -> tuple[grimp.Layer, ...]:
    return tuple(grimp.Layer(*(name.split("#")[0].strip() for name in re.split(r"[:|]", layer)),
                             independent=False) for layer in _contract("layers")["layers"])


@pytest.mark.parametrize(("importer", "imported", "climbs"), [
    ("referee.values.cards", "referee.planner.search", True),
    ("referee.kinds.table", "referee.checks.judge", True),
    ("referee.sheet.standings", "referee.cli", True),
    ("referee.planner.search", "referee.values.cards", False),
    ("referee.tablesolve.best", "referee.planner.plan", False),  # one layer
])
def test_the_layers_catch_an_import_that_climbs(importer: str, imported: str, climbs: bool) -> None:
    graph = _graph()
    graph = grimp.build_graph("referee") if graph.direct_import_exists(importer=importer, imported=imported) else graph
    graph.add_import(importer=importer, imported=imported)
    try:
        found = graph.find_illegal_dependencies_for_layers(layers=_levels(), containers={"referee"})
    finally:
        graph.remove_import(importer=importer, imported=imported)
    assert bool(found) == climbs


def test_every_package_of_the_engine_has_a_layer() -> None:
    named = {name for layer in _levels() for name in layer.module_tails}
    packages = {p.stem for p in PACKAGE.iterdir() if (p / "__init__.py").is_file() or p.suffix == ".py"}
    assert packages - named - {"__init__", "data"} == set()


def test_no_import_cycle() -> None:
    graph = _graph()
    modules = {m for m in graph.modules if m.startswith("referee")}
    edges = {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}
    # a package's front door imports its modules; a module importing its own package is no circle
    edges = {m: {t for t in targets if not m.startswith(t + ".")} for m, targets in edges.items()}
    try:
        TopologicalSorter(edges).prepare()
    except CycleError as error:
        pytest.fail(f"modules import each other in a circle: {' -> '.join(error.args[1])}")


# The kinds' own modules, the only ones that may name a kind: each kind's (`kinds/set`,
# `kinds/run/`, `kinds/color`), the table of them, and `checks/needwords` (a requirement's runs
# without a wild card).
KIND_ENTRIES = frozenset({"kinds/table.py", "kinds/set.py", "kinds/color.py", "kinds/run/__init__.py",
                          "kinds/run/planning.py", "kinds/run/placing.py", "kinds/run/words.py", "checks/needwords.py"})

# Quoted kind names still written outside the kinds' entries, by module, each to be cut; this
# table only shrinks.
STILL_NAMING_KINDS: dict[str, int] = {}


def kind_names() -> set[str]:
    """Every shipped kind's name and plural (the first-meld key that asks for it)."""
    from referee.kinds.table import KINDS
    return {word for kind in KINDS.values() for word in (kind.name, kind.plural)}


def named_kinds(source: str, names: set[str]) -> int:
    """How many times `source` writes one of `names` in quotes (in code, a string or a comment)."""
    pattern = "|".join(re.escape(n) for n in sorted(names))
    return len(re.findall(rf"([\"'])(?:{pattern})\1", source))


@pytest.mark.parametrize(("source", "expected"), [
    ('if kind == "run":', 1), ("k = 'sets'", 1), ('x = "runs" + "set"', 2), ('"setting"', 0),
    ("# run and set, unquoted", 0), ('"color" "colors"', 2),
])
def test_named_kinds_are_found(source: str, expected: int) -> None:
    assert named_kinds(source, kind_names()) == expected


def test_no_module_outside_the_kinds_names_a_kind() -> None:
    names = kind_names()
    assert {"set", "run", "sets", "runs"} <= names
    assert sorted(e for e in KIND_ENTRIES if not (PACKAGE / e).is_file()) == []
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative not in KIND_ENTRIES and (count := named_kinds(path.read_text(), names)):
            found[relative] = count
    assert found == STILL_NAMING_KINDS, "ask the kind's entry instead; a name cut: strike it from the table"


# ---------------------------------------------------------------- the engine's functions

MOST_PARAMETERS = 5  # beyond a method's `self` or `cls`: more is context to bundle (the situation)


def parameters(source: str) -> dict[str, int]:
    """Each function of `source` (methods and nested ones too) by name, with how many
    parameters it takes, `self` and `cls` aside; `*args` and `**kwargs` count one each."""
    out = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            named = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs) if p.arg not in ("self", "cls")]
            out[f"{node.name}:{node.lineno}"] = len(named) + (a.vararg is not None) + (a.kwarg is not None)
    return out


@pytest.mark.parametrize(("source", "expected"), [
    ("def f(a, b, c=1, *, d): pass", {"f:1": 4}),
    ("class K:\n    def m(self, a, *rest, **more): pass", {"m:2": 3}),
    ("def f(a, /, b):\n    def g(x, y, z, u, v, w): pass", {"f:1": 2, "g:2": 6}),
])
def test_parameters_are_counted(source: str, expected: dict[str, int]) -> None:
    assert parameters(source) == expected


def test_no_engine_function_takes_more_than_five_parameters() -> None:
    found = {f"{path.relative_to(PACKAGE).as_posix()}:{name}": n
             for path in sorted(PACKAGE.rglob("*.py")) for name, n in parameters(path.read_text()).items()
             if n > MOST_PARAMETERS}
    assert found == {}, "bundle what a function is told into a value (the situation, a goal, a position)"

"""The engine's layers (docs/engine.md): every import in referee/, at the top of a module,
inside a function or under TYPE_CHECKING, stays in its row of the table or goes down it, and
no modules import each other in a circle."""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"

# Bottom to top; a module imports only from its own row and the rows below it. A package
# (`referee.planner` grown into `planner/`) stands for every module inside it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # `kindwords`: each kind's sentences (`meldwords`: a meld's of any kind), read by the checks
    # of a ruleset's meaning too.
    ("values", ("i18n", "errors", "violations", "merge", "cards", "data", "meldwords", "kindwords")),  # data: shipped files
    ("rules", ("contract", "ruleset", "phases", "byscore", "teams")),
    ("loading", ("yamlread", "shipped", "placing", "rulebuild", "deckcheck", "meaning", "schema_messages", "loader",
                 "overrides")),
    # `meld` (the placed meld and the run windows) sits with the kinds, which read it, rather
    # than with the checks; `searching` holds what the kinds share with the judge and the
    # planner's search; `geometry` packs a deck's cards for the planner. The planner's half
    # of each kind is `planner.kinds`, in the planner's row.
    ("kinds", ("meld", "geometry", "searching", "kinds", "needwords")),
    ("checks", ("inplace", "melds", "handlimit", "plays", "layout", "turns", "canastas")),
    ("planner", ("planner", "tablesolve", "pile")),  # pile: asks the planner for a first meld's rest
    ("scoring", ("handscore", "knock", "scoring", "teamscore", "reachable", "counts", "roundentry")),
    ("sheet", ("phasesheet", "teamsheet", "undo", "ranking", "ending", "standings", "records")),
    ("faces", ("cli", "describe", "")),  # "": the package itself, its front door
)

# Imports that still climb the table, each to be cut; nothing else may climb.
STILL_TO_CUT: frozenset[tuple[str, str]] = frozenset()


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(name: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that the module `name` imports anywhere in `source`."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")
                parts = parts[:len(parts) - node.level + (1 if is_package else 0)]
                base = ".".join(parts + ([base] if base else []))
            # `from referee import yamlread` imports the module yamlread, not the package
            modules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
            targets = modules + ([base] if len(modules) < len(node.names) else [])
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                out.add(target)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: imported(name, path.read_text(), path.name == "__init__.py", known)
            for name, path in modules.items()}


def row(module: str) -> int | None:
    """The row of `module` in LAYERS: that of the longest name it is, or lies inside."""
    best: tuple[int, int] | None = None
    for index, (_, names) in enumerate(LAYERS):
        for short in names:
            full = f"referee.{short}" if short else "referee"
            inside = module == full or (short and module.startswith(full + "."))
            if inside and (best is None or len(full) > best[0]):
                best = (len(full), index)
    return best[1] if best is not None else None


def climbing(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    out = set()
    for module, targets in graph.items():
        for target in targets:
            here, there = row(module), row(target)
            if here is not None and there is not None and there > here:
                out.add((module, target))
    return out


@pytest.mark.parametrize(("name", "is_package", "source", "expected"), [
    ("referee.kinds", False, "from referee.meld import Meld", {"referee.meld"}),
    ("referee.kinds", False, "def f():\n    from referee.planner import arrange\n", {"referee.planner"}),
    ("referee.kinds", False, "if TYPE_CHECKING:\n    from referee.melds import Judge\n",
     {"referee.melds"}),
    ("referee.loader", False, "from referee import yamlread", {"referee.yamlread"}),
    ("referee.loader", False, "from referee import __version__", set()),  # its own package
    ("referee.kinds", False, "from referee import yamlread, loader", {"referee.yamlread", "referee.loader"}),
    ("referee.cards", False, "from referee import loader, __version__", {"referee.loader"}),
    ("referee.kinds", False, "import referee.cards.extra", {"referee.cards"}),
    ("referee.planner.search", False, "from .direct import masks", {"referee.planner.direct"}),
    ("referee.planner", True, "from .search import Budget", {"referee.planner.search"}),
    ("referee.planner.search", False, "from referee.planner import plan", {"referee.planner.plan"}),
    ("referee.cards", False, "import json\nfrom collections import Counter", set()),
])
def test_every_import_is_read(name: str, is_package: bool, source: str, expected: set[str]) -> None:
    known = {"referee", "referee.kinds", "referee.meld", "referee.melds", "referee.planner",
             "referee.yamlread", "referee.loader", "referee.cards", "referee.planner.search",
             "referee.planner.direct", "referee.planner.plan"}
    assert imported(name, source, is_package, known) == expected


@pytest.mark.parametrize(("module", "expected"), [
    ("referee.cards", "values"), ("referee", "faces"), ("referee.planner.search", "planner"),
    ("referee.planner.kinds", "planner"), ("referee.planner.direct", "planner"),
    ("referee.kinds", "kinds"), ("referee.cli.serve", "faces"), ("referee.nowhere", None),
])
def test_rows(module: str, expected: str | None) -> None:
    found = row(module)
    assert (LAYERS[found][0] if found is not None else None) == expected


def test_every_module_has_a_row() -> None:
    assert [m for m in _modules() if row(m) is None] == []


def test_no_import_climbs_the_layers() -> None:
    graph = _graph()
    assert sorted(climbing(graph) - STILL_TO_CUT) == []
    cut = sorted(edge for edge in STILL_TO_CUT if edge[1] not in graph.get(edge[0], set()))
    assert cut == [], "these imports are cut: strike them from STILL_TO_CUT"


def test_no_import_cycle() -> None:
    graph = {module: targets - {t for m, t in STILL_TO_CUT if m == module}
             for module, targets in _graph().items()}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        pytest.fail(f"modules import each other in a circle: {' -> '.join(error.args[1])}")


# The kinds' own entries, the only modules that may name a kind: the judge's half
# (`kinds`, `kindwords`, `needwords`: a requirement's runs without a wild card) and the
# planner's (`planner/kindbase`, `sets`, `runs`, `judged`, `kinds`).
KIND_ENTRIES = frozenset({"kinds.py", "kindwords.py", "needwords.py", "planner/kindbase.py", "planner/sets.py",
                          "planner/runs.py", "planner/judged.py", "planner/kinds.py"})

# Quoted kind names still written outside the kinds' entries, by module, each to be cut; this
# table only shrinks.
STILL_NAMING_KINDS: dict[str, int] = {}


def kind_names() -> set[str]:
    """Every shipped kind's name and plural (the first-meld key that asks for it)."""
    from referee.kinds import KINDS
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

"""The engine (referee/) imports nothing of the service: not api/, not SQLAlchemy, Flask,
marshmallow or a server. Every import is read from the source, those inside functions and
under `TYPE_CHECKING` too, and the command line is run to see what it loads."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "referee"
SERVICE = ("api", "sqlalchemy", "flask", "marshmallow", "gunicorn", "uvicorn")


def _imports(source: str, module: str, package: bool) -> list[str]:
    """Every module `source` imports, anywhere in it, relative imports resolved from `module`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")[: len(module.split(".")) - node.level + package]
                base = ".".join([*parts, base] if base else parts)
            found += [base] if node.module else [f"{base}.{alias.name}" for alias in node.names]
    return found


def _engine_imports() -> dict[str, list[str]]:
    out = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if package else parts)
        out[module] = _imports(path.read_text(encoding="utf-8"), module, package)
    return out


@pytest.mark.parametrize(("source", "module", "package", "imported"), [
    ("import api.serve", "referee.cli.serve", False, ["api.serve"]),
    ("def f():\n    from sqlalchemy.exc import SQLAlchemyError\n", "referee.x", False, ["sqlalchemy.exc"]),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import flask\n", "referee.x", False,
     ["typing", "flask"]),
    ("from . import common", "referee.cli.serve", False, ["referee.cli.common"]),
    ("from .common import YES", "referee.cli", True, ["referee.cli.common"]),
    ("from .. import cards", "referee.cli.check", False, ["referee.cards"]),
])
def test_every_import_is_read(source: str, module: str, package: bool, imported: list[str]) -> None:
    assert _imports(source, module, package) == imported


def test_the_engine_imports_nothing_of_the_service() -> None:
    imports = _engine_imports()
    assert {"referee.cli", "referee.cli.serve", "referee.loader"} <= set(imports)
    assert "importlib.metadata" in imports["referee.cli.serve"]
    found = [f"{module} imports {name}" for module, names in imports.items() for name in names
             if name.split(".")[0] in SERVICE]
    assert found == []


def test_the_command_line_loads_nothing_of_the_service() -> None:
    code = ("import sys; from referee.cli import main; main(['rulesets']); main(['check', 'ten-pennies', '8H', "
            f"'8S', '2C']); print(sorted({{m.split('.')[0] for m in sys.modules}} & set({SERVICE!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines()[-1] == "[]"

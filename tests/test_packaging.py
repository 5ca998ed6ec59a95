"""What `pip install .` installs: every package of the engine and the service is listed in
pyproject.toml, so an installed `referee` imports what a checkout does."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_installed() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(module.parent.relative_to(ROOT).parts)
             for top in ("referee", "api") for module in (ROOT / top).rglob("*.py")}
    assert found - listed == set(), "packages pip install . would leave out"
    assert all((ROOT / package.replace(".", "/") / "__init__.py").exists() for package in found), \
        "a folder of modules without __init__.py"

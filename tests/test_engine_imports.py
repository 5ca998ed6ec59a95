"""The engine (referee/) imports nothing of the service: not api/, not SQLAlchemy, Flask,
marshmallow or a server. Every import in its source is read by import-linter's `engine-alone`
contract (pyproject.toml, run by tests/test_layers.py); here the command line is run to see what
it loads."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ("api", "sqlalchemy", "flask", "marshmallow", "gunicorn", "uvicorn")


def test_the_command_line_loads_nothing_of_the_service() -> None:
    code = ("import sys; from referee.cli import main; main(['rulesets']); main(['check', 'ten-pennies', '8H', "
            f"'8S', '2C']); print(sorted({{m.split('.')[0] for m in sys.modules}} & set({SERVICE!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines()[-1] == "[]"

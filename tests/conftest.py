from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.cards import Card, parse_cards
from referee.loader import Library, default_library
from referee.ruleset import Ruleset

CASES = Path(__file__).parent / "cases"


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def load_cases(name: str) -> list[Any]:
    """Acceptance cases from a YAML table, each a pytest param named by its description."""
    rows = yaml.safe_load((CASES / name).read_text(encoding="utf-8"))
    return [pytest.param(row, id=row["description"]) for row in rows]


@pytest.fixture(scope="session")
def library() -> Library:
    return default_library()


@pytest.fixture(scope="session")
def tp(library: Library) -> Ruleset:
    return library.get("ten-pennies")


@pytest.fixture(scope="session")
def bing(library: Library) -> Ruleset:
    return library.get("bing-rummy")


@pytest.fixture(scope="session")
def garbage(library: Library) -> Ruleset:
    return library.get("garbage")

"""Rulesets whose decks are not French, for the tests of the service's faces (API, CLI, page).

The ruleset schema learns such decks (a fifth suit, special cards) in a change of its own;
until it has, an upload of one is refused at `deck.suits`. `install` adds a ruleset to a
library as the loader builds it from its document, past the schema, so that the faces are
tested against the deck the engine reads; `upload` sends one through `POST /v1/rulesets` and
skips the test while the schema still refuses its deck.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.loading import yamlread
from referee.loading.loader import Library
from referee.loading.rulebuild import build
from referee.rules.ruleset import Ruleset

# Five Crowns' deck: ranks 3-K, the French suits and stars (X, ★), three jokers a deck, two
# decks. Sets only: runs in a deck whose first rank is not A are the loader's to accept.
STARS = """\
format: 1
id: {id}
name: Stars
family: rummy
players: {{min: 2, max: 6}}
deck:
  ranks: ["3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]
  suits: [C, D, H, S, {{letter: X, symbol: "★", name: stars}}]
  jokers: 3
  decks: 2
hand_size: 10
melds:
  set: {{min: 3}}
wilds:
  ranks: [JOKER]
first_meld: {{sets: [3]}}
lay_off:
  allowed: after_first_meld
  others_melds: true
scoring:
  card_values: {{"3-10": 5, J-K: 10, JOKER: 50}}
"""

# Phase 10's cards: ranks 1-12 in four colours, two of each, with wilds and skips.
COLOURS = """\
format: 1
id: {id}
name: Colours
family: rummy
players: {{min: 2, max: 6}}
deck:
  ranks: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]
  suits: [{{letter: R, symbol: "", name: red}}, {{letter: B, symbol: "", name: blue}},
          {{letter: G, symbol: "", name: green}}, {{letter: Y, symbol: "", name: yellow}}]
  copies: 2
  specials: {{W: 8, SK: 4}}
  decks: 1
hand_size: 10
melds:
  set: {{min: 3}}
first_meld: {{sets: [3, 3]}}
"""


def built(text: str) -> tuple[Ruleset, yamlread.Document, dict[str, Any]]:
    """A ruleset as the loader builds it from its document, as `Library.add` takes it."""
    doc = yamlread.read(text)
    resolved = dict(doc.data)  # type: ignore[call-overload]
    return build(resolved), doc, resolved


def install(library: Library, text: str) -> Ruleset:
    """Add the ruleset `text` to `library` past the schema (see the module's docstring)."""
    return library.add(built(text))


def skip_while_refused(status: int, answer: Any) -> None:
    """Skip the test while the schema refuses the deck of an uploaded ruleset (a suit letter
    beyond C D H S, more than four suits, copies, special cards): `status` and body of the answer."""
    if status == 422 and any(e["path"].startswith("deck.") for e in answer["errors"]):
        pytest.skip("the ruleset schema does not yet admit this deck: " + answer["errors"][0]["message"])


def upload(client: Any, text: str) -> Any:
    """`POST /v1/rulesets` with the ruleset `text` through a Flask test client: the answer (the
    test is skipped while the schema refuses the deck)."""
    answer = client.post("/v1/rulesets", data=text, content_type="application/yaml")
    skip_while_refused(answer.status_code, answer.get_json())
    return answer

"""Undoing entries of the score sheet: which records of a game's ledger still count once each
undo has taken back what it names (the last round, with what came after it; or the last entry)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.values.errors import GameStateError, Problem
from referee.values.i18n import t

__all__ = ["UNDO_TYPES", "check_undo", "kept"]

UNDO_TYPES = frozenset({"undo", "undo_entry"})


def kept(records: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The records that still count once every undo has taken back what it names. The game the
    table went on to (`rematch`) is no entry of the sheet: no undo takes it back."""
    out: list[Mapping[str, Any]] = []
    aside: list[Mapping[str, Any]] = []
    for record in records:
        kind = record.get("type")
        if kind == "rematch":
            aside.append(record)
        elif kind == "undo":
            last = max((i for i, r in enumerate(out) if r.get("type") == "round"), default=None)
            if last is not None:
                del out[last:]
        elif kind == "undo_entry":
            if out:
                out.pop()
        else:
            out.append(record)
    return out + aside


def check_undo(records: Iterable[Mapping[str, Any]], undo: Mapping[str, Any]) -> None:
    """Raise `GameStateError` when the undo record would take back nothing."""
    left = [r for r in kept(records) if r.get("type") != "rematch"]
    if undo.get("type") == "undo_entry":
        if not left:
            raise GameStateError(Problem("", "nothing_to_undo", t("There is no entry (round, buy or buy-back) to undo.")))
    elif not any(r.get("type") == "round" for r in left):
        raise GameStateError(Problem("", "nothing_to_undo", t("There is no round to undo.")))

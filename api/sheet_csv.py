"""The score sheet as CSV, for a spreadsheet or a printout people keep."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from referee.values.i18n import t

# A cell a spreadsheet would run as a formula (CSV injection): these start one.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """Text as a spreadsheet shows it, never as a formula: a leading `'` where it could be one."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def sheet_csv(sheet: Mapping[str, Any], layout: bool) -> str:
    """A header row of players, one row a round, a last row of totals.

    A rummy round's row gives each player's points in it (0 for who went out and scored
    nothing; empty for a player out of the game); a layout game's row gives each layout's
    size after the deal. Totals are the standings now (buy-backs included). Where each player
    holds a phase, a row "Phase" before the totals gives the phase each works on now. In a
    team game a column a team follows the players' (headed by its players, "ann + cy"): its
    points in each round, and its score in the totals. A Mahjong game's rows are its hands,
    each named as the table says it ("South 3, 2 honba"), after a row of the points each
    player started with and before the end's reckoning (the sticks left, the uma and the oka),
    so that every column adds up to its total.
    """
    names = [p["name"] for p in sheet["players"]]
    teams = sheet.get("teams") or []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    hands = "mahjong" in sheet
    writer.writerow([t("Hand") if hands else t("Round"), *map(safe_cell, names),
                     *(safe_cell(" + ".join(team["players"])) for team in teams)])
    if hands:
        writer.writerow([t("Start"), *(sheet["mahjong"]["starting_points"] for _ in names)])
    for played in sheet["rounds"]:
        if layout:
            cells: list[object] = [played["standing"][n] for n in names]
        else:
            points = played.get("points") or {}
            cells = [points.get(n, 0 if n == played.get("went_out") else "") for n in names]
        label = safe_cell(played["hand"]) if hands and played.get("hand") else played["number"]
        writer.writerow([label, *cells, *(played.get("team_points") or [])])
    if sheet.get("reckoning"):  # the end's reckoning: the sticks left, the uma and the oka
        writer.writerow([t("End"), *(sheet["reckoning"]["points"].get(n, 0) for n in names)])
    if any("phase" in p for p in sheet["players"]):  # each player's own phase, just above the totals
        writer.writerow([t("Phase"), *(p["phase"] for p in sheet["players"])])
    totals = [p["layout_size"] if layout else p["score"] for p in sheet["players"]]
    writer.writerow([t("Total"), *totals, *(team["score"] for team in teams)])
    return out.getvalue()


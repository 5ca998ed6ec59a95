"""A Mahjong hand as a table enters it, turned into a record of the score sheet's ledger.

A hand is a win (`win`: han and fu, a number of yakuman, faan, or the tiles, which are scored
here with the game's winds and the riichi declared), several wins off one discard (`wins`,
where the ruleset allows them) or a drawn hand (`draw`), with the players who declared riichi
(`riichi`). What is checked here is the entry's own shape and its tiles; who the players are,
their points and the sticks are the table's (`mahjong_table`), judged when the record is
applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from referee.rules.mahjong import MahjongRules
from referee.rules.ruleset import Ruleset
from referee.scoring.wins import FLAGS, judge_win, read_win
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import local, t

Record = dict[str, Any]

HAND_FIELDS = ("win", "wins", "draw", "riichi")
FIGURES = ("han", "fu", "yakuman", "faan")
# What a win entered by its tiles may say beside them: the flags of wins/check but riichi, which
# the hand's `riichi` says (a `riichi` that agrees is taken), and what the table turned up.
TILE_FIELDS = frozenset({"hand", "melds", "tile", "dora_indicators", "ura_dora_indicators", "flowers", "kita",
                         *FLAGS})
FROM_GAME = ("seat_wind", "round_wind", "honba", "riichi_sticks", "win", "discards")


def hand_record(ruleset: Ruleset, body: Mapping[str, Any], seat_winds: Mapping[str, str],
                round_wind: str) -> Record:
    """A ledger record from a hand as entered; a win by tiles is scored with the winner's seat
    wind (`seat_winds`, by name, as tiles) and the `round_wind`."""
    rules = ruleset.mahjong
    assert rules is not None
    problems = [Problem(name, "unused_field", t('{game} does not use "{name}" in a hand: a hand is a win, wins or '
                                                'a draw, with the riichi declared', game=ruleset.local_name, name=name))
                for name in body if name not in HAND_FIELDS]
    given = [name for name in ("win", "wins", "draw") if body.get(name) is not None]
    if not given:
        problems.append(Problem("win", "missing_field", t("give the hand's win (or wins), or the drawn hand")))
    elif len(given) > 1:
        problems.append(Problem(given[1], "unused_field", t("a hand is one of a win, wins and a draw: give only one")))
    if body.get("wins") is not None and not rules.game.several_winners:
        problems.append(Problem("wins", "unused_field", t(
            "{game} has one winner off a discard: give the win, the first in turn from the discarder",
            game=ruleset.local_name)))
    riichi = list(body.get("riichi") or [])
    if riichi and not rules.payments.riichi_stick:
        problems.append(Problem("riichi", "unused_field", t("{game} has no riichi sticks", game=ruleset.local_name)))
    if problems:
        raise InvalidPlayError(problems)
    record: Record = {"type": "round", "riichi": riichi}
    if body.get("draw") is not None:
        return record | {"draw": {"tenpai": list(body["draw"].get("tenpai") or [])}}
    wins = [("win", body["win"])] if body.get("win") is not None else \
        [(f"wins[{i}]", win) for i, win in enumerate(body["wins"])]
    if not wins:
        raise InvalidPlayError(Problem("wins", "missing_field", t("give each winner's win")))
    read = []
    for path, win in wins:
        try:
            read.append(_win(rules, win, path, _Where(seat_winds, round_wind, riichi)))
        except InvalidPlayError as exc:
            problems += exc.problems
    if len({str(win.get("from")) for win in read}) > 1 or (len(read) > 1 and read[0].get("from") is None):
        problems.append(Problem("wins", "invalid_field", t("several winners all win off one discard, from the same player")))
    if problems:
        raise InvalidPlayError(problems)
    return record | ({"win": read[0]} if "win" in body and body["win"] is not None else {"wins": read})


class _Where(NamedTuple):
    """What the table tells a win entered by its tiles: each seat's wind, the round's, the riichi."""

    seat_winds: Mapping[str, str]
    round_wind: str
    riichi: Sequence[str]


def _win(rules: MahjongRules, win: Mapping[str, Any], path: str, where: _Where) -> Record:
    """One win as the ledger keeps it: who won, off whom, and its figures (scored here when the
    tiles are given)."""
    base: Record = {"winner": win.get("winner"), "from": win.get("from")}
    if not win.get("winner"):
        raise InvalidPlayError(Problem(f"{path}.winner", "missing_field", t("name the winner")))
    if win.get("hand") is not None:
        return base | _by_tiles(rules, win, path, where)
    problems = [Problem(f"{path}.{name}", "unused_field", t('"{name}" goes with the tiles of the hand; give the tiles '
                                                             'or the figures, not both', name=name))
                for name in win if name in TILE_FIELDS]
    problems += _figure_problems(rules, win, path)
    if problems:
        raise InvalidPlayError(problems)
    return base | {name: win[name] for name in FIGURES if win.get(name) is not None}


def _figure_problems(rules: MahjongRules, win: Mapping[str, Any], path: str) -> list[Problem]:
    """What is wrong with a win given by its figures: han and fu (or a number of yakuman), or
    faan, as the ruleset scores."""
    if rules.method == "faan":
        assert rules.faan is not None
        wrong = [Problem(f"{path}.{name}", "unused_field", t("this game's hands are given in faan"))
                 for name in ("han", "fu", "yakuman") if name in win]
        if win.get("faan") is None:
            return [*wrong, Problem(f"{path}.faan", "missing_field", t("give the hand's faan, or its tiles"))]
        if win["faan"] < rules.faan.minimum:
            wrong.append(Problem(f"{path}.faan", "out_of_range", t(
                "a win is worth at least {n} faan at this table", n=rules.faan.minimum)))
        return wrong
    wrong = [Problem(f"{path}.faan", "unused_field", t("this game's hands are given in han and fu"))
             ] if "faan" in win else []
    if win.get("yakuman") is not None:
        return wrong + [Problem(f"{path}.{name}", "unused_field", t("a yakuman is given without han and fu"))
                        for name in ("han", "fu") if win.get(name) is not None]
    han, fu = win.get("han"), win.get("fu")
    if han is None:
        return [*wrong, Problem(f"{path}.han", "missing_field", t("give the hand's han and fu, a yakuman, or its tiles"))]
    if han < rules.minimum_han:
        wrong.append(Problem(f"{path}.han", "out_of_range", t("a win is worth at least {n} han", n=rules.minimum_han)))
    first_limit = min((lim.han for lim in rules.limits), default=None)
    if fu is None and (first_limit is None or han < first_limit):
        wrong.append(Problem(f"{path}.fu", "missing_field", t("below {n} han, give the hand's fu", n=first_limit)))
    elif fu is not None and fu != rules.fu.seven_pairs and fu % rules.fu.round_to:
        wrong.append(Problem(f"{path}.fu", "out_of_range", t(
            "fu are rounded up to {n} ({pairs} for seven pairs)", n=rules.fu.round_to, pairs=rules.fu.seven_pairs)))
    elif fu is not None and (first_limit is None or han < first_limit):
        wrong += _fu_problems(rules, win, path)
    return wrong


def _fu_problems(rules: MahjongRules, win: Mapping[str, Any], path: str) -> list[Problem]:
    """Fu no hand of these han scores: below a hand won off a discard's least (the base and the
    concealed hand's, or an open hand's minimum), or seven pairs' fu with fewer han than the
    pattern gives."""
    fu, han = int(win["fu"]), int(win["han"])
    pairs = next((p.closed for p in rules.patterns if p.when.get("shape") == "seven_pairs" and p.closed), None)
    if fu == rules.fu.seven_pairs:
        return [] if pairs is None or han >= pairs else [Problem(f"{path}.han", "out_of_range", t(
            "a hand of {fu} fu is seven pairs, worth at least {n} han", fu=fu, n=pairs))]
    least = min(rules.fu.base + rules.fu.closed_ron, rules.fu.open_no_fu)
    if win.get("from") is not None and fu < least:
        return [Problem(f"{path}.fu", "out_of_range", t("a hand won off a discard scores at least {n} fu", n=least))]
    return []


def _by_tiles(rules: MahjongRules, win: Mapping[str, Any], path: str, where: _Where) -> Record:
    """A win given by its tiles, scored as wins/check scores it with the game's winds."""
    problems = [Problem(f"{path}.{name}", "unused_field", t('"{name}" goes with a win given by its figures; the tiles '
                                                             'are scored here', name=name))
                for name in FIGURES if name in win]
    problems += [Problem(f"{path}.{name}", "unused_field", t('"{name}" comes from the game', name=name))
                 for name in FROM_GAME if name in win]
    declared = win.get("winner") in where.riichi
    if "riichi" in win and bool(win["riichi"]) != declared:
        problems.append(Problem(f"{path}.riichi", "invalid_field", t(
            "the hand's riichi list says {name} declared riichi", name=str(win.get("winner"))) if declared else t(
            "the hand's riichi list says {name} did not declare riichi", name=str(win.get("winner")))))
    if win.get("tile") is None:
        problems.append(Problem(f"{path}.tile", "missing_field", t("give the winning tile")))
    seat = where.seat_winds.get(str(win.get("winner")))
    if problems or seat is None:
        raise InvalidPlayError(problems or [Problem(f"{path}.winner", "unknown_player", t(
            '"{name}" is not a player in this game', name=win.get("winner")))])
    fields = {name: value for name, value in win.items() if name in TILE_FIELDS} | {
        "win": {"tile": win["tile"], "self_drawn": win.get("from") is None},
        "seat_wind": seat, "round_wind": where.round_wind, "riichi": declared or bool(win.get("double_riichi"))}
    try:
        judged = judge_win(rules, read_win(rules, fields))
    except InvalidPlayError as exc:
        raise InvalidPlayError([replace(p, path=f"{path}.{'tile' if p.path == 'win.tile' else p.path}")
                                for p in exc.problems]) from None
    if judged.violations or judged.score is None:
        raise InvalidPlayError([Problem(f"{path}.hand", code, message) for code, message in judged.violations])
    score = judged.score
    kept = {name: win[name] for name in win if name in TILE_FIELDS and name != "riichi"}
    return kept | {"han": score["han"], "fu": score["fu"], "faan": score["faan"], "limit": score["limit"],
                   "score": {"patterns": [{k: v for k, v in p.items() if k != "words"} for p in score["patterns"]],
                             "dora": score["dora"], "arrangement": score["arrangement"],
                             "fu_parts": score["fu_parts"]}}


def worded_wins(rules: MahjongRules, played: Mapping[str, Any]) -> dict[str, Any]:
    """A hand as the game answers it: each pattern of a win scored from its tiles with its words
    in the current language (the record keeps them without, whatever language wrote it)."""
    def worded(win: Mapping[str, Any]) -> Mapping[str, Any]:
        score = win.get("score")
        if not score:
            return win
        patterns = [p | {"words": _pattern_words(rules, str(p["name"]))} for p in score.get("patterns", [])]
        return {**win, "score": {**score, "patterns": patterns}}
    out = dict(played)
    if played.get("win") is not None:
        out["win"] = worded(played["win"])
    if played.get("wins") is not None:
        out["wins"] = [worded(w) for w in played["wins"]]
    return out


def _pattern_words(rules: MahjongRules, name: str) -> str:
    pattern = rules.pattern(name)
    return local(pattern.words, pattern.words.get("en", name)) if pattern is not None else name

"""`referee mahjong score` and `referee mahjong waits`: a Mahjong hand scored, or its waits listed,
as `wins/check` and `waits/check` answer (mahjong.md)."""

from __future__ import annotations

import argparse
from typing import Any

from referee.cli.common import NO, YES, _ruleset
from referee.scoring.wins import check_waits, check_win, mahjong_rules, read_win
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t

FLAG_OPTIONS = ("riichi", "double_riichi", "ippatsu", "last_tile", "after_kong", "robbing_kong", "first_turn")


def add_mahjong(p: argparse.ArgumentParser) -> None:
    """The options both commands take: the ruleset, the hand, the melds and the situation."""
    p.add_argument("ruleset", metavar="RULESET", help="a Mahjong ruleset id (riichi) or file")
    p.add_argument("hand", metavar="HAND", help="the concealed tiles, compact (123m456p789s55m) or joined by commas")
    p.add_argument("--called", action="append", default=[], metavar="TILES",
                   help="an open meld called from another player, such as 666z; one --called a meld")
    p.add_argument("--concealed-kong", dest="concealed_kong", action="append", default=[], metavar="TILES",
                   help="a kong declared from the hand, such as 1111m")
    p.add_argument("--seat-wind", dest="seat_wind", default="1z", metavar="WIND", help="E S W N or 1z-4z (default E)")
    p.add_argument("--round-wind", dest="round_wind", default="1z", metavar="WIND",
                   help="E S W N or 1z-4z (default E)")
    p.add_argument("--dora", action="append", default=[], metavar="TILE", help="a dora indicator; one --dora each")
    p.add_argument("--ura-dora", dest="ura_dora", action="append", default=[], metavar="TILE",
                   help="an ura dora indicator (counted with riichi)")
    p.add_argument("--flower", dest="flowers", action="append", default=[], metavar="TILE",
                   help="a flower or season laid aside (1f-8f), in games that play them; one --flower each")
    p.add_argument("--kita", type=int, metavar="N",
                   help="norths set aside as dora, in games that play them (riichi-sanma)")
    p.add_argument("--honba", type=int, default=0, metavar="N")
    p.add_argument("--sticks", type=int, default=0, metavar="N", help="riichi sticks on the table")
    for flag in FLAG_OPTIONS:
        p.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true")


def _fields(args: argparse.Namespace) -> dict[str, Any]:
    def tiles(text: str) -> Any:
        return text.split(",") if "," in text else text
    return {"hand": tiles(args.hand),
            "melds": [{"tiles": tiles(m), "open": True} for m in args.called]
            + [{"tiles": tiles(m), "open": False} for m in args.concealed_kong],
            "seat_wind": args.seat_wind, "round_wind": args.round_wind, "dora_indicators": args.dora,
            "ura_dora_indicators": args.ura_dora, "honba": args.honba, "riichi_sticks": args.sticks,
            **({"flowers": args.flowers} if args.flowers else {}),
            **({"kita": args.kita} if args.kita is not None else {}),
            **{flag: getattr(args, flag) for flag in FLAG_OPTIONS}}


def _mahjong_score(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    if (args.ron is None) == (args.tsumo is None):
        raise InvalidPlayError(Problem("--ron/--tsumo", "missing_field", t(
            "give the winning tile once: --ron TILE (a discard) or --tsumo TILE (self-drawn)")))
    fields = {**_fields(args), "win": {"tile": args.ron or args.tsumo, "self_drawn": args.tsumo is not None}}
    answer = check_win(ruleset, read_win(mahjong_rules(ruleset), fields))
    if not answer["valid"]:
        for violation in answer["violations"]:
            print(f"{violation['code']}: {violation['message']}")
        return NO
    print(_score_lines(answer["score"]))
    return YES


def _score_lines(score: dict[str, Any]) -> str:
    lines = [f"{p['words']} ({p['name']}): {p['value']}" + (f"  {' '.join(p['tiles'])}" if p.get("tiles") else "")
             for p in score["patterns"]]
    if score["dora"]:
        lines.append(t("dora: {n}", n=score["dora"]))
    head = t("{han} han {fu} fu", han=score["han"], fu=score["fu"]) if score["faan"] is None \
        else t("{faan} faan", faan=score["faan"])
    if score["limit"]:
        head += f" ({score['limit']})"
    paid = ", ".join(f"{key} {value}" for key, value in score["points"].items())
    return "\n".join([*lines, head, t("points: {paid}", paid=paid),
                      t("read as: {groups}", groups="  ".join("".join(g) for g in score["arrangement"]))])


def _mahjong_waits(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args.ruleset)
    answer = check_waits(ruleset, read_win(mahjong_rules(ruleset), _fields(args), waiting=True))
    if not answer["valid"]:
        for violation in answer["violations"]:
            print(f"{violation['code']}: {violation['message']}")
        return NO
    for wait in answer["waits"]:
        print(f"{wait['tile']}  " + (t("scores") if wait["scores"] else t("no yaku")))
    return YES

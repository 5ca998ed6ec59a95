"""A first meld's (or a phase's) requirement in words, each kind's sizes in its kind's own
words (`MeldKind.words`), in the table's order of the kinds."""

from __future__ import annotations

from referee.kinds.table import table_order, words_of
from referee.rules.ruleset import Requirement
from referee.values.i18n import joined, t, tn


def requirement_words(req: Requirement) -> str:
    """A first meld's requirement in words, each kind's sizes in its own (`2 sets of 3 and 1
    run of 4`, `1 set of 4 and 1 set of 3` where the sizes differ), in the table's order."""
    parts = []
    for kind in sorted((k for k, _ in req.sized), key=table_order):
        sizes = req.sizes(kind)
        words = words_of(kind)
        counts = [(len(sizes), sizes[0])] if len(set(sizes)) == 1 else [(1, size) for size in sizes]
        parts.append(joined([words.sized(n, size) for n, size in counts]))
    if req.melds:
        parts.append(tn("{n} meld", "{n} melds", req.melds))
    pure, runs = req.pure_of("run"), req.sizes("run")
    if pure and not runs:
        parts.append(tn("{n} run without a wild card", "{n} runs without a wild card", pure))
    text = joined(parts)
    if pure and runs:
        text = tn("{text}, {n} of them without a wild card", "{text}, {n} of them without a wild card",
                  pure, text=text)
    if req.points:
        text = tn("{text} worth at least {n} point", "{text} worth at least {n} points", req.points, text=text) \
            if text else tn("melds worth at least {n} point", "melds worth at least {n} points", req.points)
    return text or t("nothing")

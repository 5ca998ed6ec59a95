"""The run's words: each sentence whole, for cards and for tiles."""

from __future__ import annotations

from referee.values.i18n import N_, Nn_, t, tn, tp, tpn
from referee.values.meldwords import KindWords


class RunWords(KindWords):
    def none(self) -> str:
        return t("This game has no runs.")

    def too_few(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A run needs at least {n} card; this one has {count}.",
                                    "A run needs at least {n} cards; this one has {count}."),
                   Nn_("A run needs at least {n} tile; this one has {count}.",
                       "A run needs at least {n} tiles; this one has {count}."), n, count=count)

    def never_reaches(self, most: int, least: int) -> str:
        return tpn(self.pieces, Nn_("a run of at most {n} card can never reach its minimum of {least}",
                                    "a run of at most {n} cards can never reach its minimum of {least}"),
                   Nn_("a run of at most {n} tile can never reach its minimum of {least}",
                       "a run of at most {n} tiles can never reach its minimum of {least}"), most, least=least)

    def pure_beyond(self, pure: int, asked: int) -> str:
        return tn("{pure} pure runs, but the first meld asks for only {n} run",
                  "{pure} pure runs, but the first meld asks for only {n} runs", asked, pure=pure)

    def pure_without(self) -> str:
        return t("the first meld asks for pure runs, but this game has no runs")

    def too_many(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A run holds at most {n} card; this one has {count}.",
                                    "A run holds at most {n} cards; this one has {count}."),
                   Nn_("A run holds at most {n} tile; this one has {count}.",
                       "A run holds at most {n} tiles; this one has {count}."), n, count=count)

    def all_wild(self, cards: str) -> str:
        return tp(self.pieces, N_("A run may not be made of wild cards only ({cards})."),
                  N_("A run may not be made of wild tiles only ({cards})."), cards=cards)

    def per_cards(self, per: int, size: int, count: int, cards: str) -> str:
        return tpn(self.pieces, Nn_("After the first meld a meld may hold one wild card for every {n} card; "
                                    "this run of {size} has {count} ({cards}).",
                                    "After the first meld a meld may hold one wild card for every {n} cards; "
                                    "this run of {size} has {count} ({cards})."),
                   Nn_("After the first meld a meld may hold one wild tile for every {n} tile; "
                       "this run of {size} has {count} ({cards}).",
                       "After the first meld a meld may hold one wild tile for every {n} tiles; "
                       "this run of {size} has {count} ({cards})."), per, size=size, count=count, cards=cards)

    def at_most(self, label: str, n: int, count: int, cards: str, later: bool) -> str:
        if later:
            return tpn(self.pieces, Nn_("{label} allows after the first meld at most {n} wild card in a meld; "
                                        "this run has {count} ({cards}).",
                                        "{label} allows after the first meld at most {n} wild cards in a meld; "
                                        "this run has {count} ({cards})."),
                       Nn_("{label} allows after the first meld at most {n} wild tile in a meld; "
                           "this run has {count} ({cards}).",
                           "{label} allows after the first meld at most {n} wild tiles in a meld; "
                           "this run has {count} ({cards})."), n, label=label, count=count, cards=cards)
        return tpn(self.pieces, Nn_("{label} allows at most {n} wild card in a meld; this run has {count} ({cards}).",
                                    "{label} allows at most {n} wild cards in a meld; this run has {count} "
                                    "({cards})."),
                   Nn_("{label} allows at most {n} wild tile in a meld; this run has {count} ({cards}).",
                       "{label} allows at most {n} wild tiles in a meld; this run has {count} ({cards})."),
                   n, label=label, count=count, cards=cards)

    def adding(self, cards: str, message: str) -> str:
        return t("Adding {cards} to the run: {message}", cards=cards, message=message)

    def made(self, size: int) -> str:
        return t("a run of {size}", size=size)

    def yes(self) -> str:
        """The referee panel's answer to a legal meld of this kind."""
        return t("Yes: a legal run.")

    def yes_with(self) -> str:
        """The same, naming what the wild cards stand for (`{wilds}`, filled in by the page)."""
        return t("Yes: a legal run ({wilds}).", wilds="{wilds}")

    def legal(self, cards: str) -> str:
        return t("legal: {cards} is a run", cards=cards)

    def is_meld(self, n: int, cards: str) -> str:
        return t("  meld {n}: {cards} is a run", n=n, cards=cards)

    def sized(self, n: int, size: int) -> str:
        return tn("{n} run of {size}", "{n} runs of {size}", n, size=size)

    def count_of(self, count: int, counted: str, size: str) -> str:
        return tn("one run of {size}", "{count} runs of {size}", count, count=counted, size=size)

    def at_most_per(self, count: str) -> str:
        return t(", at most {count} per run", count=count)

    def later_max(self, count: str) -> str:
        return t(" (later runs: at most {count})", count=count)

    def later_per(self, per: int, count: str) -> str:
        return tpn(self.pieces, Nn_(" (later runs: one per {count} card)", " (later runs: one per {count} cards)"),
                   Nn_(" (later runs: one per {count} tile)", " (later runs: one per {count} tiles)"), per,
                   count=count)

    def any(self) -> str:
        return t("any run")

    def mixed_suits(self, cards: str, n: int, suit: str) -> str:
        """Natural cards of another suit than the run's (`n` of them)."""
        return tpn(self.pieces, Nn_("A run is cards of one suit; {cards} is not {suit}.",
                                    "A run is cards of one suit; {cards} are not {suit}."),
                   Nn_("A run is tiles of one colour; {cards} is not {suit}.",
                       "A run is tiles of one colour; {cards} are not {suit}."), n, cards=cards, suit=suit)

    def repeated_rank(self, cards: str) -> str:
        return tp(self.pieces, N_("A run holds each rank once; {cards} repeat a rank."),
                  N_("A run holds each number once; {cards} repeat a number."), cards=cards)

    def fixed_wild(self, cards: str, wilds: str, stands: str) -> str:
        """A lay-off that does not fit around a wild card kept where it was melded."""
        return tp(self.pieces, N_("Adding {cards} to the run: in this game a wild card stays the card it was "
                                  "melded as ({wilds} for {stands}), and these cards do not fit around it."),
                  N_("Adding {cards} to the run: in this game a wild tile stays the tile it was melded as "
                     "({wilds} for {stands}), and these tiles do not fit around it."),
                  cards=cards, wilds=wilds, stands=stands)

    def not_consecutive(self, cards: str, wilds: int, order: str) -> str:
        """Cards of one suit that make no run with `wilds` wild cards, in a deck whose ranks run in `order`."""
        if not wilds:
            return tp(self.pieces, N_("{cards} cannot make one run of consecutive ranks (ranks in order {order})."),
                      N_("{cards} cannot make one run of consecutive numbers (numbers in order {order})."),
                      cards=cards, order=order)
        return tpn(self.pieces, Nn_("{cards} cannot make one run of consecutive ranks with {n} wild card (ranks in "
                                    "order {order}).", "{cards} cannot make one run of consecutive ranks with {n} "
                                    "wild cards (ranks in order {order})."),
                   Nn_("{cards} cannot make one run of consecutive numbers with {n} wild tile (numbers in order "
                       "{order}).", "{cards} cannot make one run of consecutive numbers with {n} wild tiles "
                       "(numbers in order {order})."), wilds, cards=cards, order=order)

    def not_consecutive_ace(self, cards: str, wilds: int, ace: str) -> str:
        """`not_consecutive` in a deck whose first rank is the ace, standing as `ace` says."""
        if not wilds:
            return t("{cards} cannot make one run of consecutive ranks (ace {ace}).", cards=cards, ace=ace)
        return tn("{cards} cannot make one run of consecutive ranks with {n} wild card (ace {ace}).",
                  "{cards} cannot make one run of consecutive ranks with {n} wild cards (ace {ace}).",
                  wilds, cards=cards, ace=ace)

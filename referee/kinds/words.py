"""The words of each meld kind: what the referee says about a set, a run, a colour, or a meld
of a kind that writes no words of its own (`KindWords`, the words for any meld, in
`referee.values.meldwords`).

Each sentence is its own, whole, for the translations: a language shapes "a set of three"
and "a run of three" its own way, so no noun is put into a shared sentence. A kind's entry
in `referee.kinds.table` holds one of these; the checks, the command line and the summaries ask it.
A sentence that names the pieces is written for cards and for tiles, and said as the deck
calls them (`KindWords.of(deck.pieces)`).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.values.i18n import N_, Nn_, t, tn, tp, tpn
from referee.values.meldwords import KindWords

__all__ = ["ColorWords", "KindWords", "RunWords", "SetWords", "any_of", "words_named"]


class SetWords(KindWords):
    def none(self) -> str:
        return t("This game has no sets.")

    def too_few(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A set needs at least {n} card; this one has {count}.",
                                    "A set needs at least {n} cards; this one has {count}."),
                   Nn_("A set needs at least {n} tile; this one has {count}.",
                       "A set needs at least {n} tiles; this one has {count}."), n, count=count)

    def never_reaches(self, most: int, least: int) -> str:
        return tpn(self.pieces, Nn_("a set of at most {n} card can never reach its minimum of {least}",
                                    "a set of at most {n} cards can never reach its minimum of {least}"),
                   Nn_("a set of at most {n} tile can never reach its minimum of {least}",
                       "a set of at most {n} tiles can never reach its minimum of {least}"), most, least=least)

    def too_many(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A set holds at most {n} card; this one has {count}.",
                                    "A set holds at most {n} cards; this one has {count}."),
                   Nn_("A set holds at most {n} tile; this one has {count}.",
                       "A set holds at most {n} tiles; this one has {count}."), n, count=count)

    def all_wild(self, cards: str) -> str:
        return tp(self.pieces, N_("A set may not be made of wild cards only ({cards})."),
                  N_("A set may not be made of wild tiles only ({cards})."), cards=cards)

    def per_cards(self, per: int, size: int, count: int, cards: str) -> str:
        return tpn(self.pieces, Nn_("After the first meld a meld may hold one wild card for every {n} card; "
                                    "this set of {size} has {count} ({cards}).",
                                    "After the first meld a meld may hold one wild card for every {n} cards; "
                                    "this set of {size} has {count} ({cards})."),
                   Nn_("After the first meld a meld may hold one wild tile for every {n} tile; "
                       "this set of {size} has {count} ({cards}).",
                       "After the first meld a meld may hold one wild tile for every {n} tiles; "
                       "this set of {size} has {count} ({cards})."), per, size=size, count=count, cards=cards)

    def at_most(self, label: str, n: int, count: int, cards: str, later: bool) -> str:
        if later:
            return tpn(self.pieces, Nn_("{label} allows after the first meld at most {n} wild card in a meld; "
                                        "this set has {count} ({cards}).",
                                        "{label} allows after the first meld at most {n} wild cards in a meld; "
                                        "this set has {count} ({cards})."),
                       Nn_("{label} allows after the first meld at most {n} wild tile in a meld; "
                           "this set has {count} ({cards}).",
                           "{label} allows after the first meld at most {n} wild tiles in a meld; "
                           "this set has {count} ({cards})."), n, label=label, count=count, cards=cards)
        return tpn(self.pieces, Nn_("{label} allows at most {n} wild card in a meld; this set has {count} ({cards}).",
                                    "{label} allows at most {n} wild cards in a meld; this set has {count} "
                                    "({cards})."),
                   Nn_("{label} allows at most {n} wild tile in a meld; this set has {count} ({cards}).",
                       "{label} allows at most {n} wild tiles in a meld; this set has {count} ({cards})."),
                   n, label=label, count=count, cards=cards)

    def adding(self, cards: str, message: str) -> str:
        return t("Adding {cards} to the set: {message}", cards=cards, message=message)

    def made(self, size: int) -> str:
        return t("a set of {size}", size=size)

    def legal(self, cards: str) -> str:
        return t("legal: {cards} is a set", cards=cards)

    def is_meld(self, n: int, cards: str) -> str:
        return t("  meld {n}: {cards} is a set", n=n, cards=cards)

    def sized(self, n: int, size: int) -> str:
        return tn("{n} set of {size}", "{n} sets of {size}", n, size=size)

    def count_of(self, count: int, counted: str, size: str) -> str:
        return tn("one set of {size}", "{count} sets of {size}", count, count=counted, size=size)

    def at_most_per(self, count: str) -> str:
        return t(", at most {count} per set", count=count)

    def later_max(self, count: str) -> str:
        return t(" (later sets: at most {count})", count=count)

    def later_per(self, per: int, count: str) -> str:
        return tpn(self.pieces, Nn_(" (later sets: one per {count} card)", " (later sets: one per {count} cards)"),
                   Nn_(" (later sets: one per {count} tile)", " (later sets: one per {count} tiles)"), per,
                   count=count)

    def any(self) -> str:
        return t("any set")

    def mixed_ranks(self, cards: str, n: int, rank: str) -> str:
        """Natural cards of another rank than the set's (`n` of them)."""
        return tpn(self.pieces, Nn_("A set is cards of one rank; {cards} is not {rank}.",
                                    "A set is cards of one rank; {cards} are not {rank}."),
                   Nn_("A set is tiles of one number; {cards} is not {rank}.",
                       "A set is tiles of one number; {cards} are not {rank}."), n, cards=cards, rank=rank)

    def repeated_suit(self, cards: str) -> str:
        """A set of distinct suits with a suit twice (`distinct_suits`)."""
        return tp(self.pieces, N_("In this game a set holds each suit at most once; {cards} repeat a suit."),
                  N_("In this game a set holds each colour at most once; {cards} repeat a colour."), cards=cards)

    def suits_full(self, n: int, count: int) -> str:
        """A set of distinct suits longer than the deck has suits (`n`)."""
        return tpn(self.pieces, Nn_("In this game a set holds each suit at most once, so at most {n} card; this "
                                    "one has {count}.", "In this game a set holds each suit at most once, so at "
                                    "most {n} cards; this one has {count}."),
                   Nn_("In this game a set holds each colour at most once, so at most {n} tile; this one has "
                       "{count}.", "In this game a set holds each colour at most once, so at most {n} tiles; "
                       "this one has {count}."), n, count=count)


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


class ColorWords(KindWords):
    def none(self) -> str:
        return t("This game has no melds of one colour.")

    def too_few(self, n: int, count: int) -> str:
        return tn("A meld of one colour needs at least {n} card; this one has {count}.",
                  "A meld of one colour needs at least {n} cards; this one has {count}.", n, count=count)

    def too_many(self, n: int, count: int) -> str:
        return tn("A meld of one colour holds at most {n} card; this one has {count}.",
                  "A meld of one colour holds at most {n} cards; this one has {count}.", n, count=count)

    def all_wild(self, cards: str) -> str:
        return t("A meld of one colour may not be made of wild cards only ({cards}).", cards=cards)

    def adding(self, cards: str, message: str) -> str:
        return t("Adding {cards} to the meld of one colour: {message}", cards=cards, message=message)

    def made(self, size: int) -> str:
        return t("{size} cards of one colour", size=size)

    def legal(self, cards: str) -> str:
        return t("legal: {cards} is a meld of one colour", cards=cards)

    def is_meld(self, n: int, cards: str) -> str:
        return t("  meld {n}: {cards} is a meld of one colour", n=n, cards=cards)

    def sized(self, n: int, size: int) -> str:
        return tn("{n} meld of {size} cards of one colour", "{n} melds of {size} cards of one colour", n, size=size)

    def count_of(self, count: int, counted: str, size: str) -> str:
        return tn("one meld of {size} cards of one colour", "{count} melds of {size} cards of one colour", count,
                  count=counted, size=size)

    def any(self) -> str:
        return t("any cards of one colour")


def any_of(kinds: Sequence[str], words: Sequence[KindWords]) -> str:
    """`any run or set`: what a first meld may be where it asks for nothing in particular."""
    if list(kinds) == ["run", "set"]:
        return t("any run or set")
    return words[0].any() if len(words) == 1 else t("any meld")


# Each shipped kind's words by the kind's name, for the checks below the kinds (a ruleset's
# meaning, read before any kind is judged); the kinds' entries (`referee.kinds.table`) hold the same.
SHIPPED_WORDS: dict[str, KindWords] = {"set": SetWords(), "run": RunWords(), "color": ColorWords()}


def words_named(kind: str) -> KindWords:
    """A shipped kind's words by its name; the words for any meld for another kind."""
    return SHIPPED_WORDS.get(kind, KindWords())

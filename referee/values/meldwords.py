"""The words for a meld of any kind (`KindWords`): what the referee says of a meld whose kind
writes no words of its own, and what each kind's words (`MeldKind.words`) say differently.
A sentence that names the pieces is written for cards and for tiles, and said as the deck
calls them (`KindWords.of(deck.pieces)`).
"""

from __future__ import annotations

from typing import Self, cast

from referee.values.i18n import N_, PIECES, Nn_, t, tn, tp, tpn

# Each kind's words once for each deck's pieces.
_BOUND: dict[tuple[type, str], KindWords] = {}


class KindWords:
    """The words for a meld of any kind; a kind with words of its own overrides them."""

    def __init__(self, pieces: str = PIECES[0]) -> None:
        self.pieces = pieces

    def of(self, pieces: str) -> Self:
        """These words said of a deck of `pieces` (`deck.pieces`: cards or tiles)."""
        key = (type(self), pieces)
        return cast("Self", _BOUND.get(key) or _BOUND.setdefault(key, type(self)(pieces)))

    def none(self) -> str:
        """This game has no melds of the kind (`meld_kind_not_allowed`)."""
        return t("This game has no melds of this kind.")

    def too_few(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A meld needs at least {n} card; this one has {count}.",
                                    "A meld needs at least {n} cards; this one has {count}."),
                   Nn_("A meld needs at least {n} tile; this one has {count}.",
                       "A meld needs at least {n} tiles; this one has {count}."), n, count=count)

    def never_reaches(self, most: int, least: int) -> str:
        """A ruleset's meld whose `max` is below its `min`."""
        return tpn(self.pieces, Nn_("a meld of at most {n} card can never reach its minimum of {least}",
                                    "a meld of at most {n} cards can never reach its minimum of {least}"),
                   Nn_("a meld of at most {n} tile can never reach its minimum of {least}",
                       "a meld of at most {n} tiles can never reach its minimum of {least}"), most, least=least)

    def pure_beyond(self, pure: int, asked: int) -> str:
        """A first meld asking for more melds without a wild card than melds of the kind."""
        return tpn(self.pieces, Nn_("{pure} melds without a wild card, but the first meld asks for only {n} of "
                                    "this kind", "{pure} melds without a wild card, but the first meld asks for "
                                    "only {n} of this kind"),
                   Nn_("{pure} melds without a wild tile, but the first meld asks for only {n} of this kind",
                       "{pure} melds without a wild tile, but the first meld asks for only {n} of this kind"),
                   asked, pure=pure)

    def pure_without(self) -> str:
        """A first meld asking for melds of the kind without a wild card, in a game without the kind."""
        return tp(self.pieces,
                  N_("the first meld asks for melds of a kind without a wild card, but this game has no such melds"),
                  N_("the first meld asks for melds of a kind without a wild tile, but this game has no such melds"))

    def too_many(self, n: int, count: int) -> str:
        return tpn(self.pieces, Nn_("A meld holds at most {n} card; this one has {count}.",
                                    "A meld holds at most {n} cards; this one has {count}."),
                   Nn_("A meld holds at most {n} tile; this one has {count}.",
                       "A meld holds at most {n} tiles; this one has {count}."), n, count=count)

    def all_wild(self, cards: str) -> str:
        return tp(self.pieces, N_("A meld may not be made of wild cards only ({cards})."),
                  N_("A meld may not be made of wild tiles only ({cards})."), cards=cards)

    def per_cards(self, per: int, size: int, count: int, cards: str) -> str:
        return tpn(self.pieces, Nn_("After the first meld a meld may hold one wild card for every {n} card; "
                                    "this meld of {size} has {count} ({cards}).",
                                    "After the first meld a meld may hold one wild card for every {n} cards; "
                                    "this meld of {size} has {count} ({cards})."),
                   Nn_("After the first meld a meld may hold one wild tile for every {n} tile; "
                       "this meld of {size} has {count} ({cards}).",
                       "After the first meld a meld may hold one wild tile for every {n} tiles; "
                       "this meld of {size} has {count} ({cards})."), per, size=size, count=count, cards=cards)

    def at_most(self, label: str, n: int, count: int, cards: str, later: bool) -> str:
        if later:
            return tpn(self.pieces, Nn_("{label} allows after the first meld at most {n} wild card in a meld; "
                                        "this meld has {count} ({cards}).",
                                        "{label} allows after the first meld at most {n} wild cards in a meld; "
                                        "this meld has {count} ({cards})."),
                       Nn_("{label} allows after the first meld at most {n} wild tile in a meld; "
                           "this meld has {count} ({cards}).",
                           "{label} allows after the first meld at most {n} wild tiles in a meld; "
                           "this meld has {count} ({cards})."), n, label=label, count=count, cards=cards)
        return tpn(self.pieces, Nn_("{label} allows at most {n} wild card in a meld; this meld has {count} ({cards}).",
                                    "{label} allows at most {n} wild cards in a meld; this meld has {count} "
                                    "({cards})."),
                   Nn_("{label} allows at most {n} wild tile in a meld; this meld has {count} ({cards}).",
                       "{label} allows at most {n} wild tiles in a meld; this meld has {count} ({cards})."),
                   n, label=label, count=count, cards=cards)

    def adding(self, cards: str, message: str) -> str:
        """A lay-off's fault, said of the meld it is laid on."""
        return t("Adding {cards} to the meld: {message}", cards=cards, message=message)

    def made(self, size: int) -> str:
        """`a set of 4`: one meld a play made."""
        return t("a meld of {size}", size=size)

    def yes(self) -> str:
        """The referee panel's answer to a legal meld of this kind."""
        return t("Yes: a legal meld.")

    def yes_with(self) -> str:
        """The same, naming what the wild cards stand for (`{wilds}`, filled in by the page)."""
        return t("Yes: a legal meld ({wilds}).", wilds="{wilds}")

    def legal(self, cards: str) -> str:
        return t("legal: {cards} is a meld", cards=cards)

    def is_meld(self, n: int, cards: str) -> str:
        return t("  meld {n}: {cards} is a meld", n=n, cards=cards)

    def sized(self, n: int, size: int) -> str:
        """`2 sets of 3`: melds a first meld asks for, in digits."""
        return tn("{n} meld of {size}", "{n} melds of {size}", n, size=size)

    def count_of(self, count: int, counted: str, size: str) -> str:
        """`two sets of four`: melds a first meld asks for, in words (`counted`, `size`)."""
        return tn("one meld of {size}", "{count} melds of {size}", count, count=counted, size=size)

    def at_most_per(self, count: str) -> str:
        return t(", at most {count} per meld", count=count)

    def later_max(self, count: str) -> str:
        return t(" (later melds: at most {count})", count=count)

    def later_per(self, per: int, count: str) -> str:
        return tpn(self.pieces, Nn_(" (later melds: one per {count} card)", " (later melds: one per {count} cards)"),
                   Nn_(" (later melds: one per {count} tile)", " (later melds: one per {count} tiles)"), per,
                   count=count)

    def any(self) -> str:
        return t("any meld")

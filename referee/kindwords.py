"""The words of each meld kind: what the referee says about a set, a run, a colour, or a meld
of a kind that writes no words of its own (`KindWords`, the words for any meld).

Each sentence is its own, whole, for the translations: a language shapes "a set of three"
and "a run of three" its own way, so no noun is put into a shared sentence. A kind's entry
in `referee.kinds` holds one of these; the checks, the command line and the summaries ask it.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.i18n import t, tn


class KindWords:
    """The words for a meld of any kind; a kind with words of its own overrides them."""

    def none(self) -> str:
        """This game has no melds of the kind (`meld_kind_not_allowed`)."""
        return t("This game has no melds of this kind.")

    def too_few(self, n: int, count: int) -> str:
        return tn("A meld needs at least {n} card; this one has {count}.",
                  "A meld needs at least {n} cards; this one has {count}.", n, count=count)

    def never_reaches(self, most: int, least: int) -> str:
        """A ruleset's meld whose `max` is below its `min`."""
        return tn("a meld of at most {n} card can never reach its minimum of {least}",
                  "a meld of at most {n} cards can never reach its minimum of {least}", most, least=least)

    def pure_beyond(self, pure: int, asked: int) -> str:
        """A first meld asking for more melds without a wild card than melds of the kind."""
        return tn("{pure} melds without a wild card, but the first meld asks for only {n} of this kind",
                  "{pure} melds without a wild card, but the first meld asks for only {n} of this kind",
                  asked, pure=pure)

    def pure_without(self) -> str:
        """A first meld asking for melds of the kind without a wild card, in a game without the kind."""
        return t("the first meld asks for melds of a kind without a wild card, but this game has no such melds")

    def too_many(self, n: int, count: int) -> str:
        return tn("A meld holds at most {n} card; this one has {count}.",
                  "A meld holds at most {n} cards; this one has {count}.", n, count=count)

    def all_wild(self, cards: str) -> str:
        return t("A meld may not be made of wild cards only ({cards}).", cards=cards)

    def per_cards(self, per: int, size: int, count: int, cards: str) -> str:
        return tn("After the first meld a meld may hold one wild card for every {n} card; "
                  "this meld of {size} has {count} ({cards}).",
                  "After the first meld a meld may hold one wild card for every {n} cards; "
                  "this meld of {size} has {count} ({cards}).", per, size=size, count=count, cards=cards)

    def at_most(self, label: str, n: int, count: int, cards: str, later: bool) -> str:
        if later:
            return tn("{label} allows after the first meld at most {n} wild card in a meld; this meld has "
                      "{count} ({cards}).", "{label} allows after the first meld at most {n} wild cards in "
                      "a meld; this meld has {count} ({cards}).", n, label=label, count=count, cards=cards)
        return tn("{label} allows at most {n} wild card in a meld; this meld has {count} ({cards}).",
                  "{label} allows at most {n} wild cards in a meld; this meld has {count} ({cards}).", n,
                  label=label, count=count, cards=cards)

    def adding(self, cards: str, message: str) -> str:
        """A lay-off's fault, said of the meld it is laid on."""
        return t("Adding {cards} to the meld: {message}", cards=cards, message=message)

    def made(self, size: int) -> str:
        """`a set of 4`: one meld a play made."""
        return t("a meld of {size}", size=size)

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
        return tn(" (later melds: one per {count} card)", " (later melds: one per {count} cards)", per, count=count)

    def any(self) -> str:
        return t("any meld")


class SetWords(KindWords):
    def none(self) -> str:
        return t("This game has no sets.")

    def too_few(self, n: int, count: int) -> str:
        return tn("A set needs at least {n} card; this one has {count}.",
                  "A set needs at least {n} cards; this one has {count}.", n, count=count)

    def never_reaches(self, most: int, least: int) -> str:
        return tn("a set of at most {n} card can never reach its minimum of {least}",
                  "a set of at most {n} cards can never reach its minimum of {least}", most, least=least)

    def too_many(self, n: int, count: int) -> str:
        return tn("A set holds at most {n} card; this one has {count}.",
                  "A set holds at most {n} cards; this one has {count}.", n, count=count)

    def all_wild(self, cards: str) -> str:
        return t("A set may not be made of wild cards only ({cards}).", cards=cards)

    def per_cards(self, per: int, size: int, count: int, cards: str) -> str:
        return tn("After the first meld a meld may hold one wild card for every {n} card; "
                  "this set of {size} has {count} ({cards}).",
                  "After the first meld a meld may hold one wild card for every {n} cards; "
                  "this set of {size} has {count} ({cards}).", per, size=size, count=count, cards=cards)

    def at_most(self, label: str, n: int, count: int, cards: str, later: bool) -> str:
        if later:
            return tn("{label} allows after the first meld at most {n} wild card in a meld; this set has "
                      "{count} ({cards}).", "{label} allows after the first meld at most {n} wild cards in "
                      "a meld; this set has {count} ({cards}).", n, label=label, count=count, cards=cards)
        return tn("{label} allows at most {n} wild card in a meld; this set has {count} ({cards}).",
                  "{label} allows at most {n} wild cards in a meld; this set has {count} ({cards}).", n,
                  label=label, count=count, cards=cards)

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
        return tn(" (later sets: one per {count} card)", " (later sets: one per {count} cards)", per, count=count)

    def any(self) -> str:
        return t("any set")


class RunWords(KindWords):
    def none(self) -> str:
        return t("This game has no runs.")

    def too_few(self, n: int, count: int) -> str:
        return tn("A run needs at least {n} card; this one has {count}.",
                  "A run needs at least {n} cards; this one has {count}.", n, count=count)

    def never_reaches(self, most: int, least: int) -> str:
        return tn("a run of at most {n} card can never reach its minimum of {least}",
                  "a run of at most {n} cards can never reach its minimum of {least}", most, least=least)

    def pure_beyond(self, pure: int, asked: int) -> str:
        return tn("{pure} pure runs, but the first meld asks for only {n} run",
                  "{pure} pure runs, but the first meld asks for only {n} runs", asked, pure=pure)

    def pure_without(self) -> str:
        return t("the first meld asks for pure runs, but this game has no runs")

    def too_many(self, n: int, count: int) -> str:
        return tn("A run holds at most {n} card; this one has {count}.",
                  "A run holds at most {n} cards; this one has {count}.", n, count=count)

    def all_wild(self, cards: str) -> str:
        return t("A run may not be made of wild cards only ({cards}).", cards=cards)

    def per_cards(self, per: int, size: int, count: int, cards: str) -> str:
        return tn("After the first meld a meld may hold one wild card for every {n} card; "
                  "this run of {size} has {count} ({cards}).",
                  "After the first meld a meld may hold one wild card for every {n} cards; "
                  "this run of {size} has {count} ({cards}).", per, size=size, count=count, cards=cards)

    def at_most(self, label: str, n: int, count: int, cards: str, later: bool) -> str:
        if later:
            return tn("{label} allows after the first meld at most {n} wild card in a meld; this run has "
                      "{count} ({cards}).", "{label} allows after the first meld at most {n} wild cards in "
                      "a meld; this run has {count} ({cards}).", n, label=label, count=count, cards=cards)
        return tn("{label} allows at most {n} wild card in a meld; this run has {count} ({cards}).",
                  "{label} allows at most {n} wild cards in a meld; this run has {count} ({cards}).", n,
                  label=label, count=count, cards=cards)

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
        return tn(" (later runs: one per {count} card)", " (later runs: one per {count} cards)", per, count=count)

    def any(self) -> str:
        return t("any run")


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
# meaning, read before any kind is judged); the kinds' entries (`referee.kinds`) hold the same.
SHIPPED_WORDS: dict[str, KindWords] = {"set": SetWords(), "run": RunWords(), "color": ColorWords()}


def words_named(kind: str) -> KindWords:
    """A shipped kind's words by its name; the words for any meld for another kind."""
    return SHIPPED_WORDS.get(kind, KindWords())

"""Judging one meld: sets and runs as a round's rules allow, with wild cards.

Readings decided here (docs/rule-decisions.md): a wild card always counts as a wild, even
where it stands for itself; a meld of wild cards only is exempt from `max_per_meld` and is
governed by `all_wild`; when cards could form either kind, the set is reported; in a run,
wild cards take their own place when they can, then go above the natural cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from referee.checks.inplace import in_place_choices
from referee.kinds.meld import RUN_ORDER, Meld, run_windows
from referee.kinds.searching import Split
from referee.kinds.table import KINDS, meld_points, one_rank_kind, words_of
from referee.rules.ruleset import MeldRule, RoundRules, Ruleset
from referee.values.cards import JOKER, JOKER_TOKENS, Card, DeckSpec
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import N_, Nn_, decks_in_play, t, tn, tpn
from referee.values.meldwords import KindWords
from referee.values.violations import Violation, listed

_new = tuple.__new__

__all__ = ["RUN_ORDER", "Judge", "Meld", "judge_for", "meld_points", "run_windows"]


class Judge:
    """Judges melds for one round of one ruleset at one number of decks; built once, reused."""

    def __init__(self, ruleset: Ruleset, rules: RoundRules, decks: int, later: bool = False) -> None:
        self.ruleset = ruleset
        self.rules = rules
        self.deck: DeckSpec = ruleset.deck
        self.decks = decks
        self.later = later  # judges melds made after the player's first meld
        self.wild_ranks = rules.wilds.ranks
        self.unnatural_ranks = self.wild_ranks | {JOKER}  # a joker that is not wild is no natural card either
        wilds = rules.wilds
        self.per_cards = wilds.later_per_cards if later and wilds.later_given else None
        self.limit = wilds.limit(0, later) if self.per_cards is None else None
        self.kinds = {m.kind: m for m in rules.melds}
        self.kind_order = [k for k in KINDS if k in self.kinds]  # the table's order: sets first
        self.jokers_meldable = JOKER in self.wild_ranks
        self.has_jokers = self.deck.has_jokers
        self.jokers_unmeldable = self.has_jokers and not self.jokers_meldable
        self.later_melds = rules.later_melds
        # The fast path judges plain melds of one rank (sets); anything else takes the full path below.
        self.fast_kind = one_rank_kind(self.kind_order)
        set_rule = self.kinds.get(self.fast_kind)
        self.fast_set_min = set_rule.min if set_rule and not set_rule.distinct_suits else None
        self.in_deck = self.deck.distinct()
        self.deck_ranks = frozenset(self.deck.ranks)
        self.natural_ranks = self.deck_ranks - self.wild_ranks
        # Natural (non-wild) cards of the deck → their bit in the planner's suit masks (a
        # suit's ranks from its lowest bit up, then a place for the first rank played high).
        width, places = self.deck.mask_width, self.deck.rank_places
        self.natural_bits = {
            Card(r, s): 1 << (width * at + places[r])
            for s, at in self.deck.suit_places.items()
            for r in self.deck.ranks if r not in self.wild_ranks}
        self.deck_suits = frozenset(self.deck.suits)
        self.all_wild = rules.wilds.all_wild
        # Wild cards that count as natural where they stand for themselves
        self.in_place = frozenset(r for r in self.wild_ranks if r != JOKER) \
            if rules.wilds.natural_in_place else frozenset()
        # The planner's direct path (hands without wild cards) holds for these rules.
        self.direct_path = not self.in_place and self.later_melds and all(m.max is None for m in rules.melds)
        set_max = set_rule.max if set_rule else None
        if set_max is not None and self.fast_set_min is not None and set_max < self.decks:
            self.fast_set_min = None
        rummy = ruleset.rummy
        self.bonus_cards = rummy.bonus_cards if rummy is not None else frozenset()
        self.unmeldable = self.bonus_cards | (rummy.never_melded if rummy is not None else frozenset())
        self.no_more_than_naturals = wilds.no_more_than_naturals
        self.going_out_only = rummy.going_out_only if rummy is not None else frozenset()
        self.min_naturals = wilds.min_naturals
        # The melds a going-out check sends are other players' where each plays alone; where
        # partners play together they are the side's own (Canasta: lay-offs go on those only).
        self.table_is_others = ruleset.teams is None
        self.canasta_min = ruleset.rummy.canasta_min if ruleset.rummy is not None else None
        self.semi_clean = ruleset.rummy.canasta_semi_clean if ruleset.rummy is not None else False
        if self.unmeldable or self.going_out_only or self.min_naturals or self.no_more_than_naturals:
            self.fast_set_min = None  # each of these is judged on the full path
        if self.unmeldable:
            self.direct_path = False  # the bit masks know no card that is never melded

    def fast_set(self, cards: Sequence[Card]) -> Meld | None:
        """A legal set of these cards, found in one pass, or None to take the full path."""
        least = self.fast_set_min
        if least is None or not least <= len(cards) <= self.decks:
            return None  # more cards than decks could hold duplicates: count them properly
        if self.in_place and any(c.rank in self.in_place for c in cards):
            return None
        wild_ranks, natural = self.wild_ranks, self.natural_ranks
        suits = self.deck_suits
        rank = None
        wilds = []
        for card in cards:
            r = card.rank
            if r in wild_ranks:
                if card.suit not in suits and (r != JOKER or not self.has_jokers):
                    return None
                wilds.append(card)
            elif r == rank or (rank is None and r in natural):
                if card.suit not in suits:
                    return None
                rank = r
            else:
                return None
        if rank is None:
            if not self.all_wild:
                return None
        elif wilds:
            limit = self.limit if self.per_cards is None else len(cards) // self.per_cards
            if limit is not None and len(wilds) > limit:
                return None
        # Made from its fields at once, without the named tuple's Python `__new__`.
        return _new(Meld, (self.fast_kind, tuple(cards), tuple([(w, rank) for w in wilds]) if wilds else ()))

    def wild_limit(self, size: int) -> int | None:
        """Most wild cards a meld of `size` cards may hold (not counting all-wild melds)."""
        limit = size // self.per_cards if self.per_cards is not None else self.limit
        if self.no_more_than_naturals:  # half the meld at most
            return size // 2 if limit is None else min(limit, size // 2)
        return limit

    def wilds_fit(self, wilds: int, size: int) -> bool:
        limit = size // self.per_cards if self.per_cards is not None else self.limit
        if self.no_more_than_naturals and 2 * wilds > size:
            return False
        return limit is None or wilds <= limit

    # -- cards that cannot be in any meld, whatever the kind
    def card_violations(self, cards: Sequence[Card]) -> list[Violation]:
        """Cards that are not in the deck, and more copies of a card than the decks hold."""
        in_deck = self.in_deck
        if in_deck.issuperset(cards) and (len(cards) <= self.decks or len(set(cards)) == len(cards)):
            return []  # no card can be present more often than there are decks, or is twice
        foreign = [c for c in cards if c not in in_deck]
        found = []
        if foreign:
            foreign = list(dict.fromkeys(foreign))
            found.append(Violation("not_in_deck", tn(
                "{cards} is not in this game's deck.", "{cards} are not in this game's deck.", len(foreign),
                cards=listed(foreign, self.deck)), tuple(foreign)))
        for card, n in Counter(cards).items():
            have = self.deck.copies(card, self.decks)
            if have and n > have:
                found.append(Violation("duplicate_card", tpn(
                    self.deck.pieces, Nn_("{decks} there is only {n} of {card}; this play has {count}.",
                                          "{decks} there are only {n} of {card}; this play has {count}."),
                    Nn_("{decks} there is only {n} tile {card}; this play has {count}.",
                        "{decks} there are only {n} tiles {card}; this play has {count}."), have,
                    decks=decks_in_play(self.decks, self.deck.pieces), card=self.deck.face(card), count=n),
                    (card,) * n))
        return found

    def joker_violation(self, cards: Sequence[Card]) -> list[Violation]:
        """Called for cards that hold a joker where jokers are in the deck but not wild."""
        jokers = tuple(c for c in cards if c.rank == JOKER)
        return [Violation("joker_not_wild", self.rules.said(
            N_("Round {round}: jokers are not wild and belong to no rank, so they cannot be melded."),
            N_("This game: jokers are not wild and belong to no rank, so they cannot be melded.")), jokers)]

    # -- the meld itself
    def judge_as(self, kind: str, split: Split) -> Meld | None:
        """The meld these cards make read as `kind` alone (its own judge, within the limits), or None."""
        return KINDS[kind].judge(self, self.kinds[kind], split, True)[0]

    def judge(self, cards: Sequence[Card], *, kind: str | None = None, wild_limit: bool = True,
              fast_tried: bool = False) -> tuple[Meld | None, list[Violation]]:
        """The meld these cards make, or the violations of the kind they come closest to."""
        if kind in (None, self.fast_kind) and wild_limit and not fast_tried:
            quick = self.fast_set(cards)
            if quick is not None:
                return quick, []
        base = self.card_violations(cards)
        if self.jokers_unmeldable and _JOKER_CARD in cards:
            base += self.joker_violation(cards)
        specials = [c for c in cards if c.suit is None and c.rank != JOKER and c.rank not in self.wild_ranks]
        if specials:  # a card of no rank and no suit that is not wild (a Phase 10 skip)
            base.append(Violation("never_melded", tn(
                "{cards} belongs to no rank and no suit and is not wild, so it is never melded.",
                "{cards} belong to no rank and no suit and are not wild, so they are never melded.", len(specials),
                cards=listed(list(dict.fromkeys(specials)), self.deck)), tuple(specials)))
        bonus = [c for c in cards if c in self.bonus_cards] if self.bonus_cards else ()
        if bonus:  # Canasta's red threes
            base.append(Violation("never_melded", tn(
                "{cards} is a bonus card: it is laid face up when drawn and never melded.",
                "{cards} are bonus cards: they are laid face up when drawn and never melded.", len(bonus),
                cards=listed(list(dict.fromkeys(bonus)), self.deck)), tuple(bonus)))
        never = [c for c in cards if c in self.unmeldable and c not in self.bonus_cards] if self.unmeldable else ()
        if never:  # Hand and Foot's black threes
            base.append(Violation("never_melded", tn(
                "{cards} is never melded in this game.", "{cards} are never melded in this game.", len(never),
                cards=listed(list(dict.fromkeys(never)), self.deck)), tuple(never)))
        kinds = [kind] if kind is not None else self.kind_order
        if kind is not None and kind not in self.kinds:
            return None, base + [Violation("meld_kind_not_allowed", words_of(kind).none(), tuple(cards))]
        unnatural = self.unnatural_ranks
        naturals = [c for c in cards if c.rank not in unnatural and c not in self.unmeldable] if self.unmeldable \
            else [c for c in cards if c.rank not in unnatural]
        wild_ranks = self.wild_ranks
        wilds = [c for c in cards if c.rank in wild_ranks] if len(naturals) < len(cards) else []
        if len(kinds) > 1 and len(naturals) > 1 and not self.in_place:
            # Two natural cards or more are legal only as a kind they are shaped like: where one
            # kind alone fits their shape, it is the nearest, and the others need no sentences.
            shaped = [k for k in kinds if KINDS[k].shaped(naturals, self.deck)]
            if len(shaped) == 1:
                kinds = shaped
        if len(kinds) == 1 and not self.in_place:  # one kind to judge: no nearest kind to choose
            meld, found = KINDS[kinds[0]].judge(self, self.kinds[kinds[0]], Split(cards, naturals, wilds), wild_limit)
            return (meld, []) if not found and not base else (None, base + found)
        if self.in_place and not base:
            for as_natural in in_place_choices(wilds, self.in_place, len(self.deck.suits)):
                if not as_natural:
                    break
                rest = list(wilds)
                for c in as_natural:
                    rest.remove(c)
                for k in kinds:
                    meld, found = KINDS[k].judge(self, self.kinds[k], Split(cards, naturals + list(as_natural), rest),
                                                 wild_limit)
                    if meld is not None:
                        return meld, []
        best: tuple[Meld | None, list[Violation]] | None = None
        best_kind = ""
        split = Split(cards, naturals, wilds)
        for k in kinds:
            meld, found = KINDS[k].judge(self, self.kinds[k], split, wild_limit)
            if not found and not base:
                return meld, []
            if best is None or (len(kinds) > 1 and
                                _weight(found, k, naturals, self.deck) < _weight(best[1], best_kind, naturals, self.deck)):
                best, best_kind = (None, found), k
        assert best is not None
        return None, base + best[1]

    def common(self, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
                wilds: Sequence[Card], wild_limit: bool) -> list[Violation]:
        """What is wrong with a meld of any kind: its size and its wild cards."""
        words = KINDS[rule.kind].words.of(self.deck.pieces)
        found = []
        if len(cards) < rule.min:
            found.append(Violation("too_few_cards", words.too_few(rule.min, len(cards)), tuple(cards)))
        if rule.max is not None and len(cards) > rule.max:
            found.append(Violation("too_many_cards", words.too_many(rule.max, len(cards)), tuple(cards)))
        if not naturals and wilds and not self.all_wild:
            found.append(Violation("all_wild_not_allowed", words.all_wild(listed(wilds, self.deck)), tuple(wilds)))
        # A limit per so many cards says nothing more about a meld already too short.
        short = self.per_cards is not None and len(cards) < rule.min
        if naturals and wild_limit and not short and not self.wilds_fit(len(wilds), len(cards)):
            found.append(Violation("too_many_wilds", self._too_many(words, cards, wilds), tuple(wilds)))
        elif wilds and naturals and {c.rank for c in naturals} <= self.going_out_only:
            found.append(Violation("too_many_wilds", tn(
                "{cards} is melded without wild cards.", "{cards} are melded without wild cards.", len(naturals),
                cards=listed(naturals, self.deck)), tuple(wilds)))
        if wilds and len(naturals) < self.min_naturals and (naturals or self.all_wild):
            found.append(Violation("too_few_naturals", tn(
                "A meld with wild cards needs at least {n} natural card; this one has {count}.",
                "A meld with wild cards needs at least {n} natural cards; this one has {count}.",
                self.min_naturals, count=len(naturals)), tuple(cards)))
        return found

    def table_melds(self, table: Sequence[Sequence[Card]]) -> list[Meld]:
        """The melds a check sends as on the table, each judged; the first that is no legal meld
        is a 422 (`invalid_table_meld` at `table[i]`, each reason). Two open sets of one rank
        where a side holds one (`melds.set.one_per_rank`) are refused too."""
        out, problems = [], []
        for i, cards in enumerate(table):
            meld, found = self.judge(cards, wild_limit=False)
            if meld is None:  # the first meld at fault, every reason it gives
                raise InvalidPlayError([Problem(f"table[{i}]", "invalid_table_meld", t(
                    "table meld {n} is not a legal meld: {reason}", n=i + 1, reason=v.message)) for v in found])
            else:
                out.append(meld)
        held: dict[tuple[str, str], int] = {}
        for i, meld in enumerate(out):
            rule = self.kinds[meld.kind]
            naturals = meld.naturals()
            if not rule.one_per_rank or not naturals or (rule.max is not None and len(meld.cards) >= rule.max):
                continue
            key = (meld.kind, naturals[0].rank)
            if key in held:
                problems.append(Problem(f"table[{i}]", "invalid_table_meld", t(
                    "table melds {first} and {n} are two open melds of one rank; a side holds one: send them as one",
                    first=held[key] + 1, n=i + 1)))
            held.setdefault(key, i)
        if problems:
            raise InvalidPlayError(problems)
        return out

    def canasta(self, meld: Meld) -> str | None:
        """`natural`, `semi_clean` or `mixed` where this legal meld is a canasta (`canasta.min`
        cards or more), else None: natural when no wild card stands in it; semi-clean, where the
        game has them (`canasta.semi_clean`), when its natural cards alone make a canasta, so that
        its wild cards stand beyond them (Buraco's burraco semipulito: a wild card at an end of
        seven natural cards in order, or beside seven of a rank); else mixed."""
        least = self.canasta_min
        if least is None or len(meld.cards) < least:
            return None
        if meld.pure:
            return "natural"
        if self.semi_clean:
            naturals = meld.naturals()
            alone = self.judge(naturals, wild_limit=False)[0] if len(naturals) >= least else None
            if alone is not None and alone.pure:
                return "semi_clean"
        return "mixed"

    def described(self, meld: Meld) -> dict[str, object]:
        """A legal meld as an answer gives it: its kind, its wild cards, and where it is one, the
        canasta it is."""
        if self.canasta_min is None:
            return meld.as_dict()
        kind = self.canasta(meld)
        return meld.as_dict() if kind is None else meld.as_dict() | {"canasta": kind}

    def going_out_only_violation(self, cards: Sequence[Card]) -> list[Violation]:
        """Cards of a rank melded only in the turn a player goes out (Canasta's black threes),
        in a play that is not going out."""
        if not self.going_out_only:
            return []
        held = [c for c in cards if c.rank in self.going_out_only and c not in self.unmeldable]
        if not held:
            return []
        return [Violation("going_out_only", t(
            "{cards} may be melded only in the turn you go out.",
            cards=listed(list(dict.fromkeys(held)), self.deck)), tuple(held))]

    def _too_many(self, words: KindWords, cards: Sequence[Card], wilds: Sequence[Card]) -> str:
        shown = listed(wilds, self.deck)
        if self.no_more_than_naturals and 2 * len(wilds) > len(cards):
            return tn("A meld holds no more wild cards than natural ones; this one has {n} wild card ({cards}) "
                      "beside {count} natural.", "A meld holds no more wild cards than natural ones; this one has {n} "
                      "wild cards ({cards}) beside {count} natural.", len(wilds), cards=shown,
                      count=len(cards) - len(wilds))
        if self.per_cards is not None:
            return words.per_cards(self.per_cards, len(cards), len(wilds), shown)
        later = self.later and self.rules.wilds.later_given
        return words.at_most(self.rules.label, self.limit or 0, len(wilds), shown, later)


def _weight(found: Sequence[Violation], kind: str, naturals: Sequence[Card],
            deck: DeckSpec) -> tuple[int, int, int]:
    """How far cards are from a kind: the shape they have first (one rank: a set; one suit:
    a run), then the fewest violations and cards at fault."""
    return 0 if KINDS[kind].shaped(naturals, deck) else 1, len(found), sum(len(v.cards) for v in found)


_JOKER_CARD = Card(JOKER)


@lru_cache(maxsize=512)
def judge_for(ruleset: Ruleset, round_number: int, players: int | None, later: bool = False,
              wild_rank: str | None = None) -> Judge:
    """The cached judge of one round (rulesets are immutable, so caching is safe); `later`
    judges melds made after the player's first meld (`wilds.after_first_meld`); `wild_rank`
    is the deal's chosen wild rank where the game has one (`wilds.per_deal`). A refusal is
    raised, never cached."""
    assert ruleset.rummy is not None
    rules = ruleset.rummy.round(round_number)
    wild_rank = ruleset.deck.rank_named(wild_rank) if wild_rank is not None else None
    problem = wild_rank_problem(ruleset, rules, wild_rank)
    if problem is not None:
        raise InvalidPlayError(problem)
    if wild_rank is not None:
        rules = replace(rules, wilds=rules.wilds.with_rank(wild_rank))
    return Judge(ruleset, rules, ruleset.decks_in_play(players), later)


def wild_rank_problem(ruleset: Ruleset, rules: RoundRules, wild_rank: str | None) -> Problem | None:
    """Why `wild_rank` cannot be used with this round, or None."""
    if rules.wilds.per_deal:
        if wild_rank is None:
            return Problem("wild_rank", "missing_field", t(
                "{game} makes one rank wild each deal (the cut card's rank): give that rank", game=ruleset.local_name))
        if ruleset.deck.rank_named(wild_rank) not in ruleset.deck.ranks:
            if wild_rank.strip().upper() in JOKER_TOKENS:
                return Problem("wild_rank", "unknown_rank", t(
                    '"{rank}" is a joker, not a rank: send the rank made wild this deal (where a cut joker makes '
                    'aces wild, "A")', rank=wild_rank))
            return Problem("wild_rank", "unknown_rank", t(
                '"{rank}" is not a rank of this game\'s deck (one of {ranks})', rank=wild_rank,
                ranks=" ".join(ruleset.deck.ranks)))
    elif wild_rank is not None:
        return Problem("wild_rank", "unused_field", t(
            "{game} has no rank chosen wild each deal; leave it out", game=ruleset.local_name))
    return None

"""The layout referee: where a drawn card may go in a Garbage-style row of slots.

A layout lists a player's slots in order; its length is their layout size. Each slot is
face down (`None`) or holds the face-up card there. A number card goes to its own slot; a
wild card to any face-down slot; a number card may also replace a wild card sitting in its
slot (the wild then moves on: the player's choice, decided in docs/rule-decisions.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.ruleset import LayoutRules, Ruleset
from referee.values.cards import Card, DeckSpec, face, read_card, shown_token
from referee.values.errors import InvalidPlayError, Problem
from referee.values.i18n import t, tn
from referee.values.violations import Verdict, Violation

DOWN = "down"


@dataclass(frozen=True)
class Layout:
    """A player's slots: `None` face down, or the face-up card."""

    slots: tuple[Card | None, ...]

    @classmethod
    def parse(cls, rules: LayoutRules, tokens: Sequence[object], path: str = "layout",
              deck: DeckSpec | None = None) -> Layout:
        """Read `["down", "AH", "JS", ...]` in the notation of `deck` (the French one when
        None); a slot that cannot hold its card is an error."""
        if not isinstance(tokens, Sequence) or isinstance(tokens, str):
            raise InvalidPlayError(Problem(path, "invalid_layout", t("the layout is a list of slots")))
        if not 1 <= len(tokens) <= len(rules.slots):
            raise InvalidPlayError(Problem(
                path, "invalid_layout",
                tn("a layout has 1 to {n} slot in this game; this one has {count}",
                   "a layout has 1 to {n} slots in this game; this one has {count}", len(rules.slots),
                   count=len(tokens))))
        problems: list[Problem] = []
        slots: list[Card | None] = []
        for i, token in enumerate(tokens):
            where = f"{path}[{i}]"
            if isinstance(token, str) and token.strip().lower() == DOWN:
                slots.append(None)
                continue
            card = read_card(token, deck)
            if not isinstance(card, Card):
                problems.append(Problem(where, "unknown_card", t(
                    '{token} (item {item}) is not "down" or a card: {reason}', token=shown_token(token),
                    item=i + 1, reason=card)))
                continue
            if card.rank not in rules.wilds and card.rank != rules.slots[i]:
                problems.append(Problem(
                    where, "invalid_layout",
                    t("slot {slot} takes {rank}s or a wild card; {card} cannot be face up there", slot=i + 1,
                      rank=rules.slots[i], card=face(card))))
            slots.append(card)
        if problems:
            raise InvalidPlayError(problems)
        return cls(tuple(slots))

    @property
    def size(self) -> int:
        return len(self.slots)

    def face_down(self) -> list[int]:
        """1-based numbers of the face-down slots."""
        return [i + 1 for i, c in enumerate(self.slots) if c is None]

    def complete(self, rules: LayoutRules) -> bool:
        return all(c is not None for c in self.slots)

    def place(self, slot: int, card: Card) -> tuple[Layout, Card | None]:
        """The layout with `card` face up in `slot`, and what it lifted (None: a face-down card)."""
        lifted = self.slots[slot - 1]
        slots = list(self.slots)
        slots[slot - 1] = card
        return Layout(tuple(slots)), lifted


@dataclass(frozen=True)
class Placement:
    slots: tuple[int, ...]
    ends_turn: bool
    completes_layout: bool
    violations: tuple[Violation, ...]


def placement(rules: LayoutRules, layout: Layout, card: Card, in_deck: bool = True) -> Placement:
    """Where `card` may go in `layout`, whether the turn ends, and whether it completes it."""
    down = layout.face_down()
    if card.rank in rules.wilds:
        if not down:
            return _stuck("slot_taken", t("{card} is wild, but no slot is face down.", card=face(card)), card)
        return Placement(tuple(down), False, len(down) == 1, ())
    if not in_deck:
        return _stuck("not_in_deck", tn("{cards} is not in this game's deck.", "{cards} are not in this game's deck.",
                                         1, cards=face(card)), card)
    if card.rank in rules.dead_ranks:
        return _stuck("dead_card", _dead(card), card)
    slot = rules.slot_of(card.rank)
    if slot is None or slot > layout.size:
        return _stuck("slot_not_in_layout", tn(
            "This layout has {n} slot, so there is no slot {slot} for {card}: the turn ends.",
            "This layout has {n} slots, so there is no slot {slot} for {card}: the turn ends.",
            layout.size, slot=slot, card=face(card)) if slot else tn(
            "This layout has {n} slot, so there is no slot for {card}: the turn ends.",
            "This layout has {n} slots, so there is no slot for {card}: the turn ends.", layout.size, card=face(card)),
            card)
    there = layout.slots[slot - 1]
    if there is None:
        return Placement((slot,), False, len(down) == 1, ())
    if there.rank in rules.wilds:
        # The wild moves to another face-down slot (into the last one, it completes the
        # layout), or is set aside when none is left.
        return Placement((slot,), False, len(down) <= 1, ())
    return _stuck("slot_taken", t("Slot {slot} already holds {there} face up: {card} ends the turn.",
                                  slot=slot, there=face(there), card=face(card)), card)


def _stuck(code: str, message: str, card: Card) -> Placement:
    return Placement((), True, False, (Violation(code, message, (card,)),))


def _dead(card: Card) -> str:
    """`A queen can never be placed: the turn ends.`, in the current language."""
    if card.rank == "Q":
        return t("A queen can never be placed: the turn ends.")
    if card.rank == "K":
        return t("A king can never be placed: the turn ends.")
    if card.rank == "J":
        return t("A jack can never be placed: the turn ends.")
    if card.rank == "JOKER":
        return t("A joker can never be placed: the turn ends.")
    return t("{card} can never be placed: the turn ends.", card=face(card))


def check_placement(ruleset: Ruleset, layout_tokens: Sequence[object], card: Card) -> Verdict:
    """The placements/check answer: `slots`, `ends_turn`, `completes_layout`."""
    rules = ruleset.layout
    if rules is None:
        raise InvalidPlayError(Problem("", "wrong_family", t(
            '"{id}" is a {family} game; placements are for layout games', id=ruleset.id, family=ruleset.family)))
    layout = Layout.parse(rules, layout_tokens, deck=ruleset.deck)
    found = placement(rules, layout, card, ruleset.deck.copies(card, 1) > 0)
    return Verdict(found.violations, {"slots": list(found.slots), "ends_turn": found.ends_turn,
                                      "completes_layout": found.completes_layout})

"""What the meld kinds (`referee.kinds.table`) share with the judge and the planner's search: the
values the search is made of (`Option`, `Table` and the states of table melds, which the kinds
build), and two small Protocols, `KindJudge` (what a kind asks of `referee.checks.judge.Judge`) and
`Search` (what a kind asks of the planner's search). The kinds sit below the judge and the
planner and meet them through these shapes alone; how a hand is packed is the deck's
`referee.kinds.geometry.Geometry`, which the search hands the kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from referee.kinds.geometry import Geometry
    from referee.kinds.meld import Meld
    from referee.kinds.rule import MeldRule
    from referee.kinds.views import RoundView, RulesetView
    from referee.values.cards import Card, DeckSpec
    from referee.values.violations import Violation

FIRST, LATER = 1, 2   # a new meld's wild cards fit the first meld's limit / the later limit

Move = tuple["Option", tuple[object, ...]]
# Where the search stands when it asks a kind for lay-offs: the field of the card to place, the
# cards left (packed), the wild cards left, and the table melds' states.
At = tuple[int, int, int, tuple[object, ...]]


# ---------------------------------------------------------------- the search's values

class Split(NamedTuple):
    """Cards as a kind judges them: all of them in the order given, and among them the natural
    cards and the wild cards."""

    cards: Sequence[Card]
    naturals: Sequence[Card]
    wilds: Sequence[Card]


@dataclass
class Table:
    """A meld on the table as the search sees it: what every kind has (its kind, its wild cards,
    its size, the most it may hold, the suit it is bound to where its kind binds one: a run of
    one suit, a colour), and the kind's own description of it (`shape`: a set's rank and suits,
    a run's natural ranks), which only the kind's planner half reads."""

    kind: str
    wilds: int = 0
    size: int = 0
    most: int = 10**6                     # the most cards it may hold
    suit: str | None = None               # the suit it is bound to (None: none yet, or none)
    shape: Any = None                     # the kind's own description (its module's type)
    first_state: object = None            # its kind's state of it before anything is laid on it (kept)


class Option(NamedTuple):
    """One way to place the lowest remaining card: a new meld, or a lay-off on table meld `table`."""

    packed: int                     # the natural cards it uses, packed like the hand
    wilds: int
    kind: str | None                # the kind's name for a new meld, None for a lay-off or keeping
    size: int
    table: int = -1
    grows_to: object = None         # a table meld's new state, of its kind's own type
    phases: int = FIRST | LATER     # new melds: legal as part of the first meld, after it, or both
    core: int = 0                   # the size it counts as toward a first meld (0: its size)
    points: int = 0                 # what it is worth toward a first meld's points
    # A new meld laid down in two parts in one turn, toward a first meld's points (a run's half
    # offers it): the natural ranks laid down first, and the wild cards with them; the rest is
    # laid off on it.
    opening: frozenset[str] | None = None
    opening_wilds: int = 0


# ---------------------------------------------------------------- what the kinds ask

class KindJudge(Protocol):
    """What a kind asks of the judge of melds (`referee.checks.judge.Judge`). Hashable: a kind
    caches what it reads of a judge."""

    def __hash__(self) -> int: ...

    @property
    def ruleset(self) -> RulesetView: ...
    @property
    def rules(self) -> RoundView: ...
    @property
    def deck(self) -> DeckSpec: ...
    @property
    def decks(self) -> int: ...
    @property
    def all_wild(self) -> bool: ...
    @property
    def kinds(self) -> dict[str, MeldRule]: ...
    @property
    def kind_order(self) -> list[str]: ...
    @property
    def going_out_only(self) -> frozenset[str]: ...   # ranks melded only going out, naturals alone
    @property
    def min_naturals(self) -> int: ...                # fewest naturals beside a meld's wild cards
    @property
    def no_more_than_naturals(self) -> bool: ...      # never more wild cards than natural ones
    @property
    def in_place(self) -> frozenset[str]: ...         # wild ranks that may stand for themselves, natural

    def common(self, rule: MeldRule, cards: Sequence[Card], naturals: Sequence[Card],
               wilds: Sequence[Card], wild_limit: bool) -> list[Violation]: ...

    def wild_limit(self, size: int) -> int | None: ...

    def wilds_fit(self, wilds: int, size: int) -> bool: ...

    def judge(self, cards: Sequence[Card], *, kind: str | None = None, wild_limit: bool = True,
              fast_tried: bool = False) -> tuple[Meld | None, list[Violation]]: ...

    def judge_as(self, kind: str, split: Split) -> Meld | None: ...  # the meld `kind` alone reads, within the limits


class Search(Protocol):
    """What a kind asks of the planner's search while it enumerates new melds and lay-offs."""

    @property
    def judge(self) -> KindJudge: ...
    @property
    def later(self) -> KindJudge: ...          # judges melds made after the first meld
    @property
    def geometry(self) -> Geometry: ...        # the deck's card types and packed fields
    @property
    def types(self) -> list[int]: ...          # the card type (`Geometry.index`) of each packed field
    @property
    def field_of(self) -> dict[int, int]: ...  # the packed field of each card type
    @property
    def guard(self) -> int: ...
    @property
    def size_cap(self) -> dict[str, int]: ...
    @property
    def total_wilds(self) -> int: ...
    @property
    def tables(self) -> list[Table]: ...       # the melds on the table, as the search sees them
    @property
    def spare_min_open(self) -> int: ...
    @property
    def need_first_meld(self) -> bool: ...
    @property
    def openings(self) -> bool: ...
    @property
    def wilds_unlimited(self) -> bool: ...
    @property
    def spare_wilds_later(self) -> bool: ...
    @property
    def later_bit(self) -> int: ...
    @property
    def extension_cache(self) -> dict[tuple[object, ...], list[Option]]: ...

    @property
    def want_points(self) -> bool: ...         # does the first meld ask for points
    @property
    def hand_size(self) -> int: ...

    def phases(self, wilds: int, size: int) -> int: ...

    def spend(self, steps: int = 1) -> None: ...  # steps more against the request's budget


"""The one module that reads rulesets: YAML safely, the schema, `extends`, and meaning.

`Library.load(text)` reports every problem at once, each with its JSON path, line and
column (for a variant, in the variant's own file) and a sentence an author can act on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import islice
from pathlib import Path as FsPath
from typing import Any

from referee import yamlread
from referee.cards import JOKER, RANKS
from referee.errors import Problem, RulesetError, UnknownRulesetError
from referee.i18n import N_, did_you_mean, t, tn
from referee.merge import apply_variant, round_number
from referee.ruleset import Ruleset, build, rank_range, round_document
from referee.schema_messages import schema_problems
from referee.shipped import builtin_files, schema
from referee.yamlread import Document, Path, format_path

__all__ = ["MAX_ID", "Entry", "Library", "builtin_files", "default_library", "extends_cycles",
           "order_for_loading", "schema", "unknown_ruleset"]


MAX_PROBLEMS = 200  # the problems of one file looked for and placed, the schema's and the meaning's


MAX_LIST_ITEMS = 256  # no list of a ruleset needs more (ranks, rounds, card values...)


def _long_lists(data: object) -> list[tuple[Path, int]]:
    """(path, length) of each list longer than `MAX_LIST_ITEMS`, the first `MAX_PROBLEMS`:
    counted before any item is read, so a list of thousands costs no schema walk."""
    found: list[tuple[Path, int]] = []
    stack: list[tuple[Path, object]] = [((), data)]
    while stack and len(found) < MAX_PROBLEMS:
        path, node = stack.pop()
        if isinstance(node, list):
            if len(node) > MAX_LIST_ITEMS:
                found.append((path, len(node)))
                continue
            stack.extend((path + (i,), item) for i, item in enumerate(node))
        elif isinstance(node, dict):
            stack.extend((path + (key,), item) for key, item in node.items())
    return sorted(found, key=lambda f: format_path(f[0]))


def unknown_ruleset(ruleset_id: str, known: Iterable[str]) -> UnknownRulesetError:
    """`No ruleset "bing-rumy"; did you mean "bing-rummy"?`: an id that names none of `known`."""
    close = did_you_mean(ruleset_id, known) if len(ruleset_id) <= 2 * MAX_ID else ""  # none can be close
    return UnknownRulesetError(Problem("id", "unknown_ruleset", t('No ruleset "{id}"', id=ruleset_id) + close))


MAX_ID = 64  # the longest ruleset id (ruleset-format.md)


# ---------------------------------------------------------------- meaning checks

Finding = tuple[Path, str]
Check = Callable[[Mapping[str, Any]], Iterator[Finding]]


def _deck_ranks(doc: Mapping[str, Any]) -> set[str]:
    deck = doc.get("deck") or {}
    ranks = set(deck.get("ranks", RANKS))
    table = deck.get("jokers_per_table")
    if deck.get("jokers", 0) if table is None else (
            table if isinstance(table, int) else any((table or {}).values())):
        ranks.add(JOKER)
    return ranks


_WILD_NOT_IN_DECK = N_('the wild rank "{rank}" is not in the deck')


def _rank_lists(doc: Mapping[str, Any]) -> Iterator[tuple[Path, list[Any], str]]:
    """Every list of ranks that must name ranks of the deck, and what to say of one that is not."""
    yield ("wilds", "ranks"), (doc.get("wilds") or {}).get("ranks", []), _WILD_NOT_IN_DECK
    yield ("dead_ranks",), doc.get("dead_ranks") or [], N_('the dead rank "{rank}" is not in the deck')
    yield ("layout", "slots"), (doc.get("layout") or {}).get("slots", []), \
        N_('the slot rank "{rank}" is not in the deck')
    for i, entry in enumerate(doc.get("rounds") or []):
        yield ("rounds", i, "wilds", "ranks"), ((entry or {}).get("wilds") or {}).get("ranks", []), \
            _WILD_NOT_IN_DECK


def check_ranks_in_deck(doc: Mapping[str, Any]) -> Iterator[Finding]:
    in_deck = _deck_ranks(doc)
    for path, ranks, not_in_deck in _rank_lists(doc):
        for i, rank in enumerate(ranks):
            if rank not in in_deck:
                extra = t(" (this deck has no jokers)") if rank == JOKER else ""
                yield path + (i,), t(not_in_deck, rank=rank) + extra


_KIND_MISSING = (
    ("sets", "set", N_("the first meld asks for sets, but this game has no sets (add melds.set)")),
    ("runs", "run", N_("the first meld asks for runs, but this game has no runs (add melds.run)")))


def _round_scopes(doc: Mapping[str, Any]) -> Iterator[tuple[Path, dict[str, Any]]]:
    """The top level, then each round as it is played (its entry applied over the top level)."""
    yield (), round_document(doc, None)
    for i, entry in enumerate(doc.get("rounds") or []):
        yield ("rounds", i), round_document(doc, entry or {})


def check_first_meld_kinds(doc: Mapping[str, Any]) -> Iterator[Finding]:
    for path, scope in _round_scopes(doc):
        melds = scope.get("melds") or {}
        req = scope.get("first_meld") or {}
        for key, kind, missing in _KIND_MISSING:
            if req.get(key) and kind not in melds:
                yield path + ("first_meld", key), t(missing)


def check_first_meld_fits_hand(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A first meld that needs more cards than a player is dealt can never be made."""
    for path, scope in _round_scopes(doc):
        req, hand = scope.get("first_meld") or {}, scope.get("hand_size")
        if isinstance(hand, Mapping) and hand:
            hand = max(int(v) for v in hand.values())  # the largest hand at any table
        if not isinstance(hand, int) or not req:
            continue
        sized = [*req.get("sets", []), *req.get("runs", [])]
        least = min((int((spec or {}).get("min", 3)) for spec in (scope.get("melds") or {}).values()),
                    default=3)
        needed = sum(sized) + max(0, int(req.get("melds", 0)) - len(sized)) * least
        if needed > hand:
            yield path + ("first_meld",), \
                tn("this first meld needs at least {n} card, but a player is dealt {hand}",
                   "this first meld needs at least {n} cards, but a player is dealt {hand}", needed, hand=hand)


def check_whole_hand_size(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A round that shows every meld with the whole hand needs a hand size to check it; the
    finding stands where `whole_hand` is written (a round's entry, or the top level once)."""
    rounds = doc.get("rounds") or []
    entries: list[Mapping[str, Any]] = [e if isinstance(e, Mapping) else {} for e in rounds]
    scopes = list(_round_scopes(doc))[1:] if rounds else list(_round_scopes(doc))
    top_missing = False
    for (path, scope), entry in zip(scopes, entries or [{}], strict=False):
        if not (scope.get("going_out") or {}).get("whole_hand") or scope.get("hand_size") is not None:
            continue
        if "whole_hand" in (entry.get("going_out") or {}):
            yield path + ("going_out", "whole_hand"), t(_NO_HAND_SIZE)
        else:
            top_missing = True
    if top_missing:
        yield ("going_out", "whole_hand"), t(_NO_HAND_SIZE)


_NO_HAND_SIZE = N_("every meld is shown with the whole hand, but there is no hand_size to check that hand against")


def check_card_values(doc: Mapping[str, Any]) -> Iterator[Finding]:
    for field in ("card_values", "meld_values"):
        values = (doc.get("scoring") or {}).get(field)
        if values:
            yield from _value_table(doc, values, field)


def _value_table(doc: Mapping[str, Any], values: Mapping[str, Any], field: str) -> Iterator[Finding]:
    ranks = tuple((doc.get("deck") or {}).get("ranks", RANKS))
    owner: dict[str, str] = {}
    for key in values:
        covered = rank_range(key, ranks)
        if not covered:
            yield ("scoring", field, key), \
                t('"{key}" is not a rank or a range of ranks of this deck in order (such as "3-9")', key=key)
        clashes = [r for r in covered if r in owner]
        if clashes:
            yield ("scoring", field, key), \
                t('"{key}" gives {ranks} a value that "{other}" already gives', key=key, ranks=", ".join(clashes),
                  other=owner[clashes[0]])
        for rank in covered:
            owner.setdefault(rank, key)
    missing = [r for r in sorted(_deck_ranks(doc), key=_rank_order) if r not in owner]
    if missing:
        yield ("scoring", field), t("no value for {ranks}", ranks=", ".join(missing))


def _never_reaches(kind: str, most: int, least: int) -> str:
    if kind == "run":
        return tn("a run of at most {n} card can never reach its minimum of {least}",
                  "a run of at most {n} cards can never reach its minimum of {least}", most, least=least)
    return tn("a set of at most {n} card can never reach its minimum of {least}",
              "a set of at most {n} cards can never reach its minimum of {least}", most, least=least)


def check_melding_choices(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """Choices that cannot work together: a meld's maximum below its minimum, pure runs
    beyond the runs asked for, no new melds where there is no first meld to make, a points
    threshold with no points, a knock outside a two-player deadwood game."""
    for path, scope in _round_scopes(doc):
        for kind, spec in (scope.get("melds") or {}).items():
            spec = spec or {}
            if kind in ("set", "run") and spec.get("max") is not None and spec["max"] < spec.get("min", 3):
                yield path + ("melds", kind, "max"), _never_reaches(kind, spec["max"], spec.get("min", 3))
        req = scope.get("first_meld") or {}
        runs = len(req.get("runs") or [])
        if req.get("pure_runs") and runs and req["pure_runs"] > runs:
            yield path + ("first_meld", "pure_runs"), \
                tn("{pure} pure runs, but the first meld asks for only {n} run",
                   "{pure} pure runs, but the first meld asks for only {n} runs", runs, pure=req["pure_runs"])
        if req.get("pure_runs") and "run" not in (scope.get("melds") or {}):
            yield path + ("first_meld", "pure_runs"), \
                t("the first meld asks for pure runs, but this game has no runs")
        asks = any(req.get(k) for k in ("sets", "runs", "melds", "points", "pure_runs"))
        if scope.get("later_melds") is False and not asks:
            yield path + ("later_melds",), \
                t("no new melds after the first meld, but there is no first meld: nobody could ever meld")
    scoring = doc.get("scoring") or {}
    if scoring.get("knock") is not None:
        if scoring.get("method") != "deadwood":
            yield ("scoring", "knock"), t("a knock scores deadwood: give scoring.method: deadwood")
        if (doc.get("players") or {}).get("max", 8) > 2:
            yield ("scoring", "knock"), t("a knock is for two players: give players.max: 2")


def check_game_end(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A score that grows needs a target to end on; the highest score cannot be last standing."""
    game = doc.get("game") or {}
    winner = game.get("winner")
    method = (doc.get("scoring") or {}).get("method")
    if winner == "highest_score" and "elimination" in (game.get("end") or {}):
        yield ("game", "winner"), t("with elimination the winner is the last standing or the lowest score")
    if method == "melded_minus_caught" and winner not in (None, "highest_score"):
        yield ("game", "winner"), t("melded cards score for the player, so the highest score wins")


def _rank_order(rank: str) -> int:
    return RANKS.index(rank) if rank in RANKS else len(RANKS)


def check_players(doc: Mapping[str, Any]) -> Iterator[Finding]:
    players = doc.get("players") or {}
    if players.get("min", 2) > players.get("max", 8):
        yield ("players", "min"), t("min ({least}) is more than max ({most})", least=players.get("min", 2),
                                    most=players.get("max", 8))


MAX_PLAYERS = 12  # as the schema's players.max


def check_deck_table(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """A row of the decks-by-players table for more players than any game may have."""
    decks = (doc.get("deck") or {}).get("decks")
    if not isinstance(decks, Mapping) or "players_per_deck" in decks:
        return
    for key in map(str, decks):
        if key.isdigit() and (len(key) > 2 or int(key) > MAX_PLAYERS):
            yield ("deck", "decks", key), tn("a row for {n} player, but a game has at most {most}",
                                             "a row for {n} players, but a game has at most {most}", int(key),
                                             most=MAX_PLAYERS)


def check_deck_ranks(doc: Mapping[str, Any]) -> Iterator[Finding]:
    """The deck's ranks are suited ranks; jokers are counted by `deck.jokers`."""
    ranks = (doc.get("deck") or {}).get("ranks") or []
    if JOKER in ranks:
        yield ("deck", "ranks", ranks.index(JOKER)), \
            t("{joker} is not a rank of the suits; give the jokers in each deck with deck.jokers", joker=JOKER)


def check_rounds_count(doc: Mapping[str, Any]) -> Iterator[Finding]:
    end = (doc.get("game") or {}).get("end") or {}
    rounds = doc.get("rounds")
    if isinstance(rounds, list) and "rounds" in end and end["rounds"] != len(rounds):
        yield ("game", "end", "rounds"), \
            tn("the game ends after {n} round but {described} are described",
               "the game ends after {n} rounds but {described} are described", end["rounds"],
               described=len(rounds))


def check_run_ace(doc: Mapping[str, Any]) -> Iterator[Finding]:
    ranks = tuple((doc.get("deck") or {}).get("ranks", RANKS))
    if ranks != RANKS[: len(ranks)] and ((doc.get("melds") or {}).get("run")):
        yield ("deck", "ranks"), t("runs need the deck's ranks in order from the ace")


MEANING_CHECKS: tuple[Check, ...] = (
    check_ranks_in_deck, check_first_meld_kinds, check_first_meld_fits_hand, check_card_values, check_players,
    check_rounds_count, check_run_ace, check_deck_table, check_deck_ranks, check_melding_choices,
    check_game_end, check_whole_hand_size,
)


# ---------------------------------------------------------------- the library


@dataclass
class Entry:
    ruleset: Ruleset
    source: Document
    resolved: dict[str, Any]


class Library:
    """Rulesets known by id: the shipped ones plus any added; resolves `extends` against them.

    Problems carry the resolved ruleset's paths (`rounds[0]`) and may point into a base's file,
    unless the library is `as_written` (for authors, as `referee lint`): then every problem of a
    variant is placed in the variant's own file, with its paths as the variant wrote them
    (`rounds["1"]`), and a variant whose family differs from its base's gets that one problem.
    """

    def __init__(self, *, as_written: bool = False) -> None:
        self._entries: dict[str, Entry] = {}
        self.as_written = as_written

    @classmethod
    def builtin(cls) -> Library:
        lib = cls()
        for path in order_for_loading(builtin_files()):
            # Named by file name, never by where the package is installed: problems that
            # point into a shipped base are shown to clients of the service.
            lib.add(lib.load(path.read_bytes(), file=path.name, builtin=True))
        return lib

    # -- lookup
    def __contains__(self, ruleset_id: object) -> bool:
        return ruleset_id in self._entries

    def get(self, ruleset_id: str) -> Ruleset:
        entry = self._entries.get(ruleset_id)
        if entry is None:
            raise unknown_ruleset(ruleset_id, self._entries)
        return entry.ruleset

    def all(self) -> list[Ruleset]:
        return [e.ruleset for e in self._entries.values()]

    def ids(self) -> list[str]:
        return list(self._entries)

    def add(self, loaded: tuple[Ruleset, Document, dict[str, Any]]) -> Ruleset:
        ruleset, source, resolved = loaded
        self._entries[ruleset.id] = Entry(ruleset, source, resolved)
        return ruleset

    def copy(self, *, as_written: bool | None = None) -> Library:
        other = Library(as_written=self.as_written if as_written is None else as_written)
        other._entries = dict(self._entries)
        return other

    # -- loading
    def load(self, raw: bytes | str, file: str | None = None, *, builtin: bool = False
             ) -> tuple[Ruleset, Document, dict[str, Any]]:
        """Read, resolve and check one ruleset; `RulesetError` lists every problem."""
        try:
            doc = yamlread.read(raw, file)
        except yamlread.YamlError as exc:
            raise RulesetError([_with_file(p, file) for p in exc.problems]) from None
        if not isinstance(doc.data, dict):
            raise RulesetError(_with_file(Problem(
                "", "schema", t("a ruleset is a mapping of fields (format, id, name, family, ...)"), 1, 1), file))
        too_long = [_locate(Problem(format_path(path), "schema", tn(
            "a list here holds at most {n} item; this one has {count}",
            "a list here holds at most {n} items; this one has {count}", MAX_LIST_ITEMS, count=count)),
            [doc], path) for path, count in _long_lists(doc.data)]
        if too_long:
            raise RulesetError([_with_file(p, file) for p in too_long])  # its items are never judged
        mismatch = self._family_mismatch(doc)
        if mismatch is not None and self.as_written:
            raise RulesetError(mismatch)  # the base's fields would only be reported against it
        resolved, chain = self._resolve(doc)
        problems = ([mismatch] if mismatch else []) + list(islice(self._problems(resolved, chain), MAX_PROBLEMS))
        if problems:
            raise RulesetError(list(dict.fromkeys(problems)))  # the file and its resolved form may agree
        return build(resolved, builtin=builtin), doc, resolved

    def validate(self, raw: bytes | str, file: str | None = None) -> list[Problem]:
        try:
            self.load(raw, file)
        except RulesetError as exc:
            return exc.problems
        return []

    def _family_mismatch(self, doc: Document) -> Problem | None:
        """A variant that names a family other than its base's, placed at its `family` line."""
        data = doc.data if isinstance(doc.data, dict) else {}
        family, base_id = data.get("family"), data.get("extends")
        entry = self._entries.get(base_id) if isinstance(base_id, str) else None
        if entry is None or not isinstance(family, str) or family == entry.ruleset.family:
            return None
        return _locate(Problem(
            "family", "family_mismatch",
            t('"{family}" differs from the family of the base "{base}", "{base_family}": a variant keeps its base\'s '
              "family", family=family, base=base_id, base_family=entry.ruleset.family)), [doc], ("family",))

    def _resolve(self, doc: Document) -> tuple[dict[str, Any], list[Document]]:
        data: dict[str, Any] = dict(doc.data)  # type: ignore[call-overload]
        base_id = data.get("extends")
        chain = [doc]
        if base_id is None:
            return data, chain
        if not isinstance(base_id, str):
            return data, chain  # the schema reports the type
        if base_id == data.get("id"):
            raise RulesetError(_locate(Problem(
                "extends", "extends_cycle", t('"{base}" extends itself', base=base_id)), chain, ("extends",)))
        entry = self._entries.get(base_id)
        if entry is None:
            raise RulesetError(_locate(Problem(
                "extends", "unknown_base",
                t('the base ruleset "{base}" does not exist', base=base_id) + did_you_mean(base_id, self._entries)),
                chain, ("extends",)))
        own_id = data.get("id")
        seen = {own_id} if isinstance(own_id, str) else set()  # the schema reports another type
        probe: Ruleset | None = entry.ruleset
        while probe is not None and probe.extends is not None:
            if probe.extends in seen or probe.extends == probe.id:
                raise RulesetError(_locate(Problem(
                    "extends", "extends_cycle", t('extends forms a cycle through "{base}"', base=probe.extends)),
                    chain, ("extends",)))
            seen.add(probe.id)
            nxt = self._entries.get(probe.extends)
            probe = nxt.ruleset if nxt else None
        problems = []
        rounds_patch = data.get("rounds")
        base_rounds = entry.resolved.get("rounds") or []
        if isinstance(rounds_patch, dict):
            for key in rounds_patch:
                n = round_number(key)
                if n is None or n > len(base_rounds):
                    problems.append(_locate(Problem(
                        format_path(("rounds", key)), "unknown_round",
                        t('"{key}" names no round of "{base}" (it has {count})', key=key, base=base_id,
                          count=len(base_rounds))),
                        chain, ("rounds", key), key=True))
        if problems:
            raise RulesetError(problems)
        merged = apply_variant(entry.resolved, data)
        merged["extends"] = base_id
        return merged, chain + [self._entries[base_id].source] + self._chain_sources(entry.ruleset)

    def _chain_sources(self, ruleset: Ruleset) -> list[Document]:
        out = []
        probe = ruleset
        while probe.extends is not None and probe.extends in self._entries:
            entry = self._entries[probe.extends]
            out.append(entry.source)
            probe = entry.ruleset
        return out

    def _problems(self, resolved: dict[str, Any], chain: list[Document]) -> Iterator[Problem]:
        reported: set[Path] = set()
        for path, key, code, message in schema_problems(resolved):
            reported.add(path)
            yield self._place(Problem(format_path(path), code, message), chain, path, key=key)
        for check in MEANING_CHECKS:
            try:
                findings = list(check(resolved))
            except (TypeError, AttributeError, ValueError, KeyError):
                continue  # a field of the wrong shape, which the schema has reported
            for path, message in findings:
                if path in reported:
                    continue
                yield self._place(Problem(format_path(path), "meaning", message), chain, path)

    def _place(self, problem: Problem, chain: list[Document], path: Path, *, key: bool = False) -> Problem:
        if self.as_written and len(chain) > 1:
            return _locate_as_written(problem, chain[0], path, key=key)
        return _locate(problem, chain, path, key=key)


def _variant_path(path: Path, doc: Document) -> Path:
    """A resolved path as the variant wrote it: `rounds[0]` may be `rounds."1"` there."""
    if len(path) >= 2 and path[0] == "rounds" and isinstance(path[1], int) \
            and isinstance(doc.data, dict) and isinstance(doc.data.get("rounds"), dict):
        return ("rounds", str(path[1] + 1)) + path[2:]
    return path


def _locate(problem: Problem, chain: list[Document], path: Path, *, key: bool = False) -> Problem:
    """The problem placed in the first file of the chain that wrote this path."""
    for doc in chain:
        written = doc.nearest(_variant_path(path, doc))
        if written or doc is chain[-1]:
            line, column = doc.position(written, key=key)
            return Problem(problem.path, problem.code, problem.message, line, column, doc.file)
    return problem


def _locate_as_written(problem: Problem, variant: Document, path: Path, *, key: bool = False) -> Problem:
    """The problem placed in the variant's file, its path as the variant wrote it.

    A problem at a path the variant does not write comes with its base: it is placed at the
    variant's `extends` line and says so.
    """
    written_path = _variant_path(path, variant)
    written, message = variant.nearest(written_path), problem.message
    if not written:
        base = variant.data.get("extends") if isinstance(variant.data, dict) else None
        written, key, message = ("extends",), False, t('{message} (inherited from "{base}")', message=message,
                                                        base=base)
    line, column = variant.position(written, key=key)
    return Problem(format_path(written_path), problem.code, message, line, column, variant.file)


def _with_file(problem: Problem, file: str | None) -> Problem:
    return Problem(problem.path, problem.code, problem.message, problem.line, problem.column, file)


def extends_cycles(documents: Iterable[Document]) -> dict[str | None, Problem]:
    """Documents read together whose `extends` chains come back to them, by file.

    Each gets one problem at its `extends` line naming every id on the cycle; a file that
    extends itself is left to `Library.load`, which says so.
    """
    by_id: dict[str, tuple[Document, dict[str, Any]]] = {
        doc.data["id"]: (doc, doc.data) for doc in documents
        if isinstance(doc.data, dict) and isinstance(doc.data.get("id"), str)}
    found: dict[str | None, Problem] = {}
    for start, (doc, data) in by_id.items():
        chain, base = [start], data.get("extends")
        while isinstance(base, str) and base in by_id and base not in chain:
            chain.append(base)
            base = by_id[base][1].get("extends")
        if base == start and len(chain) > 1:
            found[doc.file] = _locate(Problem(
                "extends", "extends_cycle", t("the bases form a cycle: {chain}", chain=" -> ".join([*chain, start]))),
                [doc], ("extends",))
    return found


def order_for_loading(paths: Iterable[FsPath]) -> list[FsPath]:
    """Files ordered so that each base loads before the variants that extend it."""
    pending = {p: _peek(p, "extends") for p in paths}
    ids = {_peek(p, "id") or p.stem: p for p in pending}
    done: list[FsPath] = []

    def place(p: FsPath, stack: tuple[FsPath, ...] = ()) -> None:
        if p in done or p in stack:
            return
        base = ids.get(pending[p] or "")
        if base is not None:
            place(base, stack + (p,))
        done.append(p)

    for p in sorted(pending):
        place(p)
    return done


def _peek(path: FsPath, field: str) -> str | None:
    """One top-level text field of a ruleset file, read safely, or None."""
    try:
        doc = yamlread.read(path.read_bytes(), str(path))
    except (yamlread.YamlError, OSError):
        return None
    value = doc.data.get(field) if isinstance(doc.data, dict) else None
    return value if isinstance(value, str) else None


@cache
def default_library() -> Library:
    """The shipped rulesets, loaded once."""
    return Library.builtin()

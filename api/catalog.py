"""Rulesets the service knows: the shipped ones plus those stored in the database.

Stored rulesets are read on demand and kept, each with the revision of every stored ruleset in
its chain of `extends`: before a kept one is used its revisions are asked again (one query), so
a ruleset replaced or deleted through any process sharing the database is never answered from
an old copy. Shipped rulesets never change and are never asked for.

A draft (`drafting`) is a ruleset that is not stored, seen by `get` for its own id in the
context of one request (`POST /rulesets/draft/{check}`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from api.storage import RulesetRow, Store, StoreFull
from referee.loading import yamlread
from referee.loading.loader import MAX_EXTENDS, MAX_ID, Library, unknown_ruleset
from referee.rules.ruleset import Ruleset
from referee.values.errors import Problem, RulesetError, UnknownRulesetError
from referee.values.i18n import t

UPLOAD = "request body"  # how problems in an uploaded ruleset name its file
_DRAFT: ContextVar[Ruleset | None] = ContextVar("draft", default=None)

__all__ = ["Catalog", "StoreFull", "drafting"]


@contextmanager
def drafting(ruleset: Ruleset) -> Iterator[None]:
    """Within the block, `Catalog.get` gives `ruleset` for its id, stored or not."""
    token = _DRAFT.set(ruleset)
    try:
        yield
    finally:
        _DRAFT.reset(token)


class Catalog:
    def __init__(self, library: Library, store: Store, reserved: Iterable[str] = ()) -> None:
        self.library = library
        self.builtin = frozenset(library.ids())
        self.store = store
        self.lock = threading.RLock()
        self.reserved = frozenset(reserved)  # ids no ruleset may take: words of the API's paths
        self._held: dict[str, dict[str, int]] = {}  # a kept stored ruleset: its chain's revisions

    # -- reading
    def get(self, ruleset_id: str) -> Ruleset:
        draft = _DRAFT.get()
        if draft is not None and draft.id == ruleset_id:
            return draft
        if ruleset_id in self.library and ruleset_id not in self._held:
            return self.library.get(ruleset_id)  # shipped, or given to the library itself: never stored
        return self._current(ruleset_id, ())

    def _current(self, ruleset_id: str, seen: tuple[str, ...]) -> Ruleset:
        """A stored ruleset as it is now: the one kept while its chain's revisions hold."""
        held = self._held.get(ruleset_id)
        if held is not None and self.store.ruleset_revisions(list(held)) == held:
            return self.library.get(ruleset_id)
        return self._fetch(ruleset_id, seen)

    def _fetch(self, ruleset_id: str, seen: tuple[str, ...]) -> Ruleset:
        row = self.store.ruleset_row(ruleset_id) if ruleset_id not in seen and len(seen) <= MAX_EXTENDS else None
        if row is None:
            self._forget(ruleset_id)
            raise self.unknown(ruleset_id)
        base = _extends(row.source)
        chain = {ruleset_id: row.revision}
        if base is not None and base not in self.builtin:
            self._current(base, (*seen, ruleset_id))
            chain |= self._held.get(base, {})
        with self.lock:
            self.library.add(self.library.load(row.source, file=f"{ruleset_id}.yaml"))
            self._held[ruleset_id] = chain
        return self.library.get(ruleset_id)

    def unknown(self, ruleset_id: str) -> UnknownRulesetError:
        """The error for an id that names no ruleset, with the ids near it."""
        near = len(ruleset_id) <= 2 * MAX_ID  # a longer id is close to none: the store is not asked
        return unknown_ruleset(ruleset_id, [*self.library.ids(), *self.store.all_revisions()] if near else [])

    def all(self) -> list[Ruleset]:
        revisions = self.store.all_revisions()
        for ruleset_id in revisions:
            held = self._held.get(ruleset_id)
            if held is not None and all(revisions.get(i) == r for i, r in held.items()):
                continue
            try:
                self._fetch(ruleset_id, ())
            except (RulesetError, UnknownRulesetError):
                continue
        for gone in [i for i in self._held if i not in revisions]:
            self._forget(gone)
        return sorted(self.library.all(), key=lambda r: (not r.builtin, r.id))

    def stored(self, ruleset_id: str) -> RulesetRow | None:
        return self.store.ruleset_row(ruleset_id) if ruleset_id not in self.builtin else None

    # -- checking a file
    def load(self, raw: str) -> Ruleset:
        """A file read and resolved against the rulesets known now (its stored base fetched),
        stored nowhere; `RulesetError` lists every problem (an id that is a word of the paths too)."""
        doc = _document(raw)  # read once for its id and its base; the loader reads it whole
        reserved = self._reserved_id(doc)
        base = _field(doc, "extends")
        if base is not None and base not in self.builtin:
            try:
                self.get(base)
            except (UnknownRulesetError, RulesetError):
                pass  # the loader says the base does not exist
        with self.lock:
            try:
                ruleset, _doc, _resolved = self.library.load(raw, file=UPLOAD)
            except RulesetError as exc:
                raise RulesetError(reserved + exc.problems) from None
        if reserved:
            raise RulesetError(reserved)
        return ruleset

    def validate(self, raw: str) -> tuple[list[Problem], Ruleset | None]:
        """The file's problems, and the ruleset it makes where it has none."""
        try:
            return [], self.load(raw)
        except RulesetError as exc:
            return exc.problems, None

    def base_of(self, ruleset: Ruleset) -> Ruleset | None:
        """The ruleset `ruleset` extends as it is now, or None (none, or gone)."""
        if ruleset.extends is None:
            return None
        try:
            return self.get(ruleset.extends)
        except (UnknownRulesetError, RulesetError):
            return None

    # -- writing
    def add(self, raw: str, token_hash: str, most: int) -> tuple[str, Ruleset | None]:
        """Check and store a ruleset: (its id, the ruleset), or (the id, None) when it is taken;
        `RulesetError` for its problems (before the id is looked up), `StoreFull` past `most`."""
        if self.store.ruleset_count() >= most:
            raise StoreFull()
        ruleset = self.load(raw)
        if ruleset.id in self.builtin or not self.store.add_ruleset(ruleset.id, raw, token_hash, most, ruleset.extends):
            return ruleset.id, None
        return ruleset.id, self.get(ruleset.id)

    def replace(self, row: RulesetRow, raw: str) -> Ruleset:
        """Store `raw` in place of the stored ruleset `row`, its variants following it.
        `RulesetError` for its problems; `Conflict` naming a variant it would break, or when
        the ruleset changed meanwhile."""
        ruleset = self.load(raw)
        trial = self.library.copy()
        trial.remove(row.id)
        trial.add(trial.load(raw, file=f"{row.id}.yaml"))
        for variant in self._variants(row.id):
            source = self.store.ruleset_source(variant)
            try:
                trial.add(trial.load(source or "", file=f"{variant}.yaml"))
            except RulesetError as exc:
                raise Conflict(variant, exc.problems) from None
        if not self.store.replace_ruleset(row.id, raw, row.revision, ruleset.extends):
            raise Conflict(row.id, [])
        self._forget(row.id)
        return self.get(row.id)

    def delete(self, row: RulesetRow) -> None:
        """Delete the stored ruleset `row`; `Conflict` naming a stored ruleset that extends it."""
        variants = self.store.variants_of(row.id)
        if variants:
            raise Conflict(variants[0], [])
        self.store.delete_ruleset(row.id)
        self._forget(row.id)

    def _variants(self, ruleset_id: str) -> list[str]:
        """Every stored ruleset whose chain reaches `ruleset_id`, bases before their variants."""
        found: list[str] = []
        level = self.store.variants_of(ruleset_id)
        while level:
            found += [v for v in level if v not in found]
            level = [v for base in level for v in self.store.variants_of(base) if v not in found]
        return found

    def _forget(self, ruleset_id: str) -> None:
        """Drop a kept stored ruleset and every kept one whose chain holds it."""
        with self.lock:
            for kept in [k for k, chain in self._held.items() if ruleset_id in chain]:
                self._held.pop(kept, None)
                self.library.remove(kept)

    def _reserved_id(self, doc: yamlread.Document | None) -> list[Problem]:
        """The problem with an id that is a word of the API's paths (`validate`), if it is one."""
        ruleset_id = _field(doc, "id")
        if doc is None or ruleset_id is None or ruleset_id not in self.reserved:
            return []
        line, column = doc.position(("id",))
        return [Problem("id", "reserved_id",
                        t('"{id}" is a word of the service\'s own paths (/v1/rulesets/{id}); choose another id',
                          id=ruleset_id), line, column, UPLOAD)]


class Conflict(Exception):
    """A write that another stored ruleset stands in the way of: `ruleset_id` names it."""

    def __init__(self, ruleset_id: str, problems: list[Problem]) -> None:
        super().__init__(ruleset_id)
        self.ruleset_id = ruleset_id
        self.problems = problems


def _document(source: str) -> yamlread.Document | None:
    """A ruleset source read safely, or None when it cannot be read (loading says why)."""
    try:
        return yamlread.read(source)
    except yamlread.YamlError:
        return None


def _field(doc: yamlread.Document | None, name: str) -> str | None:
    """One top-level text field of a document read, or None."""
    value = doc.data.get(name) if doc is not None and isinstance(doc.data, dict) else None
    return value if isinstance(value, str) else None


def _extends(source: str) -> str | None:
    return _field(_document(source), "extends")

"""Rulesets the service knows: the shipped ones plus those stored in the database.

Stored rulesets are read on demand, so a ruleset added through one process is found by
every other process sharing the database.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from api.storage import Store
from referee.loading import yamlread
from referee.loading.loader import MAX_ID, Library, unknown_ruleset
from referee.rules.ruleset import Ruleset
from referee.values.errors import Problem, RulesetError, UnknownRulesetError
from referee.values.i18n import t

UPLOAD = "request body"  # how problems in an uploaded ruleset name its file


class Catalog:
    def __init__(self, library: Library, store: Store, reserved: Iterable[str] = ()) -> None:
        self.library = library
        self.store = store
        self.lock = threading.Lock()
        self.reserved = frozenset(reserved)  # ids no ruleset may take: words of the API's paths

    def get(self, ruleset_id: str) -> Ruleset:
        if ruleset_id in self.library:
            return self.library.get(ruleset_id)
        return self._fetch(ruleset_id, ())

    def _fetch(self, ruleset_id: str, seen: tuple[str, ...]) -> Ruleset:
        source = self.store.ruleset_source(ruleset_id)
        if source is None or ruleset_id in seen:
            near = len(ruleset_id) <= 2 * MAX_ID  # a longer id is close to none: the store is not asked
            raise unknown_ruleset(ruleset_id, [*self.library.ids(), *self.store.ruleset_ids()] if near else [])
        base = _extends(source)
        if base and base not in self.library:
            self._fetch(base, seen + (ruleset_id,))
        with self.lock:
            if ruleset_id not in self.library:
                self.library.add(self.library.load(source, file=f"{ruleset_id}.yaml"))
        return self.library.get(ruleset_id)

    def all(self) -> list[Ruleset]:
        for ruleset_id, _source in self.store.ruleset_sources():
            if ruleset_id not in self.library:
                try:
                    self.get(ruleset_id)
                except (RulesetError, UnknownRulesetError):
                    continue
        return sorted(self.library.all(), key=lambda r: (not r.builtin, r.id))

    def exists(self, ruleset_id: str) -> bool:
        return ruleset_id in self.library or self.store.ruleset_source(ruleset_id) is not None

    def add(self, raw: str) -> tuple[str, Ruleset | None]:
        """Load and store a ruleset: (its id, the ruleset), or (the id, None) when it is taken."""
        reserved = self._reserved_id(raw)
        claimed = _field(raw, "id")
        if claimed is not None and not reserved and self.exists(claimed):
            return claimed, None
        with self.lock:
            try:
                ruleset, doc, resolved = self.library.load(raw, file=UPLOAD)
            except RulesetError as exc:
                raise RulesetError(reserved + exc.problems) from None
        if reserved:
            raise RulesetError(reserved)
        if self.exists(ruleset.id) or not self.store.add_ruleset(ruleset.id, raw):
            return ruleset.id, None
        doc.file = f"{ruleset.id}.yaml"  # as `_fetch` names it: a later variant's problems may point here
        with self.lock:
            self.library.add((ruleset, doc, resolved))
        return ruleset.id, ruleset

    def validate(self, raw: str) -> list[Problem]:
        reserved = self._reserved_id(raw)
        with self.lock:
            return reserved + self.library.validate(raw, file=UPLOAD)

    def _reserved_id(self, raw: str) -> list[Problem]:
        """The problem with an id that is a word of the API's paths (`validate`), if it is one."""
        doc = _document(raw)
        ruleset_id = doc.data.get("id") if doc is not None and isinstance(doc.data, dict) else None
        if doc is None or not isinstance(ruleset_id, str) or ruleset_id not in self.reserved:
            return []
        line, column = doc.position(("id",))
        return [Problem("id", "reserved_id",
                        t('"{id}" is a word of the service\'s own paths (/v1/rulesets/{id}); choose another id',
                          id=ruleset_id), line, column, UPLOAD)]


def _document(source: str) -> yamlread.Document | None:
    """A ruleset source read safely, or None when it cannot be read (loading says why)."""
    try:
        return yamlread.read(source)
    except yamlread.YamlError:
        return None


def _field(source: str, name: str) -> str | None:
    """One top-level text field of a ruleset source, read safely, or None."""
    doc = _document(source)
    value = doc.data.get(name) if doc is not None and isinstance(doc.data, dict) else None
    return value if isinstance(value, str) else None


def _extends(source: str) -> str | None:
    return _field(source, "extends")

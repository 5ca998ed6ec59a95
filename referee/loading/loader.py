"""Rulesets read from files: `extends` resolved against a library of rulesets known by id.

`Library.load(text)` reports every problem at once, each with its JSON path, line and
column (for a variant, in the variant's own file) and a sentence an author can act on: the
YAML's (`yamlread`), the schema's (`schema_messages`) and the meaning's (`meaning`), each
placed in its file (`placing`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import islice
from pathlib import Path as FsPath
from typing import Any

from referee.loading import yamlread
from referee.loading.meaning import MEANING_CHECKS
from referee.loading.placing import locate, locate_as_written, with_file
from referee.loading.rulebuild import build
from referee.loading.schema_messages import schema_problems
from referee.loading.shipped import builtin_files
from referee.loading.yamlread import Document, Path, format_path
from referee.rules.ruleset import Ruleset
from referee.values.errors import Problem, RulesetError, UnknownRulesetError
from referee.values.i18n import did_you_mean, t, tn
from referee.values.merge import apply_variant, round_number

__all__ = ["MAX_ID", "Entry", "Library", "default_library", "extends_cycles", "order_for_loading",
           "unknown_ruleset"]

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
MAX_EXTENDS = 8  # the deepest chain of extends, bases counted from the file (ruleset-format.md)


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

    def remove(self, ruleset_id: str) -> None:
        """Forget a ruleset (one replaced or deleted where it is stored); no error if unknown."""
        self._entries.pop(ruleset_id, None)

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
            raise RulesetError([with_file(p, file) for p in exc.problems]) from None
        if not isinstance(doc.data, dict):
            raise RulesetError(with_file(Problem(
                "", "schema", t("a ruleset is a mapping of fields (format, id, name, family, ...)"), 1, 1), file))
        too_long = [locate(Problem(format_path(path), "schema", tn(
            "a list here holds at most {n} item; this one has {count}",
            "a list here holds at most {n} items; this one has {count}", MAX_LIST_ITEMS, count=count)),
            [doc], path) for path, count in _long_lists(doc.data)]
        if too_long:
            raise RulesetError([with_file(p, file) for p in too_long])  # its items are never judged
        mismatch = self._family_mismatch(doc)
        if mismatch is not None and self.as_written:
            raise RulesetError(mismatch)  # the base's fields would only be reported against it
        resolved, chain = self._resolve(doc)
        problems = ([mismatch] if mismatch else []) + list(islice(self._problems(resolved, chain, builtin), MAX_PROBLEMS))
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
        return locate(Problem(
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
            raise RulesetError(locate(Problem(
                "extends", "extends_cycle", t('"{base}" extends itself', base=base_id)), chain, ("extends",)))
        entry = self._entries.get(base_id)
        if entry is None:
            raise RulesetError(locate(Problem(
                "extends", "unknown_base",
                t('the base ruleset "{base}" does not exist', base=base_id) + did_you_mean(base_id, self._entries)),
                chain, ("extends",)))
        self._check_chain(data, entry.ruleset, chain)
        problems = []
        rounds_patch = data.get("rounds")
        base_rounds = entry.resolved.get("rounds") or []
        if isinstance(rounds_patch, dict):
            for key in rounds_patch:
                n = round_number(key)
                if n is None or n > len(base_rounds):
                    problems.append(locate(Problem(
                        format_path(("rounds", key)), "unknown_round",
                        t('"{key}" names no round of "{base}" (it has {count})', key=key, base=base_id,
                          count=len(base_rounds))),
                        chain, ("rounds", key), key=True))
        if problems:
            raise RulesetError(problems)
        merged = apply_variant(entry.resolved, data)
        merged["extends"] = base_id
        return merged, chain + [self._entries[base_id].source] + self._chain_sources(entry.ruleset)

    def _check_chain(self, data: dict[str, Any], base: Ruleset, chain: list[Document]) -> None:
        """Refuse an `extends` chain that comes back to a ruleset of it, or that is more than
        `MAX_EXTENDS` deep (the file itself, then each base): each names the chain."""
        own_id = data.get("id")
        names = [own_id if isinstance(own_id, str) else "?", base.id]
        probe: Ruleset | None = base
        while probe is not None and probe.extends is not None:
            if probe.extends in names or probe.extends == probe.id:
                raise RulesetError(locate(Problem("extends", "extends_cycle", t(
                    'extends forms a cycle through "{base}": {chain}', base=probe.extends,
                    chain=" → ".join([*names, probe.extends]))), chain, ("extends",)))
            names.append(probe.extends)
            nxt = self._entries.get(probe.extends)
            probe = nxt.ruleset if nxt else None
        if len(names) > MAX_EXTENDS + 1:
            raise RulesetError(locate(Problem("extends", "extends_too_deep", tn(
                "a chain of extends goes at most {n} deep; this one goes {count}: {chain}",
                "a chain of extends goes at most {n} deep; this one goes {count}: {chain}",
                MAX_EXTENDS, count=len(names) - 1, chain=" → ".join(names))), chain, ("extends",)))

    def _chain_sources(self, ruleset: Ruleset) -> list[Document]:
        out = []
        probe = ruleset
        while probe.extends is not None and probe.extends in self._entries:
            entry = self._entries[probe.extends]
            out.append(entry.source)
            probe = entry.ruleset
        return out

    def _problems(self, resolved: dict[str, Any], chain: list[Document], builtin: bool = False
                  ) -> Iterator[Problem]:
        """Every problem of a resolved ruleset: against the JSON Schema, then its meaning. A
        shipped ruleset skips the schema (the test run checks every shipped file against it,
        tests/test_hostile_input.py): it took most of a second at each start of every process."""
        reported: set[Path] = set()
        for path, key, code, message in () if builtin else schema_problems(resolved):
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
            return locate_as_written(problem, chain[0], path, key=key)
        return locate(problem, chain, path, key=key)


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
            found[doc.file] = locate(Problem(
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

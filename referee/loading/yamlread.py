"""Safe YAML reading that keeps the line and column of every node.

Hostile documents are refused before anything is built, cheapest test first: oversize
documents and bytes that are not UTF-8 (by length), floods of aliases and anchors (by a
textual count), then, on the parser's event stream and before any node is composed:
object-building tags, deep nesting, too many nodes, aliases that refer to their own
container, and aliases that would expand the document past `MAX_NODES` nodes or
`MAX_DEPTH` levels (billion laughs). Nothing is executed: only the safe scalar types are
constructed, and the composed tree is walked within a node and depth budget as well.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from referee.values.errors import Problem
from referee.values.i18n import t, tn

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_EVENTS = 10_000      # the largest shipped ruleset has 260
MAX_NODES = 20_000       # nodes once aliases are expanded
MAX_ALIASES = 200        # `*name` and `&name` tokens each; shipped rulesets use none

# libyaml when present: the pure-Python parser takes ~20 µs an event, libyaml ~1 µs, with
# the same events, nodes and marks.
_LOADER: Any = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader
# An alias or anchor token: `*name` / `&name` at the start of a token (a plain scalar cannot
# start with `*` or `&`). Inside quoted text it is counted too, so the count is an upper bound.
_TOKEN_START = r"(?<![^\s\[\]{},])"
_ALIAS_TOKEN = re.compile(_TOKEN_START + r"\*[^\s\[\]{},]+")
_ANCHOR_TOKEN = re.compile(_TOKEN_START + r"&[^\s\[\]{},]+")

_STD = "tag:yaml.org,2002:"
_SAFE_TAGS = {_STD + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}
Path = tuple[str | int, ...]


@dataclass
class Document:
    """Plain data read from one YAML text, with where each node was written."""

    data: object
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)
    file: str | None = None

    def nearest(self, path: Path) -> Path:
        """The longest start of `path` this document wrote (as a key or a value); () for none."""
        probe = tuple(path)
        while probe and probe not in self.values and probe not in self.keys:
            probe = probe[:-1]
        return probe

    def position(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the key (or value) written at `path`; for (), the start."""
        first, second = (self.keys, self.values) if key else (self.values, self.keys)
        return first.get(path) or second.get(path) or self.values.get((), (1, 1))


class YamlError(Exception):
    """The text is not a document we will read; carries the `Problem`s."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.located() for p in problems))


def format_path(path: Path) -> str:
    """`rounds[2].wilds.ranks[0]`; odd keys are quoted: `scoring.card_values["3-9"]`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.replace("_", "a").isalnum() and not part[:1].isdigit():
            out += f".{part}" if out else part
        else:
            out += f'["{part}"]'
    return out


def _refuse(message: str, mark: Any = None, code: str = "unsafe_yaml") -> YamlError:
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    return YamlError([Problem("", code, message, line, column)])


def decode(raw: bytes | str) -> str:
    """Text from bytes that must be UTF-8 (a leading byte-order mark is dropped)."""
    if isinstance(raw, str):
        text = raw
    else:
        if len(raw) > MAX_BYTES * 4:
            raise _refuse(tn("the document is {n} byte; the limit is {limit}", "the document is {n} bytes; the limit is {limit}",
                             len(raw), limit=MAX_BYTES))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            byte = f"0x{raw[exc.start]:02x}"
            raise _refuse(t("the file is not UTF-8 text (byte {byte} at offset {offset})", byte=byte,
                            offset=exc.start), code="not_utf8") from None
    text = text.removeprefix("\ufeff")
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise _refuse(tn("the document is over the limit of {n} byte", "the document is over the limit of {n} bytes", MAX_BYTES))
    return text


def _text_mark(text: str, offset: int) -> yaml.Mark:
    line = text.count("\n", 0, offset)
    return yaml.Mark("", offset, line, offset - (text.rfind("\n", 0, offset) + 1), None, 0)


def _count_tokens(text: str) -> None:
    """Refuse floods of aliases or anchors by counting them in the text, before parsing."""
    for pattern, anchors in ((_ALIAS_TOKEN, False), (_ANCHOR_TOKEN, True)):
        for count, match in enumerate(pattern.finditer(text), 1):
            if count > MAX_ALIASES:
                too_many = tn("the document has more than {n} anchor (&name)",
                              "the document has more than {n} anchors (&name)", MAX_ALIASES) if anchors else \
                    tn("the document has more than {n} alias (*name)",
                       "the document has more than {n} aliases (*name)", MAX_ALIASES)
                raise _refuse(too_many, _text_mark(text, match.start()))


@dataclass
class _Open:
    """A mapping or sequence the prescan is inside."""

    anchor: str | None
    first: int        # expanded nodes counted before it started
    height: int = 1   # levels it spans once aliases are expanded, itself included


def _prescan(text: str) -> None:
    """Walk the event stream once, before composing: tags, documents, depth, size, aliases.

    Aliases are measured as they would expand: `sizes` keeps, for each anchor, how many
    nodes and levels its node spans, so an alias bomb is refused after reading its few
    lines, never after building its expansion, and an alias inside its own anchor's node
    (`a: &a [*a]`, a cycle) is refused outright.
    """
    documents = 0
    expanded = 0
    sizes: dict[str, tuple[int, int]] = {}  # anchor → (nodes, height) once expanded
    stack: list[_Open] = []

    def grow(nodes: int, height: int, mark: Any) -> None:
        nonlocal expanded
        expanded += nodes
        if expanded > MAX_NODES:
            raise _refuse(_too_many_nodes(), mark)
        if len(stack) + height > MAX_DEPTH:
            raise _refuse(_too_deep(), mark)
        if stack:
            stack[-1].height = max(stack[-1].height, 1 + height)

    try:
        for count, event in enumerate(yaml.parse(text, Loader=_LOADER)):
            mark = event.start_mark
            if count > MAX_EVENTS:
                raise _refuse(tn("the document has more than {n} node", "the document has more than {n} nodes",
                                  MAX_EVENTS), mark)
            tag = getattr(event, "tag", None)
            if tag is not None and tag not in _SAFE_TAGS and tag != "!":
                raise _refuse(t("the tag {tag} is not allowed: rulesets hold plain data only", tag=tag), mark)
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _refuse(t("a ruleset is one YAML document; found a second"), mark)
            elif isinstance(event, yaml.AliasEvent):
                if any(o.anchor == event.anchor for o in stack):
                    raise _refuse(t("the alias *{anchor} is inside the node it names (a recursive alias)",
                                    anchor=event.anchor), mark)
                grow(*sizes.get(str(event.anchor), (1, 0)), mark)  # an unknown anchor: the composer says
            elif isinstance(event, yaml.ScalarEvent):
                grow(1, 0, mark)
                if event.anchor is not None:
                    sizes[event.anchor] = (1, 0)
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                grow(1, 1, mark)
                stack.append(_Open(event.anchor, expanded - 1))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                done = stack.pop()
                if stack:
                    stack[-1].height = max(stack[-1].height, 1 + done.height)
                if done.anchor is not None:
                    sizes[done.anchor] = (expanded - done.first, done.height)
    except yaml.MarkedYAMLError as exc:
        where = exc.problem_mark or exc.context_mark
        if "nesting depth" in str(exc.problem):  # libyaml's own limit (1000) met by its look-ahead
            raise _refuse(_too_deep(), where) from None
        message, where = _syntax_message(exc, text)
        raise _refuse(message, where, "yaml_syntax") from None
    except yaml.YAMLError as exc:
        raise _refuse(t("the YAML cannot be read: {reason}", reason=exc), None, "yaml_syntax") from None


def _too_deep() -> str:
    return tn("the document nests deeper than {n} level", "the document nests deeper than {n} levels", MAX_DEPTH)


def _too_many_nodes() -> str:
    return tn("the document expands to more than {n} node (aliases repeated too often)",
              "the document expands to more than {n} nodes (aliases repeated too often)", MAX_NODES)


def _syntax_message(exc: yaml.MarkedYAMLError, text: str) -> tuple[str, Any]:
    """A sentence for a YAML syntax error, and the mark it is about.

    The parser's own words (libyaml's or PyYAML's, which differ) name its state, not the
    mistake; the common mistakes are told apart by the problem and the context it was in.
    """
    problem, context = str(exc.problem or ""), str(exc.context or "")
    mark, opened = exc.problem_mark or exc.context_mark, exc.context_mark
    line_opened = opened.line + 1 if opened is not None else None
    if "',' or ']'" in problem:
        return (t("the list opened with [ on line {line} is not closed with ], or two of its items lack a comma",
                  line=line_opened) if line_opened else
                t("the list opened with [ is not closed with ], or two of its items lack a comma")), mark
    if "',' or '}'" in problem:
        return (t("the mapping opened with {open} on line {line} is not closed with {close}, or two of its "
                  "entries lack a comma", open="{", close="}", line=line_opened) if line_opened else
                t("the mapping opened with {open} is not closed with {close}, or two of its entries lack a comma",
                  open="{", close="}")), mark
    if "quoted scalar" in context and "end of stream" in problem:
        return t("this quoted text is never closed: end it with the same quote it starts with"), opened or mark
    if "escape character" in problem:
        return t("a backslash in double-quoted text starts an escape it does not know: "
                 "write \\\\ for a backslash, or use single quotes"), mark
    misplaced = _misindented_key(text, mark) if mark is not None and (
        "mapping values are not allowed" in problem or "expected key" in problem or "block end" in problem) else None
    if misplaced is not None and mark is not None:  # pointed at the key, not at its colon
        return misplaced[0], yaml.Mark(mark.name, mark.index, mark.line, misplaced[1], "", 0)
    if "mapping values are not allowed" in problem:
        return t("a colon and a space inside a value start a mapping here: put the value in quotes"), mark
    if "tab character" in problem:
        return t("a tab: YAML indents with spaces only"), mark
    if "cannot start any token" in problem and mark is not None:
        lines = text.splitlines()
        line = lines[mark.line] if mark.line < len(lines) else ""
        char = line[mark.column] if mark.column < len(line) else ""
        if char == "\t":
            return t("a tab: YAML indents with spaces only"), mark
        if not char:
            return t("a value cannot start with this character: put the value in quotes"), mark
        return t("a value cannot start with {char}: put the value in quotes", char=char), mark
    if "expected ':'" in problem:
        return (t("the key on line {line} has no colon after it", line=line_opened) if line_opened else
                t("the key has no colon after it")), opened or mark
    if "expected key" in problem or "block end" in problem or "'-' indicator" in problem:
        return t("this line does not line up with the ones before it: check its indentation, "
                 "and do not mix list items (-) with keys at one level"), mark
    return t("the YAML cannot be read here: {reason}", reason=problem or context), mark


# A line that starts a key (`  ranks: ["2"]`, or a list item's first key, `  - hand_size: 6`).
_KEY_LINE = re.compile(r"(?P<indent> *(?:- +)?)(?P<key>[^\s#:\-\[{][^:#]*?):"
                       r"(?:[ \t]+(?P<value>[^#\s][^\n]*)?)?[ \t]*(?:#.*)?$")


def _misindented_key(text: str, mark: Any) -> tuple[str, int] | None:
    """What is wrong, and the key's 0-based column, when the error is at a key whose indentation
    does not fit the keys above it; None where the error is elsewhere (a colon inside a value, a
    flow mapping, a list of plain values).

    A key indented under one that has its value on its line reads, to YAML, as more of that
    value (`name: X` then `  summary: ...`); one between two levels closes neither. Both are the
    key's indentation, not quoting."""
    lines = text.splitlines()
    found = _KEY_LINE.match(lines[mark.line]) if mark.line < len(lines) else None
    if found is None or "-" in found["indent"] or \
            mark.column not in (len(found["indent"]), len(found["indent"]) + len(found["key"])):
        return None
    column, key = len(found["indent"]), found["key"].strip()
    above: list[tuple[int, int, str, bool]] = []  # (line, column, key, value on its line) upwards
    for number in range(mark.line - 1, -1, -1):
        line = _KEY_LINE.match(lines[number])
        if line is not None:
            above.append((number + 1, len(line["indent"]), line["key"].strip(), line["value"] is not None))
            if not line["indent"]:
                break
        elif lines[number].strip() and not lines[number].lstrip().startswith("#"):
            break  # a plain list item or a flow collection: the keys above it are another matter
    if not above:
        return None
    number, before, name, has_value = above[0]
    if column > before and has_value:
        return t('"{key}" is indented more than "{above}" on line {line}, which has its value on that line: '
                 'line "{key}" up with "{above}" (column {column}) to make it the next key',
                 key=key, above=name, line=number, column=before + 1), column
    if column != before and column not in {c for _, c, _, _ in above} and (not above[-1][1] or len(above) > 1):
        return t('"{key}" starts in column {column}, in line with no key above it: "{above}" on line {line} '
                 'starts in column {above_column}; the keys of one mapping start in the same column',
                 key=key, column=column + 1, above=name, line=number, above_column=before + 1), column
    return None


class _Builder:
    """Turns a composed node tree into plain data, recording positions, within a budget."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.budget = MAX_NODES
        self.problems: list[Problem] = []
        self.scalars = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, path: Path) -> object:
        # The prescan has refused what these budgets catch; they stay so that no document,
        # however it got here, can recurse or expand without bound.
        self.budget -= 1
        if self.budget < 0:
            raise _refuse(_too_many_nodes(), node.start_mark)
        if len(path) > MAX_DEPTH:
            raise _refuse(_too_deep(), node.start_mark)
        self.doc.values.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> object:
        if node.tag in _SAFE_TAGS:
            try:
                return self.scalars.construct_object(node, deep=False)
            except (yaml.YAMLError, ValueError, OverflowError):
                return node.value
        return node.value  # implicit timestamps and the like stay as written

    def _mapping(self, node: yaml.MappingNode, path: Path) -> dict[str, object]:
        out: dict[str, object] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise _refuse(t("a mapping key must be plain text"), key_node.start_mark, "yaml_syntax")
            key = str(key_node.value)
            here = path + (key,)
            mark = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if key in out:
                first = self.doc.keys[here]
                self.problems.append(Problem(
                    format_path(here), "duplicate_key",
                    t('"{key}" appears twice in one mapping (first on line {line})', key=key, line=first[0]),
                    *mark))
                continue
            self.doc.keys[here] = mark
            out[key] = self.build(value_node, here)
        return out


def read(raw: bytes | str, file: str | None = None) -> Document:
    """Read one YAML (or JSON) document safely. Raises `YamlError` with located problems."""
    text = decode(raw)
    _count_tokens(text)
    _prescan(text)
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:  # the prescan catches syntax first; kept for safety
        raise _refuse(t("the YAML cannot be read: {reason}", reason=exc), None, "yaml_syntax") from None
    doc = Document(data=None, file=file)
    if node is None:
        raise _refuse(t("the document is empty"), None, "yaml_syntax")
    builder = _Builder(doc)
    doc.data = builder.build(node, ())
    if builder.problems:
        raise YamlError(builder.problems)
    return doc

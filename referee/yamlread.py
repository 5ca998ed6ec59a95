"""Safe YAML reading that keeps the line and column of every node.

Hostile documents are refused before anything is built: object-building tags, alias
bombs, deep nesting, oversize documents, bytes that are not UTF-8. Nothing is executed:
only the safe scalar types are constructed, and the tree is walked with a node budget so
that aliases cannot expand it past a few thousand nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from referee.errors import Problem

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_EVENTS = 50_000
MAX_NODES = 20_000

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
            raise _refuse(f"the document is {len(raw)} bytes; the limit is {MAX_BYTES}")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _refuse(
                f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
                code="not_utf8",
            ) from None
    text = text.removeprefix("\ufeff")
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise _refuse(f"the document is over the limit of {MAX_BYTES} bytes")
    return text


def _prescan(text: str) -> None:
    """Walk the event stream once: depth, size, tags and document count, before composing."""
    depth = 0
    documents = 0
    try:
        for count, event in enumerate(yaml.parse(text, Loader=yaml.SafeLoader)):
            if count > MAX_EVENTS:
                raise _refuse(f"the document has more than {MAX_EVENTS} nodes", event.start_mark)
            tag = getattr(event, "tag", None)
            if tag is not None and tag not in _SAFE_TAGS and tag != "!":
                raise _refuse(
                    f"the tag {tag} is not allowed: rulesets hold plain data only",
                    event.start_mark,
                )
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _refuse("a ruleset is one YAML document; found a second", event.start_mark)
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _refuse(f"the document nests deeper than {MAX_DEPTH} levels", event.start_mark)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise _refuse(f"the YAML cannot be read: {exc.problem or exc.context}", mark, "yaml_syntax") from None
    except yaml.YAMLError as exc:
        raise _refuse(f"the YAML cannot be read: {exc}", None, "yaml_syntax") from None


class _Builder:
    """Turns a composed node tree into plain data, recording positions, within a budget."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.budget = MAX_NODES
        self.problems: list[Problem] = []
        self.scalars = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, path: Path) -> object:
        self.budget -= 1
        if self.budget < 0:
            raise _refuse(
                f"the document expands to more than {MAX_NODES} nodes (aliases repeated too often)",
                node.start_mark,
            )
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
                raise _refuse("a mapping key must be plain text", key_node.start_mark, "yaml_syntax")
            key = str(key_node.value)
            here = path + (key,)
            mark = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if key in out:
                first = self.doc.keys[here]
                self.problems.append(Problem(
                    format_path(here), "duplicate_key",
                    f'"{key}" appears twice in one mapping (first on line {first[0]})', *mark))
                continue
            self.doc.keys[here] = mark
            out[key] = self.build(value_node, here)
        return out


def read(raw: bytes | str, file: str | None = None) -> Document:
    """Read one YAML (or JSON) document safely. Raises `YamlError` with located problems."""
    text = decode(raw)
    _prescan(text)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:  # the prescan catches syntax first; kept for safety
        raise _refuse(f"the YAML cannot be read: {exc}", None, "yaml_syntax") from None
    doc = Document(data=None, file=file)
    if node is None:
        raise _refuse("the document is empty", None, "yaml_syntax")
    builder = _Builder(doc)
    doc.data = builder.build(node, ())
    if builder.problems:
        raise YamlError(builder.problems)
    return doc

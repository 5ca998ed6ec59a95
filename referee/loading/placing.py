"""Problems placed in their files: the line and column of a path, in the file that wrote it.

A resolved ruleset's path may be written by the variant or by one of its bases; `locate` finds
the first file of the chain that writes it, `locate_as_written` keeps every problem in the
variant's own file, its paths as the variant wrote them.
"""

from __future__ import annotations

from referee.loading.yamlread import Document, Path, format_path
from referee.values.errors import Problem
from referee.values.i18n import t


def _variant_path(path: Path, doc: Document) -> Path:
    """A resolved path as the variant wrote it: `rounds[0]` may be `rounds."1"` there."""
    if len(path) >= 2 and path[0] == "rounds" and isinstance(path[1], int) \
            and isinstance(doc.data, dict) and isinstance(doc.data.get("rounds"), dict):
        return ("rounds", str(path[1] + 1)) + path[2:]
    return path


def locate(problem: Problem, chain: list[Document], path: Path, *, key: bool = False) -> Problem:
    """The problem placed in the first file of the chain that wrote this path."""
    for doc in chain:
        written = doc.nearest(_variant_path(path, doc))
        if written or doc is chain[-1]:
            line, column = doc.position(written, key=key)
            return Problem(problem.path, problem.code, problem.message, line, column, doc.file)
    return problem


def locate_as_written(problem: Problem, variant: Document, path: Path, *, key: bool = False) -> Problem:
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


def with_file(problem: Problem, file: str | None) -> Problem:
    return Problem(problem.path, problem.code, problem.message, problem.line, problem.column, file)


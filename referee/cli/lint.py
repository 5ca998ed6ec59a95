"""`referee lint`: each ruleset file's problems as FILE:LINE:COLUMN: path: message."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.cli.common import NO, UNUSABLE, YES
from referee.loading import yamlread
from referee.loading.loader import Library, default_library, extends_cycles, order_for_loading
from referee.loading.overrides import overridden_findings
from referee.loading.yamlread import Document
from referee.values.errors import Problem, RefereeError
from referee.values.i18n import t


def _lint(args: argparse.Namespace) -> int:
    """Lint each file as its author wrote it; YAML that cannot be read makes the exit 2."""
    paths = [Path(p) for p in args.files]
    refused = [(p, why) for p in paths if (why := unreadable(p)) is not None]
    for _path, why in refused:
        print(why, file=sys.stderr)
    if refused:
        return UNUSABLE
    documents: dict[Path, Document] = {}
    for path in paths:
        try:
            documents[path] = yamlread.read(path.read_bytes(), str(path))  # an OSError names the file
        except yamlread.YamlError as exc:
            for problem in exc.problems:
                print(f"{path}:{problem.line or 1}:{problem.column or 1}: {problem.message}", file=sys.stderr)
    cycles = extends_cycles(documents.values())
    library = default_library().copy(as_written=True)
    problems = 0
    for path in order_for_loading(documents):
        cycle = cycles.get(str(path))
        if cycle is not None:
            print(f"{path}:{cycle.line}:{cycle.column}: {cycle.path}: {cycle.message}")
            problems += 1
            continue
        found = _lint_one(library, path, path.read_bytes())
        if not found:
            print(t("{file}: no problems", file=path))
        problems += found
    return UNUSABLE if len(documents) < len(paths) else NO if problems else YES


def _lint_one(library: Library, path: Path, raw: bytes) -> int:
    """Print each problem of one file as FILE:LINE:COLUMN: path: message; the count found."""
    try:
        _ruleset, source, resolved = loaded = library.load(raw, file=str(path))
        library.add(loaded)
    except RefereeError as exc:
        problems = exc.problems
    else:  # it loads; what it sets in vain is still a finding for its author
        problems = overridden_findings(source, resolved)
    for problem in problems:
        print(problem_line(problem, path))
    return len(problems)


def problem_line(problem: Problem, path: Path) -> str:
    """One problem as lint prints it: FILE:LINE:COLUMN: path: message (FILE: `path` unless the
    problem names another)."""
    where = f"{problem.file or path}:{problem.line or 1}:{problem.column or 1}"
    return f"{where}: {problem.path or t('(document)')}: {problem.message}"


def unreadable(path: Path) -> str | None:
    """Why a file to lint cannot be read (it is missing, a directory, not ours to read), or None."""
    if path.is_dir():
        return t("{file}: cannot read the file: it is a directory", file=path)
    if not path.exists():
        return t("{file}: cannot read the file: there is no such file", file=path)
    if not path.is_file():
        return t("{file}: cannot read the file: it is not a regular file", file=path)
    try:
        path.open("rb").close()
    except PermissionError:
        return t("{file}: cannot read the file: permission denied", file=path)
    except OSError:
        return t("{file}: cannot read the file", file=path)
    return None

"""`referee serve`: the HTTP service, found through an entry point; the engine imports none of it.

A distribution that ships the service names its start in the `referee.serve` entry point group
(this one: `serve = "api.serve:main"`): a callable that takes the command's options as keywords
(`host`, `port`, `lan`, `database`, `workers`, and `certfile` and `keyfile` when
both are given) and returns the exit code. What goes wrong there
(a port in use, a database it cannot use) comes back as a `RefereeError`, printed as any other.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import cast

from referee.values.errors import Problem, RefereeError
from referee.values.i18n import t

SERVICE_GROUP = "referee.serve"


def _service() -> Callable[..., object] | None:
    """The installed service's start, or None when no distribution ships one (or it cannot load)."""
    for point in entry_points(group=SERVICE_GROUP, name="serve"):
        try:
            return cast("Callable[..., object]", point.load())
        except ModuleNotFoundError:  # named, but the service's modules are not installed
            return None
    return None


def _serve(args: argparse.Namespace) -> int:
    start = _service()
    if start is None:
        raise RefereeError(Problem("", "no_service", t(
            "the HTTP service is not installed: no installed package provides the {group} entry "
            "point (`pip install .` in the referee checkout installs it)", group=SERVICE_GROUP)))
    if (args.certfile is None) != (args.keyfile is None):
        given, missing = ("--certfile", "--keyfile") if args.certfile else ("--keyfile", "--certfile")
        raise RefereeError(Problem(missing, "tls_half", t(
            "{given} needs {missing}: HTTPS takes both the certificate and its key", given=given, missing=missing)))
    tls = {} if args.certfile is None else {"certfile": args.certfile, "keyfile": args.keyfile}
    return int(cast(int, start(host=args.host, port=args.port, lan=args.lan, database=args.database,
                               workers=args.workers, **tls)))

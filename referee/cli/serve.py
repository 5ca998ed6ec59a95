"""`referee serve`: the HTTP service."""

from __future__ import annotations

import argparse
import os

from referee.errors import Problem, RefereeError
from referee.i18n import t


def _serve(args: argparse.Namespace) -> int:
    from sqlalchemy.exc import SQLAlchemyError

    from api.serve import run

    host, told = args.host or "127.0.0.1", []
    if args.lan:
        from api import lan

        host = args.host or lan.LAN_HOST
        url = lan.public_url(args.port, args.host)
        os.environ["REFEREE_PUBLIC_URL"] = url  # the page's share links and QR code name it
        told = lan.phone_lines(url)
    try:
        return int(run(host=host, port=args.port, database=args.database, workers=args.workers,
                       also_say=told))
    except SQLAlchemyError as exc:
        reason = str(exc).splitlines()[0]
        raise RefereeError(Problem("--database", "database", t("cannot use the database: {reason}",
                                                                reason=reason))) from None


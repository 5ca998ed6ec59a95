"""`referee rulesets`: the shipped rulesets, one a line."""

from __future__ import annotations

import argparse

from referee.cli.common import YES
from referee.i18n import t
from referee.loader import default_library


def _rulesets(args: argparse.Namespace) -> int:
    for r in sorted(default_library().all(), key=lambda r: r.id):
        base = t(" (extends {base})", base=r.extends) if r.extends else ""
        print(f"{r.id:32} {r.family:7} {r.local_name}{base}")
    return YES

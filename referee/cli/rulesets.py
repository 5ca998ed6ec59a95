"""`referee rulesets`: the shipped rulesets, one a line."""

from __future__ import annotations

import argparse

from referee.cli.common import YES
from referee.loading.loader import default_library
from referee.values.i18n import t


def _rulesets(args: argparse.Namespace) -> int:
    for r in sorted(default_library().all(), key=lambda r: r.id):
        base = t(" (extends {base})", base=r.extends) if r.extends else ""
        print(f"{r.id:32} {r.family:7} {r.local_name}{base}")
    return YES

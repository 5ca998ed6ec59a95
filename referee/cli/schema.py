"""`referee schema`: the ruleset JSON Schema."""

from __future__ import annotations

import argparse
import json

from referee.cli.common import YES
from referee.loading.shipped import schema


def _schema(args: argparse.Namespace) -> int:
    """The schema the loader validates with, found where the loader finds it (installed or not)."""
    print(json.dumps(schema(), indent=2, ensure_ascii=False))
    return YES

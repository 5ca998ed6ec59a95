"""JSON Merge Patch (RFC 7396), with the `rounds` mapping patch of ruleset-format.md."""

from __future__ import annotations

import copy
from typing import Any


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7396: mappings merge key by key, `null` removes a key, anything else replaces."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = copy.deepcopy(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


def round_number(key: str) -> int | None:
    """The 1-based round a `rounds` patch key names, or None when it names none."""
    text = str(key).strip()
    return int(text) if text.isdigit() and int(text) >= 1 else None


# The keys that say what a ruleset is called and where it comes from, not how it is played.
WORDS_ONLY = frozenset({"format", "id", "extends", "name", "summary", "source", "notes"})

# Texts by language (`name: {en: ..., ru: ...}`) replace the base's whole: a variant's own name
# in English is not to be shown next to its base's name in the languages it leaves out.
WHOLE_TEXTS = ("name", "summary")


def apply_variant(base: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    """The base with the variant merged in; `rounds` may be a mapping of one-round patches.

    A `rounds` key naming no round of the base is left out here and reported by the loader.
    """
    patch = dict(variant)
    rounds_patch = patch.pop("rounds", None)
    merged: dict[str, Any] = merge_patch(base, patch)
    for key in WHOLE_TEXTS:
        if isinstance(variant.get(key), dict):
            merged[key] = merge_patch(None, variant[key])  # in the merged key's place, not merged with the base's
    if isinstance(rounds_patch, dict):
        rounds = copy.deepcopy(base.get("rounds") or [])
        for key, entry in rounds_patch.items():
            n = round_number(key)
            if n is not None and n <= len(rounds):
                rounds[n - 1] = merge_patch(rounds[n - 1], entry)
        merged["rounds"] = rounds
    elif rounds_patch is not None or "rounds" in variant:
        if rounds_patch is None:
            merged.pop("rounds", None)
        else:
            merged["rounds"] = copy.deepcopy(rounds_patch)
    if "summary" not in variant and _rules(merged) != _rules(base):
        # The base's sentence describes the base's rules: a variant that changes them and says
        # nothing of its own is described by its own rules (describe.summary).
        merged.pop("summary", None)
    return merged


def _rules(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key not in WORDS_ONLY}

"""The best turn on a table that may be rearranged (Rummikub), exactly, one job a module:
`shape` (the game's tiles and melds as the search reads them, from the ruleset and the deck),
`search` (the dynamic programme over tile numbers), `rebuild` (one legal table from its
choices), `best` (the answer, its bounds and its refusals)."""

from referee.tablesolve.best import MOST_IN_HAND, MOST_ON_TABLE, BestTurn, best_turn

__all__ = ["MOST_IN_HAND", "MOST_ON_TABLE", "BestTurn", "best_turn"]

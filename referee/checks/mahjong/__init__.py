"""Mahjong hands: the readings of a hand as its ruleset's shapes, and the conditions its patterns are written in."""

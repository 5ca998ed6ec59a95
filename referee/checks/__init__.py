"""Judging plays against a round's rules: one meld, a first meld, a lay-off, a turn, a placement."""

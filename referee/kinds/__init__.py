"""The meld kinds: each kind judges, grows and words its melds, reading its own options."""

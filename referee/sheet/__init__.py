"""The score sheet: a game's ledger of records, replayed into standings."""

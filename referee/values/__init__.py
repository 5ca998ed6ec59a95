"""Values every layer reads: cards and decks, errors, words, the search budget."""

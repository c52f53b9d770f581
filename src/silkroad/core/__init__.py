"""The shared core: knows no title. RNG, decks, dice, scoring, errors, the Game contract,
serialization and records."""

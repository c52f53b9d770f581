"""What a Dunhuang player holds: characters recruited, tiles drafted or painted, and the
packs of those characters and painted tiles."""

from __future__ import annotations

from silkroad import dunhuang
from silkroad.arena.match import play_game
from silkroad.dunhuang.state import Phase


def test_nothing_is_held_before_the_draft_and_five_tiles_after_it() -> None:
    state = dunhuang.new_game(dunhuang.Options(players=4), seed=3)
    assert dunhuang.holdings(state) == (frozenset(),) * 4
    while state.phase is Phase.DRAFT:
        state = dunhuang.apply(state, dunhuang.legal_moves(state)[0])
    for labels in dunhuang.holdings(state):
        tiles = {label for label in labels if label.startswith("tile:")}
        assert len(tiles) == 5
        # drafted tiles alone do not make a pack held
        assert not any(label.startswith("pack:") for label in labels)


def test_characters_and_painted_tiles_name_their_packs() -> None:
    played = play_game(dunhuang.GAME, dunhuang.Options(players=3), 8, ["greedy"] * 3)
    state = played.state
    for pl, labels in zip(state.players, dunhuang.GAME.holdings(state), strict=True):
        names = {f"character:{c}" for c in _character_names(state, pl.characters)}
        assert names <= labels
        packs = {label.removeprefix("pack:") for label in labels if label.startswith("pack:")}
        assert packs <= set(state.options.packs)
        assert packs >= {n.partition(":")[2] for n in _character_packs(state, pl.characters)}


def _character_names(state: dunhuang.State, characters: tuple[int | None, ...]) -> list[str]:
    from silkroad.dunhuang.table import table

    t = table(state.options)
    return [t.characters[c].name for c in characters if c is not None]


def _character_packs(state: dunhuang.State, characters: tuple[int | None, ...]) -> list[str]:
    from silkroad.dunhuang.table import table

    t = table(state.options)
    return [f"pack:{t.characters[c].pack}" for c in characters if c is not None]

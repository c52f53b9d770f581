"""Observations in the table's words (each title's ``observation_words``, the OpenSpiel
observation and information-state strings): every card and tile is named as the table
names it, never by a bare id; the names are the right cards; two observations give the
same words exactly when they are equal; and the fields are all there.

What a seat may not see is checked for these strings with every other seat-facing output
in ``test_seat_outputs.py``."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pyspiel
import pytest

import silkroad
import tinygame
from silkroad.adapters.openspiel import observation_text, options_parameter, short_name
from silkroad.core.game import observation_data, observation_words
from silkroad.core.position import CardNames
from silkroad.core.rng import Rng
from silkroad.core.serialize import to_data
from silkroad.dunhuang.table import table as dunhuang_table
from silkroad.kashgar.table import table as kashgar_table
from silkroad.serica.table import table as serica_table

#: (title, options changes, players)
CONFIGURATIONS = [
    ("kashgar", {}, 2),
    ("kashgar", {}, 3),
    ("kashgar", {"expansion": ("herder", "herder", "messenger", "messenger")}, 4),
    ("serica", {}, 2),
    ("serica", {"coop": True}, 2),
    ("dunhuang", {}, 1),
    ("dunhuang", {}, 3),
    ("dunhuang", {}, 4),
]

#: Per title, where its observations hold cards or tiles: paths into the words, ``*`` for
#: every item of a list (or every value of a mapping).
CARD_PATHS: dict[str, tuple[tuple[str, ...], ...]] = {
    "kashgar": (
        ("caravans", "*", "*", "*"),
        ("orders_won", "*", "*"),
        ("discard", "*"),
        ("display", "*"),
        ("reserve", "*"),
        ("box", "*"),
        ("known", "*", "card"),
        ("pending", "cards", "*"),
        ("stack", "*", "card"),
        ("suspended", "*", "*", "card"),
    ),
    "serica": (
        *(
            ("players", "*", key, "*")
            for key in ("draw_cards", "discard", "empire", "defeated", "top", "secret")
        ),
        ("players", "*", "fields", "*", "*"),
        ("crossroads", "*"),
        ("cross_discard", "*"),
        ("attacks", "*"),
        ("cross_known", "*"),
        ("turn", "used", "*"),
        ("turn", "readied", "*", 0),
        ("pending", "card"),
        ("pending", "cards", "*"),
    ),
    "dunhuang": (
        ("players", "*", "characters", "*"),
        ("players", "*", "hand", "*"),
        ("players", "*", "drafted", "*"),
        ("players", "*", "frescoes", "*", "tile"),
        ("row", "*"),
        ("discard", "*"),
        ("aside", "*"),
        ("draft", "*"),
        ("gone", "*"),
        ("stack_bottom", "*"),
        ("drawn", "*"),
        ("publics", "*"),
        ("public",),
        ("packs", "*", "*"),
        ("played", "*", "*"),
        ("frames", "*", "still"),
    ),
}

#: Per title, the fields that are sets of cards (their data lists them in an order of its
#: own; the words in id order).
SETS = {"kashgar": ("turned",)}


def observations(name: str, changes: dict[str, Any], players: int) -> Iterator[Any]:
    """Observations of every seat along two seeded random games."""
    game = silkroad.get_game(name)
    options = attrs.evolve(game.default_options(players), **changes)
    for seed in (1, 2):
        state = game.new_game(options, seed)
        rng = Rng.from_seed(seed)
        step = 0
        while not game.is_over(state) and step < 400:
            if step % 7 == 0:
                for p in range(game.num_players(state)):
                    yield game.observe(state, p)
            moves = game.legal_moves(state)
            i, rng = rng.randrange(len(moves))
            state = game.apply(state, moves[i])
            step += 1
        for p in range(game.num_players(state)):
            yield game.observe(state, p)


def card_resolver(name: str, options: Any) -> Callable[[str], int]:
    """The card id a name in the words stands for (KeyError for anything else)."""
    if name == "dunhuang":
        t = dunhuang_table(options)
        tiles = {f"t{i}": i for i in t.tiles}
        counts: dict[str, int] = {}
        for d in t.characters.values():
            counts[d.name.lower()] = counts.get(d.name.lower(), 0) + 1
        characters = {
            (d.name if counts[d.name.lower()] == 1 else f"c{c}"): c for c, d in t.characters.items()
        }
        return lambda word: tiles[word] if word in tiles else characters[word]
    if name == "kashgar":
        kt = kashgar_table(options)
        names = CardNames([d.key for d in kt.defs], kt.name)
    else:
        st = serica_table(options)
        names = CardNames([d.key for d in st.card], [d.name for d in st.card])
    index = {n: i for i, n in enumerate(names.name)}
    return index.__getitem__


def at(data: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, Any]]:
    """The values at ``path`` (``*``: every item), each with its raw-data twin path."""
    if not path:
        yield (), data
        return
    head, rest = path[0], path[1:]
    if data is None:
        return
    if head == "*":
        items = data.items() if isinstance(data, dict) else enumerate(data)
        for key, value in items:
            for where, found in at(value, rest):
                yield (key, *where), found
    elif (isinstance(data, dict) and head in data) or (
        isinstance(data, list) and isinstance(head, int) and head < len(data)
    ):
        for where, found in at(data[head], rest):
            yield (head, *where), found


def get(data: Any, where: tuple[Any, ...]) -> Any:
    for key in where:
        data = data[key]
    return data


@pytest.mark.parametrize(("name", "changes", "players"), CONFIGURATIONS)
def test_cards_and_tiles_are_named_as_the_table_names_them(
    name: str, changes: dict[str, Any], players: int
) -> None:
    game = silkroad.get_game(name)
    named = 0
    for obs in observations(name, changes, players):
        words = game.observation_words(obs)
        raw = observation_data(obs, game.options_type)
        assert list(words) == list(raw)  # every field but the options, in order
        assert "options" not in words
        resolve = card_resolver(name, obs.options)
        for path in CARD_PATHS[name]:
            for where, word in at(words, path):
                original = get(raw, where)
                if word is None:  # an empty place, or a card hidden from this seat
                    assert original is None or original == -1, (path, where, original)
                    continue
                assert isinstance(word, str), (path, where, word)
                assert resolve(word) == original, (path, where, word, original)
                named += 1
        for key in SETS.get(name, ()):  # a set: its cards in id order
            ids = [resolve(word) for word in words[key]]
            assert ids == sorted(raw[key])
    assert named > 100


@pytest.mark.parametrize(("name", "changes", "players"), CONFIGURATIONS)
def test_the_words_differ_exactly_where_the_observations_differ(
    name: str, changes: dict[str, Any], players: int
) -> None:
    game = silkroad.get_game(name)
    seen: dict[str, Any] = {}
    for obs in observations(name, changes, players):
        text = observation_text(game, obs)
        if text in seen:
            assert seen[text] == obs
        seen[text] = obs
    assert len(seen) > 20
    # and the other way: equal observations are equal texts (distinct objects)
    assert len(set(seen.values())) == len(seen)


def _numbers_where_cards_were(name: str, words: dict[str, Any]) -> list[Any]:
    return [
        word
        for path in (*CARD_PATHS[name], *((key, "*") for key in SETS.get(name, ())))
        for _, word in at(words, path)
        if isinstance(word, int) and not isinstance(word, bool)
    ]


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("silkroad_kashgar", {"players": 3}),
        ("silkroad_serica", {}),
        ("silkroad_serica", {"options": options_parameter(coop=True)}),
        ("silkroad_dunhuang", {"players": 1}),
        ("silkroad_dunhuang", {"players": 4}),
    ],
)
def test_openspiel_strings_name_cards(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, {**params, "seed": 7})
    title = silkroad.get_game(name.removeprefix("silkroad_"))
    state = game.new_initial_state()
    state.apply_action(7)
    rng = Rng.from_seed(7)
    checked = 0
    while not state.is_terminal() and checked < 40:
        for p in range(game.num_players()):
            text = state.observation_string(p)
            lines = dict(line.split(": ", 1) for line in text.splitlines())
            words = {k: json.loads(v) for k, v in lines.items()}
            assert words == json.loads(
                json.dumps(title.observation_words(title.observe(state.inner, p)))
            )
            assert not _numbers_where_cards_were(title.spec.name, words)
            assert state.information_state_string(p).endswith(text)
        checked += 1
        actions = state.legal_actions()
        i, rng = rng.randrange(len(actions))
        state.apply_action(actions[i])


def test_a_game_without_its_own_words_gives_its_fields() -> None:
    obs = tinygame.GAME.observe(tinygame.GAME.new_game(tinygame.GAME.default_options(3), 1), 0)
    words = observation_words(tinygame.GAME, obs)
    assert "options" not in words
    assert words == {k: v for k, v in to_data(obs, type(obs)).items() if k != "options"}
    assert short_name(tinygame.GAME) == "silkroad_tinydraw"

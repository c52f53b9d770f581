"""Saved states, data files, ids and observations that are refused with a clear error."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from pyrsistent import pmap

from silkroad.core.errors import (
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    RulesError,
    StateError,
)
from silkroad.core.explain import Verdict
from silkroad.core.serialize import dumps, loads
from silkroad.dunhuang import (
    GAME,
    Options,
    State,
    apply,
    decode_move,
    encode_move,
    legal_moves,
    new_game,
    observe,
    parse_move,
    validate,
)
from silkroad.dunhuang.moves import Keep
from silkroad.dunhuang.packs import wine
from silkroad.dunhuang.state import Choice, ChoiceKind, Frame, Phase

from .helpers import player, ready

DATA = Path(__file__).parents[2] / "src/silkroad/dunhuang/data"


def _tampered(state: State, change: Callable[[dict[str, Any]], None]) -> str:
    document = json.loads(dumps(state, GAME))
    change(document["data"])
    return json.dumps(document)


def _with(kind: ChoiceKind, packs: tuple[str, ...] = ("silk", "gold", "tea")) -> State:
    """A state of a seeded random game waiting for a decision of ``kind``."""
    for seed in range(40):
        s = new_game(Options(4, packs), seed)
        rng = random.Random(seed)
        while s.phase is not Phase.OVER:
            if s.choice is not None and s.choice.kind is kind:
                return s
            s = apply(s, rng.choice(legal_moves(s)))
    raise LookupError(kind)


# ------------------------------------------------------------------------- saved states


@pytest.mark.rule("DH-3.2")
def test_a_decision_for_a_player_who_is_not_in_the_game_is_refused() -> None:
    """A choice for player 7 once made legal_moves raise IndexError."""
    s = _with(ChoiceKind.DRAFT)
    text = _tampered(s, lambda d: d["choice"].__setitem__("player", 7))
    with pytest.raises(StateError, match="no player 7"):
        loads(text, State, GAME)


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize(
    "change",
    [
        lambda s: attrs.evolve(s, next_first=9),  # once IndexError at the cleanup
        lambda s: attrs.evolve(s, action=attrs.evolve(s.action, player=5)),
        lambda s: attrs.evolve(s, action=attrs.evolve(s.action, meeple=3)),
        lambda s: attrs.evolve(s, choice=Choice(ChoiceKind.PACK, 0, "teleport")),
        lambda s: attrs.evolve(s, choice=Choice(ChoiceKind.GAIN, 0, "nothing")),
        lambda s: attrs.evolve(s, choice=Choice(ChoiceKind.DRAFT, 0)),
        lambda s: attrs.evolve(s, choice=Choice(ChoiceKind.RECRUIT, 0, "paid", slot=5)),
        lambda s: attrs.evolve(s, frames=(Frame(0, ("teleport 3",)),)),
        lambda s: attrs.evolve(s, frames=(Frame(0, ("coin x",)),)),
        lambda s: attrs.evolve(s, frames=tuple(Frame(0, ("coin",)) for _ in range(99))),
        lambda s: attrs.evolve(s, frames=(Frame(0, ("coin",), slot=7),)),
        lambda s: attrs.evolve(s, frames=(Frame(0, ("coin",) * 9),)),
        lambda s: attrs.evolve(s, queue=(Choice(ChoiceKind.ABILITY, 0),)),
        lambda s: attrs.evolve(s, round=0),
        lambda s: attrs.evolve(s, phase=Phase.DRAFT),
    ],
)
def test_the_game_in_progress_is_checked(change: Callable[[State], State]) -> None:
    s = _with(ChoiceKind.RECRUIT)
    validate(s)
    with pytest.raises(StateError):
        validate(change(s))


@pytest.mark.rule("DH-3.2")
def test_effects_resolved_by_a_player_whose_turn_it_is_not_are_refused() -> None:
    """Every frame of effects a game pushes is the turn player's (so ``current_player``
    reads the same seat from the frame as from the turn): a saved state with another
    player's frame is refused, not played by the wrong seat."""
    s = _with(ChoiceKind.RECRUIT)
    own = attrs.evolve(s, choice=None, frames=(Frame(s.turn, ("coin",)),))
    validate(own)
    assert GAME.current_player(own) == s.turn
    other = (s.turn + 1) % len(s.players)
    with pytest.raises(StateError, match=f"effects of P{other} resolved during P{s.turn}'s turn"):
        validate(attrs.evolve(own, frames=(Frame(other, ("coin",)),)))


@pytest.mark.rule("DH-1")
@pytest.mark.parametrize(
    "change",
    [
        {"vp": -1},
        {"coins": -3},
        {"pigment": 10**6},
        {"counters": {"painted:silk": -2}},
        {"tokens": {"silk-material": 10**6}},
        {"tokens": {"nope-material": 1}},
        {"left": -1, "income": 4},
    ],
)
def test_negative_and_absurd_counts_are_refused(change: dict[str, Any]) -> None:
    s = ready()
    validate(s)
    with pytest.raises(StateError):
        validate(player(s, 0, **change))


def test_maps_of_another_type_are_refused() -> None:
    """The rules call ``set`` and ``delete`` on the state's maps: a plain dict (or a
    pyrsistent map) where an ``immutables.Map`` belongs is refused, not met mid-move."""
    s = ready()
    validate(s)
    pl = s.players[0]
    for bad in (
        attrs.evolve(s, spots=dict(s.spots)),
        attrs.evolve(s, achievements={}),
        attrs.evolve(s, players=(attrs.evolve(pl, tokens=pmap(pl.tokens)), *s.players[1:])),
        attrs.evolve(s, players=(attrs.evolve(pl, counters={}), *s.players[1:])),
    ):
        with pytest.raises(StateError, match=r"not an immutables\.Map \((dict|PMap)\)"):
            validate(bad)


@pytest.mark.rule("DH-4")
def test_a_statistic_the_game_does_not_keep_is_refused() -> None:
    """'0painted:gold' once loaded and made the observation tensor raise ValueError."""
    s = ready()
    validate(player(s, 0, counters={"painted:gold": 2, "completed": 1}))
    with pytest.raises(StateError, match="statistic '0painted:gold' this game does not keep"):
        validate(player(s, 0, counters={"0painted:gold": 2}))
    with pytest.raises(StateError, match="does not keep"):
        validate(player(s, 0, counters={"painted:wine": 1}))  # wine is not in this game


@pytest.mark.rule("DH-3.1.2")
def test_a_million_wine_vats_are_refused_and_many_brew_at_once() -> None:
    """Vats brew in one step however many there are (once a loop per vat), and a state
    holding a million of them is refused."""
    s = ready(packs=("wine", "gold", "tea"))
    with pytest.raises(StateError, match="wine-vat"):
        validate(player(s, 0, tokens={**s.players[0].tokens, "wine-vat": 10**6}))
    p0 = player(s, 0, tokens={"wine-vat": 900})
    brewed = wine.brew(p0, 0, 900)
    assert brewed.players[0].tokens[wine.CUBE] == 900
    assert brewed.players[0].counters[wine.BREWED] == 900


@pytest.mark.rule("DH-1")
@pytest.mark.parametrize("field", ["coins", "vp", "frescoes"])
def test_a_field_missing_from_a_saved_player_is_a_data_error(field: str) -> None:
    """A missing ``coins`` once became 0 without a word."""
    text = _tampered(ready(), lambda d: d["players"][1].pop(field))
    with pytest.raises(DataError, match=re.escape(f"$.players[1].{field}: required field")):
        loads(text, State, GAME)


# --------------------------------------------------------------------------- data files


def _pack_file(tmp_path: Path, name: str, edit: Callable[[str], str]) -> Path:
    text = (DATA / f"{name}.toml").read_text()
    changed = edit(text)
    assert changed != text
    path = tmp_path / f"{name}.toml"
    path.write_text(changed)
    return path


def _no_routes(text: str) -> str:
    return re.sub(r"\[\[routes\]\][\s\S]*?(?=\n\[\[(?!routes)|\Z)", "", text)


@pytest.mark.rule("DH-2.1.2")
@pytest.mark.parametrize(
    ("name", "edit", "words"),
    [
        ("sutra", lambda x: x.replace("deposit_vp = 2", "deposit_vp = 1.5"), "deposit_vp"),
        ("wine", lambda x: x.replace("vintage = 3", "vintage = 0"), "vintage"),
        ("iron", lambda x: x.replace("toolset = 2", 'toolset = "two"'), "toolset"),
        ("tea", _no_routes, "routes"),
        ("tea", lambda x: x.replace('"field"', '"teleport"', 1), "teleport"),
        ("tea", lambda x: x.replace('"vp 2"', '"vp"', 1), "gives its number"),
        ("tea", lambda x: x.replace('"material tea"', '"product nope"', 1), "not a Starting Pack"),
        ("tea", lambda x: x.replace('"vp 2"', '"coin 5000"', 1), "1 to 99"),
        ("tea", lambda x: x.replace('"continue"', '"continue 4"', 1), "takes no number"),
        ("gold", lambda x: x.replace("grain = 2", "grain = 1000000000", 1), "grain"),
        ("tea", lambda x: x.replace('trade_cost = "tea-product"', 'trade_cost = "x"'), "trade"),
        (
            "silk",
            lambda x: x.replace("[pack]", "[pack]\nodds = 3\nodds_note = 'reconstructed: x'"),
            "no setting 'odds'",
        ),
    ],
)
def test_a_data_file_is_checked_completely_when_it_is_loaded(
    name: str, edit: Callable[[str], str], words: str, tmp_path: Path
) -> None:
    """Each of these was accepted and failed later (at final scoring, a stalled game...)."""
    path = _pack_file(tmp_path, name, edit)
    packs = (name, *(p for p in ("gold", "tea", "silk") if p != name))[:3]
    with pytest.raises(DataError, match=re.escape(words)) as info:
        Options(4, packs).with_pack_file(path)
    assert info.value.source == str(path)


@pytest.mark.rule("DH-2.1.2")
def test_a_pack_file_is_checked_with_the_packs_it_plays_with_when_loaded(
    tmp_path: Path,
) -> None:
    """A Bronze file cut before its fresco tiles loaded, and the game then failed at
    setup for want of tiles."""
    text = (DATA / "bronze.toml").read_text()
    path = tmp_path / "bronze.toml"
    path.write_text(text[: text.index("[[frescoes]]")])
    with pytest.raises(DataError, match=r"need 21 fresco tiles.*\(with silk, gold\)") as info:
        Options(4, ("bronze", "silk", "gold")).with_pack_file(path)
    assert info.value.source == str(path)
    # a pack the options do not play is checked by itself only
    assert Options(4, ("silk", "gold", "tea")).with_pack_file(path).data


@pytest.mark.rule("DH-2.1.2")
def test_pack_data_in_json_options_is_checked_like_a_file(tmp_path: Path) -> None:
    path = _pack_file(tmp_path, "sutra", lambda x: x.replace("deposit_vp = 2", "deposit_vp = 1.5"))
    plain = {"players": 4, "packs": ["sutra", "gold", "tea"], "data": [["sutra", path.read_text()]]}
    from silkroad.core.serialize import from_data

    with pytest.raises(DataError, match="deposit_vp"):
        from_data(plain, Options)


# ----------------------------------------------------------------- moves, ids, players


@pytest.mark.rule("DH-3.2")
def test_action_ids_are_ints_and_illegal_moves_have_none() -> None:
    s = ready()
    legal = legal_moves(s)
    first = encode_move(s, legal[0])
    assert decode_move(s, first) == legal[0]
    for bad in (True, float(first), [first], "0", None, 10**5000):
        with pytest.raises(InvalidMoveError):
            decode_move(s, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        encode_move(s, Keep(10**5000))


@pytest.mark.rule("DH-3.2")
def test_huge_numbers_and_trailing_text_in_notation_are_invalid() -> None:
    s = ready()
    for text in ("keep t" + "9" * 5000, "m1 b" + "1" * 5000, "pass\n", "e1 ", "choose " + "7" * 40):
        with pytest.raises(InvalidMoveError) as info:
            parse_move(s, text)
        assert len(str(info.value)) < 200
    with pytest.raises(IllegalMoveError) as illegal:
        apply(s, Keep(10**5000))
    # the reason leads (a tile of no pack), the huge number shortened, never written out
    message = str(illegal.value)
    assert message.startswith("there is no fresco tile t<an integer of 16610 bits> in this game")
    assert "<a Keep> refused" in message
    assert illegal.value.reason is not None
    assert illegal.value.reason.verdict is Verdict.UNKNOWN
    assert len(message) < 600


@pytest.mark.rule("DH-2.3")
def test_a_player_who_is_not_in_the_game_has_no_observation() -> None:
    s = ready(players=3)
    for p in (9, 3, -1, True):
        with pytest.raises(RulesError, match="no player"):
            observe(s, p)  # type: ignore[arg-type]
    assert observe(s, 2).viewer == 2


@pytest.mark.rule("DH-2.1.2")
def test_four_players_need_one_tile_beyond_five_each() -> None:
    # [DH-2.1.2] five tiles a player and the public tile: 21 with four players, so a
    # Bronze file with one tile fewer (20 in all with Silk and Gold) is refused at setup
    text = (DATA / "bronze.toml").read_text()
    start = text.rindex("[[frescoes]]")
    end = text.find("\n[[", start + 1)
    cut = text[:start] + ("" if end == -1 else text[end + 1 :])
    assert cut.count("[[frescoes]]") == text.count("[[frescoes]]") - 1
    from silkroad.dunhuang.table import table

    packs = ("bronze", "silk", "gold")
    with pytest.raises(DataError, match="4 players need 21 fresco tiles, the packs have 20"):
        table(Options(4, packs, data=(("bronze", cut),)))
    assert len(table(Options(3, packs, data=(("bronze", cut),))).tile_ids) >= 15


def _through_the_draft(players: int, seed: int) -> list[State]:
    """Every state of a game's fresco draft, the rules playing the first tile each time."""
    state = new_game(Options(players), seed)
    out = []
    while state.phase is Phase.DRAFT:
        out.append(state)
        state = apply(state, legal_moves(state)[0])
    return out


@pytest.mark.rule("DH-2.3.5")
@pytest.mark.parametrize("players", [3, 4])
def test_a_draft_decision_of_another_player_is_refused(players: int) -> None:
    """[DH-2.3.5] The draft goes round from the first player, so who keeps a tile next
    follows from the first player and the hands: a save naming any other player (it
    passed and, a few keeps later, asked a player with no tile: no legal move) is
    refused; every state of the draft the rules reach is accepted."""
    states = _through_the_draft(players, 5)
    assert len(states) == 4 * players  # the last tile of each hand is kept without asking
    for state in states:
        validate(state)
        assert state.choice is not None
        for other in range(players):
            if other == state.choice.player:
                continue
            edited = attrs.evolve(state, choice=Choice(ChoiceKind.DRAFT, other))
            with pytest.raises(StateError, match="the pending draft decision: P"):
                validate(edited)
            with pytest.raises(StateError, match="draft"):
                loads(dumps(edited, GAME), State, GAME)


@pytest.mark.rule("DH-2.3.5")
def test_a_draft_position_with_another_first_player_is_refused() -> None:
    """[DH-2.3.5] A draft position whose ``first`` is edited (the player to keep and the
    hands unchanged) is refused, naming the first player and the hand that does not fit;
    the position as written reads."""
    state = new_game(Options(4), 1)
    text = GAME.to_position(state)
    assert GAME.from_position(text) == state
    for first in range(4):
        if first == state.first:
            continue
        edited = text.replace(f"first = {state.first}\n", f"first = {first}\n")
        with pytest.raises(StateError, match=f"after the first player P{first}, so P"):
            GAME.from_position(edited)


@pytest.mark.rule("DH-2.3.6")
@pytest.mark.parametrize("players", [3, 4])
def test_a_first_placement_of_another_player_or_first_player_is_refused(players: int) -> None:
    """[DH-2.3.6] The first tiles are placed in seat order from the first player: every
    placement the rules reach is accepted; one naming another player, or a position whose
    ``first`` is edited mid-placement (the soak's find: accepted, and the next placement
    then asked a player who had placed already), is refused."""
    state = new_game(Options(players), 7)
    while state.phase is not Phase.PLACE:
        state = apply(state, legal_moves(state)[0])
    placements = 0
    while state.phase is Phase.PLACE:
        validate(state)
        assert state.choice is not None
        for other in range(players):
            if other != state.choice.player:
                edited = attrs.evolve(state, choice=Choice(ChoiceKind.PLACE, other))
                with pytest.raises(StateError, match="the pending place decision: "):
                    validate(edited)
        if placements:
            text = GAME.to_position(state)
            for first in range(players):
                if first != state.first:
                    moved = text.replace(f"first = {state.first}\n", f"first = {first}\n")
                    with pytest.raises(StateError, match=f"first player P{first}, but P"):
                        GAME.from_position(moved)
        state = apply(state, legal_moves(state)[0])
        placements += 1
    assert placements == players


@pytest.mark.rule("DH-3.1", "DH-3.3")
@pytest.mark.parametrize("phase", [Phase.START, Phase.CLEANUP])
def test_a_starting_or_cleanup_phase_without_a_decision_is_refused(phase: Phase) -> None:
    """[DH-3.1] [DH-3.3] The rules go through the starting and cleanup phases on their
    own between the decisions they ask for. A position of one with its pending decision
    left out was accepted and offered a meeple placement, which started an action outside
    the action phase (found by the soak); it is refused."""
    state = new_game(Options(4), 20)
    chooser = random.Random(20)
    while not (state.phase is phase and state.round > 1):
        state = apply(state, chooser.choice(legal_moves(state)))
    assert state.choice is not None
    validate(state)
    with pytest.raises(StateError, match=f"the {phase.value} phase waits for a decision"):
        validate(attrs.evolve(state, choice=None))
    text = GAME.to_position(state)
    assert GAME.from_position(text) == state
    pending = next(line for line in text.splitlines() if line.startswith("pending = "))
    with pytest.raises(StateError, match="waits for a decision"):
        GAME.from_position(text.replace(pending + "\n", ""))

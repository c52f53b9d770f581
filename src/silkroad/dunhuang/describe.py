"""Tiles, characters, spots, moves and events of Dunhuang in words.

Every text is generated from the data: the [DH-3.E] effect notation of the tiles,
characters and spots, the token names of the packs in play, and for a pack's own
effects the words its module gives (``Pack.words``), so a user's own pack file reads as
well as the built-in ones. :func:`describe_move` says what a move does (a drafted tile
or a first tile placed face down is hidden from the other players), and
:func:`describe_events` what followed it without a decision, computed from the
observations of the viewer, so it never tells more than they may see.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from silkroad.core.serialize import to_data
from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.check import held_tile
from silkroad.dunhuang.engine import token_name
from silkroad.dunhuang.moves import (
    Ability,
    Bottom,
    Choose,
    Continue,
    Done,
    Keep,
    Move,
    Paint,
    Pass,
    Place,
    Recruit,
    Resolve,
    Take,
    Upgrade,
    UseDie,
    spot_label,
)
from silkroad.dunhuang.observe import Observation, observe
from silkroad.dunhuang.rules import apply, current_player, spot_effects
from silkroad.dunhuang.state import Choice, ChoiceKind, Options, Phase, Player, State
from silkroad.dunhuang.table import Table, table
from silkroad.dunhuang.vocabulary import effect_text, item_text, many, plural

__all__ = [
    "achievement_text",
    "card_texts",
    "character_text",
    "describe_events",
    "describe_move",
    "effect_text",
    "effects_text",
    "item_text",
    "need_text",
    "observation_words",
    "tile_text",
    "token_name",
]

#: Statistic prefixes of requirements, in words (``recruited:silk``).
_STATS = {
    "recruited": "{pack} characters recruited",
    "painted": "{pack} fresco tiles painted",
    "left": "{pack} characters that left play",
    "routes": "different {pack} trade routes used",
    "trades": "{pack} trades",
    "mimics": "Mimics",
    "deposit": "coins deposited",
    "encores": "Encores",
    "gambles": "Jade Gambles",
    "brewed": "Brewings",
}


def _pack_title(t: Table, name: str) -> str:
    for p in t.packs:
        if p.name == name:
            return p.title
    return name.replace("-", " ").title()


def need_text(t: Table, need: Iterable[tuple[str, int]]) -> str:
    """[DH-5] A requirement: ``2 Clothes Tiles``, ``2 Silk characters recruited``."""
    parts = []
    for key, n in need:
        stat, _, pack = key.partition(":")
        if pack and stat in _STATS:
            parts.append(f"{n} {_STATS[stat].format(pack=_pack_title(t, pack))}")
        elif "+" in key:
            names = " or ".join(token_name(t, k) for k in key.split("+"))
            parts.append(f"{n} of {names}")
        else:
            parts.append(many(token_name(t, key), n))
    return " and ".join(parts)


def effects_text(t: Table, effects: Sequence[Effect | str]) -> str:
    """Several effects: ``gain 1 coin; gain 1 pigment`` (``no effect`` if none)."""
    return "; ".join(effect_text(t, e) for e in effects) or "no effect"


def tile_text(t: Table, tile: int) -> str:
    """A fresco tile in full: pack, starting die, its action."""
    d = t.tiles[tile]
    notes = [f"{_pack_title(t, d.pack)} fresco", f"die {engine.die_value(t, tile)}"]
    if d.no_start:
        notes.append("not a first tile")
    if d.four_player_only:
        notes.append("4 players only")
    return f"t{tile} ({', '.join(notes)}): {effects_text(t, d.effects)}"


def character_text(t: Table, card: int) -> str:
    """A character card in full: pack, recruiting cost and grain, ability, leaving."""
    c = t.characters[card]
    cost = "no coin cost" if c.cost is None else plural(c.cost, "coin")
    text = (
        f"c{card} {c.name} ({_pack_title(t, c.pack)}; {cost}, {c.grain} grain): "
        f"ability (pay 1 grain): {effects_text(t, c.ability)}"
    )
    if c.leaving:
        text += f"; when it leaves: {effects_text(t, c.leaving)}"
    return text


def achievement_text(t: Table, key: str) -> str:
    """An achievement spot (or a solitaire quest) in full."""
    for a in t.achievements:
        if a.key == key:
            return f"{key}: {a.vp} VP for {need_text(t, a.need)}"
    for q in t.quests:
        if q.key == key:
            stage = ("first set", "second set", "final quest")[q.stage - 1]
            reward = effects_text(t, q.reward) if q.reward else ""
            if q.per is not None:
                per = need_text(t, [(q.per, 1)]).removeprefix("1 ")
                reward = ", ".join(x for x in (reward, f"{q.vp_each} VP per {per}") if x)
            return f"{key} ({stage}): {q.text} Reward: {reward or 'none'}"
    return key


# --------------------------------------------------------------------------- moves


def _hidden(state: State, move: Move, viewer: int | None) -> bool:
    """[DH-2.3] Another player's drafted tile, or their first tile placed face down."""
    mover = current_player(state)
    if viewer is None or mover is None or mover == viewer:
        return False
    return isinstance(move, Keep) or (isinstance(move, Paint) and state.phase is Phase.PLACE)


def describe_move(state: State, move: Move, viewer: int | None = None) -> str:
    """What ``move`` does in ``state``, in words, as ``viewer`` may know it (None:
    everything): the effects of the spot a meeple goes to, the effect resolved, the
    character recruited with its cost and ability, the tile painted."""
    t = table(state.options)
    c = state.choice
    p = current_player(state)
    if _hidden(state, move, viewer):
        return "keeps a tile" if isinstance(move, Keep) else "places a first tile face down"
    match move:
        case Keep(tile):
            return f"keeps {tile_text(t, tile)}"
        case Paint(tile):
            if c is not None and c.kind is ChoiceKind.PLACE:
                if t.solo:
                    return f"makes {tile_text(t, tile)} the first fresco"
                return f"places face down, as the first fresco: {tile_text(t, tile)}"
            if c is not None and c.kind is ChoiceKind.PUBLIC:
                return f"makes {tile_text(t, tile)} a public fresco"
            return f"paints {tile_text(t, tile)}"
        case Place(meeple, spot):
            return _place(t, state, meeple, spot)
        case Pass():
            if c is not None and c.kind is ChoiceKind.PLACE:
                return "places no first tile (none can be)"
            return "cannot place a meeple: the turn passes"
        case Resolve(index):
            if state.frames and index < len(state.frames[-1].effects):
                return effect_text(t, state.frames[-1].effects[index])
        case Done():
            return "skips the remaining effects"
        case Ability(use):
            a = state.action
            card = None
            if a is not None and a.meeple is not None and p is not None:
                card = state.players[p].characters[a.meeple]
            if card is None:
                return "uses the ability" if use else "does not use the ability"
            ch = t.characters[card]
            if not use:
                return f"does not use {ch.name}'s ability"
            return f"uses {ch.name}'s ability, paying 1 grain: {effects_text(t, ch.ability)}"
        case Upgrade(token):
            target = t.tokens[token].upgrade if token in t.tokens else None
            into = f" into 1 {token_name(t, target)}" if target else ""
            return f"upgrades 1 {token_name(t, token)}{into}"
        case Take(item):
            if c is not None and c.kind is ChoiceKind.GAIN and c.arg not in ("left", "paint-left"):
                return f"takes 1 {token_name(t, item)}"
            return f"takes: {effect_text(t, item)}"
        case Recruit(card, slot):
            if card not in t.characters:
                return str(move)
            where = f"to character spot {slot + 1}"
            if p is not None and state.players[p].characters[slot] is not None:
                old = state.players[p].characters[slot]
                assert old is not None
                where += f", replacing {t.characters[old].name}"
            return f"recruits {where}: {character_text(t, card)}"
        case UseDie(side):
            reward = "a Material of a pack in play"
            if side == "left":
                reward = " or ".join(effect_text(t, e) for e in t.board.reward_left)
            return f"uses the die on the {side} reward spot ({reward})"
        case Continue(slot):
            if p is not None:
                own = state.players[p].frescoes[slot]
                after = f"{own.die - 1}" if own.die else "?"
                return f"advances fresco {slot + 1} (t{own.tile}, die {own.die} -> {after})"
        case Choose(option):
            if c is not None and c.arg in t.pack_choices:
                label = t.pack_choices[c.arg].label
                if label is not None:
                    return label(t, state, c, option, lambda e: effect_text(t, e))
        case Bottom(tile):
            return f"puts {tile_text(t, tile)} at the bottom of the stack"
    return str(move)


def _place(t: Table, s: State, meeple: int, spot: int) -> str:
    d = t.spots[spot]
    text = f"meeple {meeple + 1} to {spot_label(spot)}: {effects_text(t, spot_effects(t, s, spot))}"
    if d.kind == "fresco":
        owner = s.players[d.owner]
        die = owner.frescoes[d.slot].die
        mover = current_player(s)
        if d.owner != mover and die is not None:
            text += f" (P{d.owner}'s fresco: its die {die} -> {die - 1})"
    return text


# --------------------------------------------------------------------------- events


def _player_changes(t: Table, p: int, a: Player, b: Player) -> list[str]:
    out = []
    for label, x, y in (("VP", a.vp, b.vp), ("coins", a.coins, b.coins)):
        if x != y:
            out.append(f"{label} {x} -> {y}")
    if a.pigment != b.pigment:
        out.append(f"pigment {a.pigment} -> {b.pigment}")
    # in a fixed order (a Map's own order follows the hash seed): the table's tokens, then
    # any other key by name
    order = {k: i for i, k in enumerate(t.tokens)}
    keys = sorted({*a.tokens, *b.tokens}, key=lambda k: (order.get(k, len(order)), k))
    for key in keys:
        x, y = a.tokens.get(key, 0), b.tokens.get(key, 0)
        if x != y:
            out.append(f"{token_name(t, key)} {x} -> {y}")
    lines = [f"P{p}: " + ", ".join(out)] if out else []
    for slot in range(3):
        old, new = a.characters[slot], b.characters[slot]
        if old != new and old is not None:
            lines.append(f"P{p}'s {t.characters[old].name} leaves play")
        if old != new and new is not None:
            lines.append(f"P{p} has {t.characters[new].name} on character spot {slot + 1}")
        elif old == new and new is not None and a.grain[slot] != b.grain[slot]:
            lines.append(
                f"P{p}'s {t.characters[new].name}: grain {a.grain[slot]} -> {b.grain[slot]}"
            )
    for slot in range(3):
        fa, fb = a.frescoes[slot], b.frescoes[slot]
        if fa == fb:
            continue
        if fb.tile is None:
            lines.append(f"P{p}'s finished fresco t{fa.tile} leaves play")
        elif fa.tile != fb.tile:
            die = "complete" if fb.die is None else f"die {fb.die}"
            lines.append(f"P{p}'s fresco spot {slot + 1}: t{fb.tile} ({die})")
        elif fb.die is None:
            lines.append(f"P{p}'s fresco t{fb.tile} is complete")
        elif fa.die is None:
            lines.append(f"P{p}'s fresco t{fb.tile}: die {fb.die}")
        else:
            lines.append(f"P{p}'s fresco t{fb.tile}: die {fa.die} -> {fb.die}")
    if (a.income, a.left, a.right) != (b.income, b.left, b.right):
        lines.append(
            f"P{p}'s dice: income {a.income} -> {b.income}, reward spots "
            f"{a.left}/{a.right} -> {b.left}/{b.right}"
        )
    return lines


def _observed_events(t: Table, a: Observation, b: Observation) -> list[str]:
    lines: list[str] = []
    if a.phase is not b.phase and b.phase is not Phase.OVER:
        lines.append(f"round {b.round}: {b.phase.value} phase")
    elif a.round != b.round and b.phase is not Phase.OVER:
        lines.append(f"round {b.round} begins")
    if b.revealed and not a.revealed:
        tiles = [f"P{p} t{pl.frescoes[2].tile}" for p, pl in enumerate(b.players)]
        lines.append("the first frescoes are turned face up: " + ", ".join(tiles))
    for p, (x, y) in enumerate(zip(a.players, b.players, strict=True)):
        lines += _player_changes(t, p, x, y)
        if p != b.viewer and a.hand_sizes[p] != b.hand_sizes[p]:
            lines.append(f"P{p} holds {b.hand_sizes[p]} tile{'s' * (b.hand_sizes[p] != 1)}")
    if b.draft and a.draft and set(b.draft) - set(a.draft):
        lines.append("the packs pass on: you now draft from " + ", ".join(f"t{x}" for x in b.draft))
    if a.row != b.row:
        new = [c for c in b.row if c is not None and c not in a.row]
        if new:
            names = ", ".join(f"{t.characters[c].name} (c{c})" for c in new)
            lines.append(f"the recruiting row gets {names}")
    for key, who in sorted(b.achievements.items()):
        if key not in a.achievements:
            lines.append(f"P{who} completes {achievement_text(t, key)}")
    if b.next_first is not None and a.next_first is None:
        lines.append(f"P{b.next_first} takes the First Player tile for the next round")
    if b.first != a.first and b.phase is not Phase.OVER:
        lines.append(f"P{b.first} is the first player")
    drawn = [x for x in b.drawn if x not in a.drawn]
    if drawn:
        lines.append("draws " + ", ".join(f"t{x}" for x in drawn) + " from the stack")
    publics = [x for x in b.publics if x is not None and x not in a.publics]
    if publics:
        lines.append("public fresco: " + ", ".join(f"t{x}" for x in publics))
    if b.public is not None and a.public is None:
        lines.append(f"the public fresco is t{b.public}")
    if b.final is not None and a.final is None:
        lines.append(
            "the game is over: " + ", ".join(f"P{p} {v} VP" for p, v in enumerate(b.final))
        )
    return lines


def describe_events(state: State, move: Move, viewer: int | None = None) -> tuple[str, ...]:
    """What follows ``move`` without a decision, read from what ``viewer`` observes
    before and after it (None: as the player making the move observes it): resources
    gained and paid, characters recruited and leaving, dice advanced and frescoes
    completed, the recruiting row, achievements and quests, phases and rounds, the end."""
    mover = current_player(state)
    who = viewer if viewer is not None else (mover if mover is not None else 0)
    after = apply(state, move)
    t = table(state.options)
    return tuple(_observed_events(t, observe(state, who), observe(after, who)))


# --------------------------------------------------------------------------- cards


def card_texts(state: State, player: int) -> dict[str, str]:
    """The full text of every tile, character and achievement ``player`` can see, by id
    (``t401``, ``c401``, ``401``), by name and by key, in lower case."""
    t = table(state.options)
    obs = observe(state, player)
    tiles: list[int] = [*obs.draft, *obs.drawn, *obs.stack_bottom, *obs.gone]
    tiles += [x for x in obs.publics if x is not None]
    if obs.public is not None:
        tiles.append(obs.public)
    for pl in obs.players:
        tiles += [*pl.hand, *(f.tile for f in pl.frescoes if f.tile is not None)]
    chars: list[int] = [c for c in obs.row if c is not None] + list(obs.discard)
    chars += list(obs.aside)
    chars += [c for pl in obs.players for c in pl.characters if c is not None]
    out: dict[str, str] = {}
    for x in tiles:
        if x in t.tiles:
            out[f"t{x}"] = tile_text(t, x)
            out.setdefault(str(x), tile_text(t, x))
    for c in chars:
        if c in t.characters:
            text = character_text(t, c)
            out[f"c{c}"] = text
            out.setdefault(str(c), text)
            out.setdefault(t.characters[c].name.lower(), text)
    for a in t.achievements:
        out[a.key.lower()] = achievement_text(t, a.key)
    for q in t.quests:
        out[q.key.lower()] = achievement_text(t, q.key)
    return out


# --------------------------------------------------------------------------- observations


@functools.lru_cache(maxsize=16)
def _character_names(options: Options) -> dict[int, str]:
    """Each character as positions write it: its printed name, or ``c<id>`` where two
    characters in play share that name."""
    t = table(options)
    counts = Counter(d.name.lower() for d in t.characters.values())
    return {c: d.name if counts[d.name.lower()] == 1 else f"c{c}" for c, d in t.characters.items()}


def _tile(tile: int | None) -> str | None:
    return None if tile is None else f"t{tile}"


def _tiles(tiles: Iterable[int | None]) -> list[str | None]:
    return [_tile(x) for x in tiles]


def observation_words(observation: Observation) -> dict[str, Any]:
    """[DH-2] The observation's fields as JSON data (the options left out), with every
    fresco tile named as the notation and positions name it (``t401``) and every
    character as positions do (its printed name, or ``c<id>`` where two characters in
    play share it) (the OpenSpiel strings are these)."""
    name = _character_names(observation.options)
    out = {k: v for k, v in to_data(observation, Observation).items() if k != "options"}

    def characters(cards: Iterable[int | None]) -> list[str | None]:
        return [None if c is None else name[c] for c in cards]

    def choice(c: Choice, data: dict[str, Any]) -> dict[str, Any]:
        tile = held_tile(c)
        if tile is not None:
            data["n"] = _tile(tile)
        return data

    for pl, data in zip(observation.players, out["players"], strict=True):
        data["characters"] = characters(pl.characters)
        data["hand"] = _tiles(pl.hand)
        data["drafted"] = _tiles(pl.drafted)
        data["frescoes"] = [{"tile": _tile(f.tile), "die": f.die} for f in pl.frescoes]
    for key in ("row", "discard", "aside"):
        out[key] = characters(getattr(observation, key))
    for key in ("draft", "gone", "stack_bottom", "drawn", "publics"):
        out[key] = _tiles(getattr(observation, key))
    out["public"] = _tile(observation.public)
    out["packs"] = [_tiles(p) for p in observation.packs]
    out["played"] = [_tiles(p) for p in observation.played]
    for f, data in zip(observation.frames, out["frames"], strict=True):
        data["still"] = _tile(f.still)
        data["lower"] = _tile(f.lower)
    if observation.choice is not None:
        out["choice"] = choice(observation.choice, out["choice"])
    out["queue"] = [choice(c, d) for c, d in zip(observation.queue, out["queue"], strict=True)]
    return out

"""A readable text view of the Dunhuang table, as the player to act may see it.

Lines stay within :data:`WIDTH` columns. What each open action spot does, each
character in the recruiting row and on the boards (cost, grain, ability), each fresco
tile (die and action) and each achievement is said in words, from the data; the player
to act also sees their own fresco tiles in hand and the pack they draft from.
"""

from __future__ import annotations

from silkroad.core.words import wrap
from silkroad.dunhuang import engine
from silkroad.dunhuang.describe import (
    achievement_text,
    character_text,
    effect_text,
    effects_text,
    tile_text,
    token_name,
)
from silkroad.dunhuang.moves import spot_label
from silkroad.dunhuang.observe import Observation, observe
from silkroad.dunhuang.rules import current_player, solitaire_result
from silkroad.dunhuang.state import FRESCO, PUBLIC, ULTIMATE, ChoiceKind, Phase, State
from silkroad.dunhuang.table import Table, table
from silkroad.dunhuang.vocabulary import DECISIONS

__all__ = ["WIDTH", "render", "screen", "seat"]

#: The widest line a render prints.
WIDTH = 100


def _wrap(text: str, indent: str = "", more: str | None = None) -> list[str]:
    return wrap(text, WIDTH, indent, indent + "    " if more is None else more) or [indent.rstrip()]


def _kept(t: Table, text: str, indent: str = "", more: str | None = None) -> tuple[str, ...]:
    """:func:`_wrap` of a text made of what the table holds (so of a bounded set), kept
    in the table (:attr:`Table.notes`): the same lines in every state of a game."""
    key = (text, indent, more)
    lines = t.notes.get(key)
    if lines is None:
        lines = t.notes[key] = tuple(_wrap(text, indent, more))
    return lines


def render(state: State) -> str:
    """[DH-2.0] The main board and the player boards: every open spot with its effects
    and who stands there, the recruiting row, the public fresco, the achievements, each
    player's resources, characters and frescoes; the player to act also sees their own
    tiles in hand and their draft pack. Nothing another player holds hidden is shown."""
    viewer = current_player(state)
    obs = observe(state, 0 if viewer is None else viewer)
    lines = _lines(obs, viewer)
    result = solitaire_result(state)
    if result is not None:
        lines.append(f"Solitaire: {result[2]}")
    return "\n".join(lines)


def _occupant(obs: Observation, spot: int) -> str:
    v = obs.spots.get(spot)
    return "" if v is None else f"[P{v // 3} meeple {v % 3 + 1}]"


def _lines(obs: Observation, viewer: int | None) -> list[str]:
    t = table(obs.options)
    n = len(obs.players)
    packs = ", ".join(p.title for p in t.packs)
    mode = "solitaire" if t.solo else f"{n} players"
    lines = _wrap(
        f"Dunhuang, {mode}: round {obs.round}/8, {obs.phase.value} phase, first player "
        f"P{obs.first}; packs: {packs}"
    )
    lines.append("Basic actions (using one of b1-b3 first this round takes the First Player tile):")
    for d in t.spots:
        if d.kind not in ("basic", "ultimate") or d.blocked:
            continue
        if d.id == ULTIMATE:
            lines.append("Ultimate actions:")
        label = f"  {d.label:<4}"
        text = effects_text(t, d.effects)
        lines += _kept(t, f"{label}{text} {_occupant(obs, d.id)}".rstrip(), "", " " * 10)
    lines.append(f"Recruiting row (character deck {obs.deck_size}, discard {len(obs.discard)}):")
    for c in obs.row:
        lines += _kept(t, "-" if c is None else character_text(t, c), "  ", "      ")
    lines += _frescoes_public(t, obs)
    if t.achievements:
        lines.append("Achievements (a placed token after the name), by pack:")
        for pack in dict.fromkeys(a.pack for a in t.achievements):
            texts = []
            for a in t.achievements:
                if a.pack == pack:
                    holder = obs.achievements.get(a.key)
                    mark = f" [P{holder}]" if holder is not None else ""
                    texts.append(f"{achievement_text(t, a.key)}{mark}")
            lines += _wrap("; ".join(texts), "  ", "    ")
    if t.quests:
        lines.append("Quests (* done; a set opens when the sets before it are done):")
        for q in t.quests:
            mark = "*" if q.key in obs.achievements else " "
            lines += _kept(t, f"{mark} {achievement_text(t, q.key)}", "  ", "      ")
    for p, pl in enumerate(obs.players):
        lines.append("")
        you = " (you)" if p == viewer else ""
        tokens = ", ".join(f"{token_name(t, k)} {v}" for k, v in sorted(pl.tokens.items()))
        hand = obs.hand_sizes[p]
        lines += _wrap(
            f"P{p}{you}: {pl.vp} VP, {pl.coins} coin{'s' * (pl.coins != 1)}, {pl.pigment} "
            f"pigment; {tokens or 'no tokens'}; overseer dice: {pl.income} on income, "
            f"{pl.left} left / {pl.right} right on rewards; {hand} tile{'s' * (hand != 1)} in hand",
            "",
        )
        lines += _board(t, obs, p)
    lines += _own(t, obs, viewer)
    lines.append("")
    lines += _status(t, obs, viewer)
    return lines


def _numbers(items: list[int]) -> str:
    return ", ".join(str(i) for i in items)


def _board(t: Table, obs: Observation, p: int) -> list[str]:
    """[DH-2.2] Player ``p``'s meeples, characters and frescoes: each spot with something
    on it on a line of its own, the empty ones together."""
    pl = obs.players[p]
    home = [m + 1 for m in range(3) if pl.home[m]]
    placed = [m + 1 for m in range(3) if not pl.home[m]]
    text = f"meeples at home: {_numbers(home) or 'none'}"
    if home and placed:
        text += f" ({_numbers(placed)} placed)"
    lines = [f"  {text}"]
    empty = []
    for slot in range(3):
        card = pl.characters[slot]
        if card is None:
            empty.append(slot + 1)
            continue
        ch = t.characters[card]
        who = f"{ch.name} ({pl.grain[slot]} grain left): {effects_text(t, ch.ability)}"
        if ch.leaving:
            who += f"; when it leaves: {effects_text(t, ch.leaving)}"
        lines += _wrap(f"  character spot {slot + 1}: {who}", "", " " * 8)
    if empty:
        spots = "spot" if len(empty) == 1 else "spots"
        lines.append(f"  character {spots} {_numbers(empty)}: no character")
    free = []
    for slot in range(3):
        spot = pl.frescoes[slot]
        sid = FRESCO + 3 * p + slot
        label = spot_label(sid)
        if spot.tile is None and not (slot == 2 and obs.face_down[p]) and sid not in obs.spots:
            free.append(label)
            continue
        if spot.tile is None:
            text = "face down" if slot == 2 and obs.face_down[p] else "empty"
        else:
            die = "complete" if spot.die is None else f"die {spot.die}"
            text = f"t{spot.tile} ({die}): {effects_text(t, t.tiles[spot.tile].effects)}"
        lines += _kept(t, f"  fresco {label}: {text} {_occupant(obs, sid)}".rstrip(), "", " " * 8)
    if free:
        lines.append(f"  fresco{'es' * (len(free) > 1)} {', '.join(free)}: empty")
    return lines


def _frescoes_public(t: Table, obs: Observation) -> list[str]:
    lines: list[str] = []
    if obs.public is not None:
        lines += _kept(t, f"Public fresco: {tile_text(t, obs.public)}", "")
    elif obs.public_hidden:
        lines.append("Public fresco: face down")
    if t.solo:
        line = [
            (
                f"p{k + 1}: "
                + (tile_text(t, x) if x is not None else "used")
                + " "
                + _occupant(obs, PUBLIC + k)
            ).rstrip()
            for k, x in enumerate(obs.publics)
            if x is not None or PUBLIC + k in obs.spots
        ]
        lines.append("Public frescoes (each used once):" + ("" if line else " none"))
        for text in line:
            lines += _kept(t, text, "  ", "      ")
        bottom = ", ".join(f"t{x}" for x in obs.stack_bottom)
        lines += _wrap(
            f"Fresco stack: {obs.stack_size} tiles (you know the bottom ones: {bottom or 'none'})",
            "",
        )
        aside = ", ".join(t.characters[c].name for c in obs.aside) or "none"
        lines += _wrap(f"Characters that left play: {aside}", "")
    return lines


def _own(t: Table, obs: Observation, viewer: int | None) -> list[str]:
    """The player to act's own hidden tiles: hand, draft pack, tiles drawn."""
    if viewer is None:
        return []
    lines: list[str] = []
    pl = obs.players[viewer]
    for title, tiles in (
        ("Your fresco tiles in hand", pl.hand),
        ("The pack you draft from", obs.draft),
        ("Tiles you drew from the stack", obs.drawn),
    ):
        if tiles:
            lines += ["", f"{title}:"]
            for x in sorted(tiles):
                lines += _kept(t, tile_text(t, x), "  ", "      ")
    return lines


def _status(t: Table, obs: Observation, viewer: int | None) -> list[str]:
    lines: list[str] = []
    if obs.phase is Phase.OVER:
        lines.append("Game over.")
        if obs.final is not None:
            finals = ", ".join(f"P{p} {v} VP" for p, v in enumerate(obs.final))
            # [DH-4] the players' lines give the VP track, before the end scoring
            lines += _wrap(f"Final (the VP track and the end scoring): {finals}", "", "  ")
        return lines
    if obs.frames and obs.frames[-1].effects:
        fr = obs.frames[-1]
        left = "; ".join(f"e{i + 1} {effect_text(t, e)}" for i, e in enumerate(fr.effects))
        lines += _wrap(f"P{fr.player} has effects to resolve (in any order): {left}", "")
    c = obs.choice
    if c is not None:
        lines += _wrap(f"P{c.player} to act: {DECISIONS[c.kind].prompt(c)}", "", "  ")
    elif obs.phase is Phase.ACTION and not obs.frames:
        lines.append(f"P{obs.turn} to act: place a meeple on an open action spot")
        # [DH-3.2] an action needs one effect that can be resolved; the rest may be skipped
        lines.append("  (a spot is yours to use when you can do at least one of its effects)")
    return lines


def _tile_short(t: Table, tile: int) -> str:
    """A fresco tile in a few words: ``t401 (Silk, die 3)``."""
    d = t.tiles[tile]
    pack = next((p.title for p in t.packs if p.name == d.pack), d.pack)
    return f"t{tile} ({pack}, die {engine.die_value(t, tile)})"


def _character_short(t: Table, card: int) -> str:
    c = t.characters[card]
    cost = "free" if c.cost is None else f"{c.cost} coin{'s' * (c.cost != 1)}"
    return f"c{card} {c.name} ({cost}, {c.grain} grain)"


def screen(state: State) -> str:
    """[DH-2.0] The compact table of ``silkroad play``, as the player to act may see
    it: the round and phase, the decision at hand, the open action spots with their
    effects when a meeple is to be placed, the recruiting row (in full when recruiting),
    the public fresco, the achievements taken, each player on a line or two, and your
    own board, tiles in hand and draft pack by name. Every card and tile in full is in
    :func:`render`, :func:`seat` and ``card``."""
    viewer = current_player(state)
    obs = observe(state, 0 if viewer is None else viewer)
    t = table(obs.options)
    n = len(obs.players)
    mode = "solitaire" if t.solo else f"{n} players"
    lines = _wrap(
        f"Dunhuang, {mode}: round {obs.round}/8, {obs.phase.value} phase, first player "
        f"P{obs.first}; packs: {', '.join(p.title for p in t.packs)}"
    )
    lines += _status(t, obs, viewer)
    c = obs.choice
    if c is None and obs.phase is Phase.ACTION and not obs.frames:
        taken = [
            f"{d.label} P{obs.spots[d.id] // 3}"
            for d in t.spots
            if d.kind in ("basic", "ultimate") and d.id in obs.spots
        ]
        lines += _wrap(f"Action spots taken: {', '.join(taken) or 'none'}", "", "  ")
    if c is not None and c.kind is ChoiceKind.RECRUIT:
        lines.append(f"Recruiting row (character deck {obs.deck_size}):")
        for card in obs.row:
            lines += _kept(t, "-" if card is None else character_text(t, card), "  ", "      ")
    else:
        row = ", ".join("-" if x is None else _character_short(t, x) for x in obs.row)
        lines += _wrap(f"Recruiting row: {row}", "", "  ")
    lines += _frescoes_public(t, obs)
    held = [f"{key} P{p}" for key, p in sorted(obs.achievements.items())]
    if t.achievements:
        lines += _wrap(
            f"Achievements taken: {', '.join(held) or 'none'} ('table' lists them all)", "", "  "
        )
    if viewer is not None:
        lines += _player_short(t, obs, viewer, you=True)
        lines += _board_short(t, obs, viewer)
        pl = obs.players[viewer]
        for title, tiles in (
            ("Your tiles in hand", pl.hand),
            ("The pack you draft from", obs.draft),
            ("Tiles you drew", obs.drawn),
        ):
            if tiles:
                names = ", ".join(_tile_short(t, x) for x in sorted(tiles))
                lines += _wrap(f"{title} ('card tN' for a tile): {names}", "", "  ")
    for p in range(n):
        if p != viewer:
            lines += _player_short(t, obs, p)
    result = solitaire_result(state)
    if result is not None:
        lines.append(f"Solitaire: {result[2]}")
    return "\n".join(lines)


def _player_short(
    t: Table, obs: Observation, p: int, *, you: bool = False, names: bool = True
) -> list[str]:
    """A player in a few lines: VP, coins, pigment, tokens, dice, tiles in hand. With
    ``names`` (another player on the compact table), on one line: the tokens counted,
    the characters and frescoes by name (``player N`` shows the rest)."""
    pl = obs.players[p]
    hand = obs.hand_sizes[p]
    head = (
        f"P{p}{' (you)' if you else ''}: {pl.vp} VP, "
        f"{pl.coins} coin{'s' * (pl.coins != 1)}, {pl.pigment} pigment"
    )
    tiles = f"{hand} tile{'s' * (hand != 1)} in hand"
    if names and not you:
        chars = [t.characters[x].name for x in pl.characters if x is not None]
        painted = [f"t{s.tile}" for s in pl.frescoes if s.tile is not None]
        count = sum(pl.tokens.values())
        line = (
            f"{head}, {count} token{'s' * (count != 1)}; {tiles}; characters: "
            f"{', '.join(chars) or 'none'}; frescoes: {', '.join(painted) or 'none'}"
        )
        return [line if len(line) <= WIDTH else line[: WIDTH - 1].rstrip() + "…"]
    tokens = ", ".join(f"{token_name(t, k)} {v}" for k, v in sorted(pl.tokens.items()))
    return _wrap(
        f"{head}; {tokens or 'no tokens'}; overseer dice: {pl.income} on income, {pl.left} "
        f"left / {pl.right} right on rewards; {tiles}",
        "",
        "  ",
    )


def _board_short(t: Table, obs: Observation, p: int) -> list[str]:
    """Your meeples, characters and frescoes, one line each."""
    pl = obs.players[p]
    home = [m + 1 for m in range(3) if pl.home[m]]
    chars = []
    for slot in range(3):
        card = pl.characters[slot]
        if card is not None:
            ch = t.characters[card]
            chars.append(
                f"{slot + 1} {ch.name} ({pl.grain[slot]} grain): {effects_text(t, ch.ability)}"
            )
    frescoes = []
    for slot in range(3):
        spot = pl.frescoes[slot]
        sid = FRESCO + 3 * p + slot
        if spot.tile is not None:
            die = "complete" if spot.die is None else f"die {spot.die}"
            frescoes.append(
                f"{spot_label(sid)} t{spot.tile} ({die}) {_occupant(obs, sid)}".rstrip()
            )
        elif slot == 2 and obs.face_down[p]:
            frescoes.append(f"{spot_label(sid)} face down")
    lines = [f"  meeples at home: {_numbers(home) or 'none'}"]
    lines += _wrap(f"  characters: {' | '.join(chars) or 'none'}", "", " " * 6)
    lines += _wrap(f"  frescoes: {', '.join(frescoes) or 'none'}", "", " " * 6)
    return lines


def seat(state: State, player: int) -> str:
    """[DH-2.2] One player's board as the player to act may see it: resources, meeples,
    characters with their abilities, frescoes with their actions (and, for the player
    to act, the tiles in hand and the draft pack)."""
    viewer = current_player(state)
    obs = observe(state, 0 if viewer is None else viewer)
    t = table(obs.options)
    lines = _player_short(t, obs, player, you=player == viewer, names=False)
    lines += _board(t, obs, player)
    if player == viewer:
        lines += _own(t, obs, viewer)
    return "\n".join(lines)


# The compact table and the one-seat view that ``silkroad play`` shows (see
# silkroad.cli.screen): carried by ``render``, the function every game has.
render.__dict__.update(screen=screen, seat=seat)

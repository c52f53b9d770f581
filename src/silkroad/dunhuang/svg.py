"""[DH-2.0] A picture of a Dunhuang table, as SVG.

``svg(state, player)`` draws what ``player`` may see (``observe``): the main board (the
round track, the overseer reward area, the public fresco, the twelve basic and three
ultimate action spots with the meeples on them, the character recruiting row, the
fresco action spots with their tiles and overseer dice, the achievements) and then
every player board (characters and their grain, coins, pigment, resource tokens, the
overseer income area, and the fresco tiles in hand: the viewer's own, the others'
counted). Effects, characters and tiles come from the packs' data in the options, so a
user's own pack file draws too. With ``player=None`` every hand is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from silkroad.core.svg import MUTED, Canvas, Element, abbreviate, clip, player_colour
from silkroad.core.words import count
from silkroad.dunhuang.moves import Keep, Move, Paint, spot_label
from silkroad.dunhuang.observe import Observation, observe
from silkroad.dunhuang.rules import current_player
from silkroad.dunhuang.state import FRESCO, PUBLIC, ULTIMATE, Choice, Options, Phase, Player, State
from silkroad.dunhuang.table import Table, table
from silkroad.dunhuang.vocabulary import PHASES

__all__ = ["hides_move", "svg"]

_WIDTH = 1000
_BOARD = "#efe3c8"
_SPOT_FILL = {"basic": "#fbf3df", "ultimate": "#f3dcc0", "fresco": "#e6eef5", "public": "#e6eef5"}


@attrs.frozen
class _View:
    """What a picture shows: a state's or an observation's parts in one shape.

    ``hands[p]`` / ``drafts[p]`` are None where the viewer may not see them (their sizes
    are in ``hand_sizes`` / ``draft_sizes``); ``face_down[p]`` marks a first tile placed
    face down that the viewer may not see.
    """

    viewer: int | None
    options: Options
    phase: Phase
    round: int
    first: int
    turn: int
    players: tuple[Player, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    drafts: tuple[tuple[int, ...] | None, ...]
    draft_sizes: tuple[int, ...]
    face_down: tuple[bool, ...]
    row: tuple[int | None, ...]
    deck_size: int
    discard_size: int
    public: int | None
    public_hidden: bool
    revealed: bool
    spots: dict[int, int]
    achievements: dict[str, int]
    choice: Choice | None
    effects_left: tuple[str, ...]
    acting: int | None
    final: tuple[int, ...] | None
    stack_size: int
    publics: tuple[int | None, ...]
    drawn: tuple[int, ...]


def _of_state(s: State) -> _View:
    n = len(s.players)
    drafts = tuple(s.draft[p] if s.draft else () for p in range(n))
    return _View(
        viewer=None,
        options=s.options,
        phase=s.phase,
        round=s.round,
        first=s.first,
        turn=s.turn,
        players=s.players,
        hands=tuple(pl.hand for pl in s.players),
        hand_sizes=tuple(len(pl.hand) for pl in s.players),
        drafts=drafts,
        draft_sizes=tuple(len(d) for d in drafts),
        face_down=(False,) * n,
        row=s.row,
        deck_size=len(s.deck),
        discard_size=len(s.discard),
        public=s.public,
        public_hidden=False,
        revealed=s.revealed,
        spots=dict(s.spots),
        achievements=dict(s.achievements),
        choice=s.choice,
        effects_left=s.frames[-1].effects if s.frames else (),
        acting=current_player(s),
        final=s.final,
        stack_size=len(s.stack),
        publics=s.publics,
        drawn=s.drawn,
    )


def _of_observation(o: Observation) -> _View:
    n = len(o.players)
    v = o.viewer
    acting: int | None
    if o.phase is Phase.OVER:
        acting = None
    elif o.choice is not None:
        acting = o.choice.player
    elif o.frames:
        acting = o.frames[-1].player
    else:
        acting = o.turn
    return _View(
        viewer=v,
        options=o.options,
        phase=o.phase,
        round=o.round,
        first=o.first,
        turn=o.turn,
        players=o.players,
        hands=tuple(o.players[p].hand if p == v else None for p in range(n)),
        hand_sizes=o.hand_sizes,
        drafts=tuple(o.draft if p == v else None for p in range(n)),
        draft_sizes=o.draft_sizes,
        face_down=o.face_down,
        row=o.row,
        deck_size=o.deck_size,
        discard_size=len(o.discard),
        public=o.public,
        public_hidden=o.public_hidden,
        revealed=o.revealed,
        spots=dict(o.spots),
        achievements=dict(o.achievements),
        choice=o.choice,
        effects_left=o.frames[-1].effects if o.frames else (),
        acting=acting,
        final=o.final,
        stack_size=o.stack_size,
        publics=o.publics,
        drawn=o.drawn,
    )


def svg(state: State | Observation, player: int | None = None) -> str:
    """[DH-2.0] The table as an SVG document, as ``player`` may see it (None: everything).

    ``state`` may also be an observation; it is drawn as its player sees it.

    :raises ValueError: for a player not in the game, or one who is not the observer.
    """
    if isinstance(state, Observation):
        if player is not None and player != state.viewer:
            raise ValueError(f"this observation is player {state.viewer}'s, not {player}'s")
        return _draw(_of_observation(state))
    if player is None:
        return _draw(_of_state(state))
    if not 0 <= player < len(state.players):
        raise ValueError(f"no player {player} in a {len(state.players)}-player game")
    return _draw(_of_observation(observe(state, player)))


def hides_move(state: State, move: Move, player: int) -> bool:
    """[DH-2.3] Whether ``player`` cannot see which move was made: another player's
    drafted tile, and the first tile they place face down before the flip."""
    mover = current_player(state)
    if mover is None or mover == player:
        return False
    return isinstance(move, Keep) or (isinstance(move, Paint) and state.phase is Phase.PLACE)


def _effects(effects: Sequence[object]) -> str:
    return ", ".join(str(e).replace("->", "→") for e in effects)


def _meeple(c: Canvas, g: Element, x: float, y: float, who: int) -> None:
    """A meeple of seat ``who // 3`` (meeple ``who % 3``) standing at (x, y)."""
    p, m = divmod(who, 3)
    c.circle(g, x, y - 7, 5, fill=player_colour(p), stroke="#222222")
    c.rect(g, x - 7, y - 3, 14, 11, fill=player_colour(p), stroke="#222222", rx=4)
    c.text(g, x + 10, y + 6, f"P{p}", size=10, weight="bold", fill=player_colour(p))
    del m


def _draw(v: _View) -> str:
    t = table(v.options)
    n = len(v.players)
    seen = "everything" if v.viewer is None else f"as P{v.viewer} sees it"
    colours = tuple(player_colour(p) for p in range(n))
    c = Canvas(_WIDTH, title=f"Dunhuang, {count(n, 'player')}, {seen}", colours=colours)
    _header(c, v, seen)
    y = _tracks(c, t, v, 46)
    y = _actions(c, t, v, y)
    y = _recruiting(c, t, v, y)
    y = _frescoes(c, t, v, y)
    y = _achievements(c, t, v, y)
    for p in range(n):
        col, row = p % 2, p // 2
        _board(c, t, v, p, 6 + col * (_WIDTH / 2), y + row * 238)
    return c.to_string()


def _header(c: Canvas, v: _View, seen: str) -> None:
    g = c.group(id="header")
    c.rect(g, 0, 0, _WIDTH, 38, fill="#7b2d26")
    c.text(g, 12, 25, "Dunhuang", size=18, weight="bold", fill="#f6e2b3")
    status = f"round {v.round}/8 · {PHASES[v.phase].title}"
    if v.acting is not None:
        if v.choice is not None:
            status += f" · P{v.acting} decides: {v.choice.kind.value}"
        elif v.effects_left:
            status += f" · P{v.acting} resolves: {_effects(v.effects_left)}"
        else:
            status += f" · P{v.acting} places a meeple"
    c.text(g, 130, 25, clip(status, 600, 14), size=14, fill="#ffffff")
    scores = v.final if v.final is not None else tuple(pl.vp for pl in v.players)
    c.text(
        g,
        _WIDTH - 12,
        16,
        "   ".join(f"P{p} {s} VP" for p, s in enumerate(scores)),
        size=12,
        anchor="end",
        fill="#f6e2b3",
    )
    c.text(g, _WIDTH - 12, 31, seen, size=11, anchor="end", fill="#eac9a0")


def _tracks(c: Canvas, t: Table, v: _View, y: float) -> float:
    """The round track, the overseer reward area and the public fresco."""
    g = c.group(id="tracks")
    c.rect(g, 6, y, _WIDTH - 12, 62, fill=_BOARD, stroke="#a08a5c", rx=8)
    c.text(g, 16, y + 16, "Round track (VP for a completed fresco)", size=11, weight="bold")
    for r, vp in enumerate(t.board.round_track, start=1):
        cx = 16.0 + (r - 1) * 42
        current = r == v.round
        c.rect(
            g, cx, y + 22, 38, 32, fill="#7b2d26" if current else "#fff8e8", stroke="#a08a5c", rx=4
        )
        colour = "#ffffff" if current else "#333333"
        c.text(g, cx + 19, y + 35, f"R{r}", size=9, anchor="middle", fill=colour)
        c.text(g, cx + 19, y + 49, vp, size=12, weight="bold", anchor="middle", fill=colour)
    x = 372.0
    c.text(g, x, y + 16, "Overseer reward", size=11, weight="bold")
    left = _effects(t.board.reward_left)
    for k, (label, attr) in enumerate(
        ((left.replace(", ", " / "), "left"), ("a material", "right"))
    ):
        bx = x + k * 138
        c.rect(g, bx, y + 22, 132, 32, fill="#fff8e8", stroke="#a08a5c", rx=4)
        c.text(g, bx + 6, y + 35, f"{attr}: {label}", size=10)
        dx = bx + 8
        for p, pl in enumerate(v.players):
            for _ in range(getattr(pl, attr)):
                c.rect(g, dx, y + 39, 11, 11, fill=player_colour(p), stroke="#222222", rx=2)
                dx += 14
    x = 660.0
    c.text(g, x, y + 16, "Public fresco", size=11, weight="bold")
    if v.public is not None:
        tile = t.tiles[v.public]
        face = "" if v.revealed else " (face down)"
        c.rect(
            g,
            x,
            y + 22,
            150,
            32,
            fill=_SPOT_FILL["public"],
            stroke="#5d7a99",
            rx=4,
            data_tile=v.public,
        )
        c.text(
            g,
            x + 6,
            y + 35,
            f"t{v.public} {tile.pack} · {tile.value}{face}",
            size=10,
            weight="bold",
        )
        c.text(g, x + 6, y + 49, clip(_effects(tile.effects), 140, 10), size=10)
    elif v.public_hidden:
        c.card_back(g, x, y + 22, 60, 32, "?")
    else:
        c.text(g, x, y + 40, "none", size=11, fill=MUTED)
    x = 830.0
    c.text(g, x, y + 16, "Characters", size=11, weight="bold")
    c.card_back(g, x, y + 22, 40, 32, str(v.deck_size))
    c.text(g, x + 46, y + 35, "deck", size=10)
    c.text(g, x + 46, y + 49, f"discard {v.discard_size}", size=10)
    return y + 70


def _spot(
    c: Canvas,
    g: Element,
    v: _View,
    spot: int,
    x: float,
    y: float,
    w: float,
    h: float,
    kind: str,
    effects: str,
    title: str,
    blocked: bool,
) -> None:
    if blocked:
        c.rect(g, x, y, w, h, fill="#d8d2c4", stroke="#b0a890", rx=5)
        c.text(g, x + 5, y + 13, spot_label(spot), size=10, fill=MUTED)
        c.text(g, x + w / 2, y + h / 2 + 8, "not in play", size=9, anchor="middle", fill=MUTED)
        return
    c.rect(g, x, y, w, h, fill=_SPOT_FILL[kind], stroke="#a08a5c", rx=5)
    c.text(g, x + 5, y + 13, spot_label(spot), size=10, weight="bold", fill="#7b2d26")
    if title:
        c.text(g, x + 28, y + 13, clip(title, w - 32, 10), size=10, weight="bold")
    c.paragraph(g, x + 5, y + 27, w - 10, effects, size=10, max_lines=2 if h < 80 else 4)
    who = v.spots.get(spot)
    if who is not None:
        _meeple(c, g, x + w - 26, y + h - 10, who)


def _actions(c: Canvas, t: Table, v: _View, y: float) -> float:
    g = c.group(id="actions")
    c.text(g, 12, y + 14, "Basic actions", size=12, weight="bold")
    w, h = 76.0, 62.0
    for d in t.spots[:12]:
        zone, k = divmod(d.id, 3)
        x = 12 + zone * (3 * (w + 4) + 8) + k * (w + 4)
        if k == 0:
            c.text(g, x, y + 28, f"zone {zone + 1}", size=9, fill=MUTED)
        _spot(c, g, v, d.id, x, y + 32, w, h, "basic", _effects(d.effects), "", d.blocked)
    return y + 32 + h + 8


def _character(
    c: Canvas, g: Element, t: Table, card: int, x: float, y: float, w: float, h: float
) -> None:
    d = t.characters[card]
    c.rect(g, x, y, w, h, fill="#fdf6e6", stroke="#8a6d3b", rx=6, data_card=card)
    c.text(g, x + 6, y + 14, abbreviate(d.name, w - 12, 11.5, bold=True), size=11.5, weight="bold")
    c.text(g, x + 6, y + 27, d.pack, size=9.5, fill=MUTED)
    end = c.paragraph(g, x + 6, y + 41, w - 12, _effects(d.ability), size=10, max_lines=2)
    if d.leaving:
        c.text(g, x + 6, end, clip("leaving: " + _effects(d.leaving), w - 12, 9.5), size=9.5)
    cost = "not for coins" if d.cost is None else count(d.cost, "coin")
    c.text(g, x + 6, y + h - 6, cost, size=10, fill="#7a5b00")
    c.text(g, x + w - 6, y + h - 6, f"{d.grain} grain", size=10, anchor="end", fill="#5b7a00")


def _ultimates(c: Canvas, g: Element, t: Table, v: _View, x0: float, y: float) -> None:
    h = 86.0
    c.text(g, x0, y + 14, "Ultimate actions", size=12, weight="bold")
    uw = (_WIDTH - 12 - x0 - 8) / 3
    for k in range(3):
        d = t.spots[ULTIMATE + k]
        title = t.packs[k].ultimate.name if k < len(t.packs) else ""
        x = x0 + k * (uw + 4)
        _spot(c, g, v, d.id, x, y + 20, uw, h, "ultimate", _effects(d.effects), title, d.blocked)


def _recruiting(c: Canvas, t: Table, v: _View, y: float) -> float:
    g = c.group(id="recruiting")
    c.text(g, 12, y + 14, "Character recruiting", size=12, weight="bold")
    w, h = 128.0, 86.0
    _ultimates(c, g, t, v, 12 + 4 * (w + 6) + 10, y)
    for k, card in enumerate(v.row):
        x = 12 + k * (w + 6)
        if card is None:
            c.rect(g, x, y + 20, w, h, fill="none", stroke="#bbbbbb", rx=6, stroke_dasharray="4 3")
        else:
            _character(c, g, t, card, x, y + 20, w, h)
    if t.solo:
        x = 12.0
        y += h + 24
        c.text(g, x, y + 32, f"fresco stack: {v.stack_size} tiles", size=11)
        if v.drawn:
            c.text(g, x, y + 48, f"drawn: {len(v.drawn)} tiles", size=11)
        quests = ", ".join(q.key + (" (done)" if q.key in v.achievements else "") for q in t.quests)
        c.paragraph(g, x + 200, y + 32, _WIDTH - x - 212, f"quests: {quests}", size=10, max_lines=3)
        y += 20 - h
    return y + 20 + h + 8


def _tile(
    c: Canvas,
    g: Element,
    t: Table,
    tile: int,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    die: int | None = None,
    owner: int | None = None,
    note: str = "",
) -> None:
    d = t.tiles[tile]
    c.rect(g, x, y, w, h, fill=_SPOT_FILL["fresco"], stroke="#5d7a99", rx=5, data_tile=tile)
    label = clip(f"t{tile} {d.pack} · {d.value}{note}", w - (36 if owner is not None else 10), 10)
    c.text(g, x + 5, y + 13, label, size=10, weight="bold")
    c.paragraph(
        g,
        x + 5,
        y + 27,
        w - 36 if owner is not None else w - 10,
        _effects(d.effects),
        size=10,
        max_lines=3,
    )
    if owner is not None:
        colour = player_colour(owner)
        c.rect(
            g,
            x + w - 28,
            y + 6,
            22,
            22,
            fill=colour if die is not None else "#ffffff",
            stroke="#222222",
            rx=4,
        )
        c.text(
            g,
            x + w - 17,
            y + 22,
            "✓" if die is None else die,
            size=13,
            weight="bold",
            anchor="middle",
            fill="#ffffff" if die is not None else colour,
        )


def _frescoes(c: Canvas, t: Table, v: _View, y: float) -> float:
    g = c.group(id="frescoes")
    c.text(g, 12, y + 14, "Fresco actions (tile, overseer die)", size=12, weight="bold")
    n = len(v.players)
    w, h = 144.0, 64.0
    rows = 0
    for p in range(n):
        col, row = p % 2, p // 2
        rows = max(rows, row + 1)
        x0 = 12 + col * (_WIDTH / 2)
        fy = y + 22 + row * (h + 8)
        c.text(g, x0, fy + h / 2 + 4, f"P{p}", size=12, weight="bold", fill=player_colour(p))
        for slot in range(3):
            x = x0 + 26 + slot * (w + 6)
            spot = FRESCO + 3 * p + slot
            fresco = v.players[p].frescoes[slot]
            if fresco.tile is not None:
                face = " (face down)" if not v.revealed else ""
                _tile(c, g, t, fresco.tile, x, fy, w, h, die=fresco.die, owner=p, note=face)
            elif slot == 2 and v.face_down[p]:
                c.card_back(g, x, fy, w, h, "face down")
            else:
                c.rect(g, x, fy, w, h, fill="none", stroke="#9bb0c6", rx=5, stroke_dasharray="4 3")
            c.text(g, x + w - 4, fy + h + 0 - 4, spot_label(spot), size=9, anchor="end", fill=MUTED)
            who = v.spots.get(spot)
            if who is not None:
                _meeple(c, g, x + w - 50, fy + h - 8, who)
    y += 22 + rows * (h + 8)
    if v.publics:
        c.text(g, 12, y + 12, "Public frescoes", size=12, weight="bold")
        pw = (_WIDTH - 24 - 5 * 6) / 6
        for k, tile in enumerate(v.publics):
            x = 12 + k * (pw + 6)
            if tile is None:
                c.rect(
                    g, x, y + 18, pw, h, fill="none", stroke="#9bb0c6", rx=5, stroke_dasharray="4 3"
                )
            else:
                _tile(c, g, t, tile, x, y + 18, pw, h)
            who = v.spots.get(PUBLIC + k)
            if who is not None:
                _meeple(c, g, x + pw - 26, y + 18 + h - 8, who)
        y += 18 + h + 8
    return y


def _achievements(c: Canvas, t: Table, v: _View, y: float) -> float:
    if not t.achievements:
        return y
    g = c.group(id="achievements")
    c.text(g, 12, y + 12, "Achievements", size=12, weight="bold")
    x = 110.0
    for a in t.achievements:
        owner = v.achievements.get(a.key)
        label = f"{a.key} {a.vp}"
        w = 12 + 6.2 * len(label)
        if x + w > _WIDTH - 12:
            break
        fill = player_colour(owner) if owner is not None else "#fff8e8"
        c.rect(g, x, y, w, 17, fill=fill, stroke="#a08a5c", rx=4)
        c.text(
            g, x + 6, y + 12.5, label, size=10, fill="#ffffff" if owner is not None else "#333333"
        )
        x += w + 4
    return y + 26


def _board(c: Canvas, t: Table, v: _View, p: int, x0: float, y: float) -> None:
    pl = v.players[p]
    colour = player_colour(p)
    w = _WIDTH / 2 - 12
    h = 230.0
    acting = v.acting == p
    g = c.group(id=f"board{p}", data_player=p)
    c.rect(g, x0, y, w, h, fill="#ffffff", stroke=colour, stroke_width=4 if acting else 1.5, rx=8)
    c.rect(g, x0, y, w, 24, fill=colour, rx=8)
    title = f"P{p} · {pl.vp} VP · {count(pl.coins, 'coin')} · {pl.pigment} pigment"
    if p == v.first:
        title += " · first player"
    c.text(g, x0 + 10, y + 17, title, size=12.5, weight="bold", fill="#ffffff")
    # the three character spots, each with its grain and its meeple
    g = c.group(data_player=p, data_part="characters")
    cw = (w - 20 - 12) / 3
    for slot in range(3):
        cx = x0 + 10 + slot * (cw + 6)
        card = pl.characters[slot]
        if card is None:
            c.rect(
                g, cx, y + 30, cw, 86, fill="none", stroke="#cccccc", rx=6, stroke_dasharray="4 3"
            )
            c.text(g, cx + cw / 2, y + 76, "no character", size=10, anchor="middle", fill=MUTED)
        else:
            _character(c, g, t, card, cx, y + 30, cw, 86)
        home = pl.home[slot]
        where = "meeple home" if home else "meeple out"
        c.text(g, cx, y + 130, f"m{slot + 1}: {where} · grain {pl.grain[slot]}", size=10)
    # resources
    g = c.group(data_player=p, data_part="resources")
    tokens = ", ".join(
        f"{count} {t.tokens[key].name if key in t.tokens else key}"
        for key, count in sorted(pl.tokens.items())
    )
    c.paragraph(
        g, x0 + 10, y + 148, w - 20, f"resources: {tokens or 'none'}", size=10.5, max_lines=2
    )
    # the overseer income area: rewards not covered by dice
    income = t.board.income
    free = len(income) - pl.income
    c.text(g, x0 + 10, y + 180, "income:", size=10.5, weight="bold")
    ix = x0 + 60
    for k, e in enumerate(income):
        covered = k >= free
        c.rect(
            g, ix, y + 169, 62, 15, fill=colour if covered else "#fff8e8", stroke="#a08a5c", rx=3
        )
        label = "die" if covered else str(e)
        c.text(
            g,
            ix + 31,
            y + 180,
            label,
            size=9.5,
            anchor="middle",
            fill="#ffffff" if covered else "#333333",
        )
        ix += 66
    # fresco tiles in hand (and the pack being drafted)
    hand = v.hands[p]
    hy = y + 200
    if hand is None:
        n = v.hand_sizes[p]
        text = f"hand: {n} fresco tile{'' if n == 1 else 's'} (hidden)"
        c.text(g, x0 + 10, hy, text, size=10.5)
        for k in range(min(v.hand_sizes[p], 8)):
            c.card_back(g, x0 + 230 + k * 16, hy - 11, 13, 16)
    else:
        tiles = ", ".join(f"t{x} {t.tiles[x].pack} {t.tiles[x].value}" for x in hand)
        c.paragraph(g, x0 + 10, hy, w - 20, f"hand: {tiles or 'none'}", size=10.5, max_lines=2)
        for tile in hand:
            c.desc(g, "in hand", data_tile=tile)
    if v.phase is Phase.DRAFT:
        draft = v.drafts[p]
        dy = y + 222
        if draft is None:
            c.text(g, x0 + 10, dy, f"drafting from {v.draft_sizes[p]} hidden tiles", size=10)
        else:
            tiles = ", ".join(f"t{x} {t.tiles[x].pack} {t.tiles[x].value}" for x in draft)
            c.text(g, x0 + 10, dy, clip(f"drafting from: {tiles}", w - 20, 10), size=10)
            for tile in draft:
                c.desc(g, "drafting", data_tile=tile)

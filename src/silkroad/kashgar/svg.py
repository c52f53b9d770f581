"""[KG-2] A picture of a Kashgar table, as SVG.

``svg(state, player)`` draws what ``player`` may see (``observe``): the order display
and the piles, then each player's seven tracks, fulfilled orders and three caravans as
rows of cards, front card first. Card names and actions come from the card data in
the options, so a game with a user's own card files draws its own cards. With
``player=None`` the picture shows everything, including cards a player is looking at.
"""

from __future__ import annotations

import functools

from silkroad.core.svg import MUTED, Canvas, Element, abbreviate, clip, player_colour
from silkroad.core.words import count
from silkroad.kashgar.cards import (
    RESOURCES,
    Amounts,
    DeckKind,
    Face,
    OrderDef,
    OrderKind,
    amount_text,
)
from silkroad.kashgar.describe import action_text
from silkroad.kashgar.moves import Move
from silkroad.kashgar.observe import Observation, observe
from silkroad.kashgar.state import State
from silkroad.kashgar.table import Table, table
from silkroad.kashgar.vocabulary import DECISIONS

__all__ = ["hides_move", "svg"]

_WIDTH = 1000
_CARD_H = 118
_ORDER_W = 138
#: Colours of the seven tracks (ginger .. mules) and their short labels.
_TRACK_COLOURS = ("#d4a017", "#7b4a2a", "#2e7d32", "#a83232", "#d2691e", "#c9a227", "#7f8c8d")
_TRACK_LABELS = ("ginger", "cloves", "pepper", "anise", "cinnamon", "gold", "mules")
_CAPS = (9, 9, 9, 9, 9, 9, 6)
#: Card fronts by deck, so the kinds of person are told apart at a glance.
_DECK_FILL = {
    DeckKind.PATRIARCH: "#e8dcf2",
    DeckKind.STARTING: "#dbe9f6",
    DeckKind.STANDARD: "#fffdf6",
    DeckKind.SPECIAL: "#def2dc",
    DeckKind.EXPANSION: "#f3e6c8",
}
_CARAVAN_BG = "#f6f1e4"
_PARTING_BG = "#f5cdc8"
_ORDER_FILL = {OrderKind.SMALL: "#fff4d6", OrderKind.LARGE: "#fde2b8", OrderKind.SPECIAL: "#e3ecfa"}


def svg(state: State | Observation, player: int | None = None) -> str:
    """[KG-2] The table as an SVG document, as ``player`` may see it (None: everything).

    ``state`` may also be an observation; it is drawn as its player sees it.

    :raises ValueError: for a player not in the game, or one who is not the observer.
    """
    if isinstance(state, Observation):
        if player is not None and player != state.player:
            raise ValueError(f"this observation is player {state.player}'s, not {player}'s")
        return _draw(state, state.player)
    if player is None:
        holder = state.pending.player if state.pending is not None else state.active
        return _draw(observe(state, holder), None)
    return _draw(observe(state, player), player)


def hides_move(state: State, move: Move, player: int) -> bool:
    """[KG-7] Whether ``player`` cannot see which move was made: never in Kashgar, where
    whatever a move takes (a kept card, a fulfilled order) ends up face up."""
    del state, move, player
    return False


def _amounts(amounts: Amounts) -> str:
    return ", ".join(amount_text(r, n) for r, n in zip(RESOURCES, amounts, strict=True) if n)


def _draw(obs: Observation, viewer: int | None) -> str:
    t = table(obs.options)
    n = obs.options.players
    vp = list(obs.points)  # [KG-7] as the cards give them at this moment
    seen = "everything" if viewer is None else f"as P{viewer} sees it"
    colours = tuple(player_colour(p) for p in range(n))
    c = Canvas(_WIDTH, title=f"Kashgar, {count(n, 'player')}, {seen}", colours=colours)
    _header(c, obs, vp, seen)
    y = _market(c, t, obs, 48)
    y = _pending(c, t, obs, y)
    for p in range(n):
        y = _player(c, t, obs, p, vp[p], y)
    return c.to_string()


def _header(c: Canvas, obs: Observation, vp: list[int], seen: str) -> None:
    g = c.group(id="header")
    c.rect(g, 0, 0, _WIDTH, 38, fill="#5b3a1e")
    if obs.over:
        status = f"game over after {obs.round} rounds"
        if obs.truncated:
            status += " (stopped by the safeguard: no winner)"
    else:
        who = obs.pending.player if obs.pending is not None else obs.active
        doing = (
            "chooses a front card" if obs.pending is None else DECISIONS[obs.pending.kind].caption
        )
        status = f"round {obs.round + 1}, turn {obs.turns + 1} · P{who} {doing}"
        if obs.end_triggered:
            status += " · last round"
    c.text(g, 12, 25, "Kashgar", size=18, weight="bold", fill="#f7e7c6")
    c.text(g, 112, 25, status, size=14, fill="#ffffff")
    scores = "   ".join(f"P{p} {v} VP" for p, v in enumerate(vp))
    c.text(g, _WIDTH - 12, 16, scores, size=12, anchor="end", fill="#f7e7c6")
    c.text(g, _WIDTH - 12, 31, seen, size=11, anchor="end", fill="#e0d2b4")


def _order_card(c: Canvas, g: Element, od: OrderDef, card: int, x: float, y: float) -> None:
    c.place(g, x, y, 104, _order_snippet(od, card))


@functools.lru_cache(maxsize=512)
def _order_snippet(od: OrderDef, card: int) -> str:
    """[KG-5.1] An order card at the origin: name, kind, VP, mules needed, cost."""
    c = Canvas(_ORDER_W, background=None)
    g = c.group()
    x = y = 0
    w, h = _ORDER_W, 104
    c.rect(g, x, y, w, h, fill=_ORDER_FILL[od.kind], stroke="#8a6d3b", rx=6, data_card=card)
    c.text(g, x + 7, y + 16, abbreviate(od.name, w - 14, 11.5, bold=True), size=11.5, weight="bold")
    c.text(g, x + w - 7, y + h - 9, f"{od.vp} VP", size=15, weight="bold", anchor="end")
    kind = od.kind.value + (" · grain field" if od.grain else "")
    c.text(g, x + 7, y + 31, kind, size=10, fill=MUTED)
    c.text(g, x + 7, y + 46, f"needs {count(od.mules, 'mule')}", size=10)
    cy = y + 60
    for r, amount in zip(RESOURCES, od.cost, strict=True):
        if amount:
            i = RESOURCES.index(r)
            c.rect(g, x + 7, cy - 9, 10, 10, fill=_TRACK_COLOURS[i], rx=2)
            c.text(g, x + 21, cy, amount_text(r, amount), size=10)
            cy += 13
    if od.payout:
        c.text(g, x + w - 7, y + 46, "+ payout", size=10, anchor="end", fill=MUTED)
    return c.snippet(g)


def _market(c: Canvas, t: Table, obs: Observation, y: float) -> float:
    g = c.group(id="market")
    c.text(g, 12, y + 14, "Orders on display", size=13, weight="bold")
    x = 12.0
    for o in obs.display:
        od = t.order[o]
        assert od is not None
        _order_card(c, g, od, o, x, y + 22)
        x += _ORDER_W + 6
    x = max(x, 12 + 4 * (_ORDER_W + 6)) + 6
    piles = [
        ("Standard", obs.standard_size),
        ("Special", obs.special_size),
        ("Orders", obs.order_deck_size),
    ]
    for label, size in piles:
        c.card_back(g, x, y + 22, 56, 86, str(size))
        c.text(g, x + 28, y + 122, label, size=10, anchor="middle")
        x += 62
    # the open discard pile: its top card, and how many lie there
    if obs.discard:
        top = obs.discard[-1]
        c.rect(g, x, y + 22, 86, 86, fill="#fffdf6", stroke="#8a6d3b", rx=5, data_card=top)
        face = t.face(top, top in obs.turned)
        c.paragraph(g, x + 6, y + 40, 76, face.name, size=11, max_lines=3)
        c.text(g, x + 43, y + 100, count(len(obs.discard), "card"), size=10, anchor="middle")
    else:
        c.rect(g, x, y + 22, 86, 86, fill="none", stroke="#bbbbbb", rx=5, stroke_dasharray="4 3")
    c.text(g, x + 43, y + 122, "Discard (open)", size=10, anchor="middle")
    x += 92
    if obs.reserve:
        card = obs.reserve[0]
        c.rect(
            g,
            x,
            y + 22,
            76,
            86,
            fill=_DECK_FILL[DeckKind.PATRIARCH],
            stroke="#8a6d3b",
            rx=5,
            data_card=card,
        )
        c.paragraph(g, x + 6, y + 40, 66, t.face(card, card in obs.turned).name, size=10)
        c.text(g, x + 38, y + 122, "set aside", size=10, anchor="middle")
    c.text(g, _WIDTH - 12, y + 14, f"removed from the game: {len(obs.box)}", size=11, anchor="end")
    return y + 134


def _pending(c: Canvas, t: Table, obs: Observation, y: float) -> float:
    pending = obs.pending
    g = c.group(id="pending")
    if pending is None or not (pending.cards or pending.hidden or pending.choices):
        # the strip is always there, so that the players' parts keep their place from
        # one picture to the next (a page is sent the parts that change)
        c.rect(g, 6, y, _WIDTH - 12, 30, fill="#f6f1e6", stroke="#e2d8c4", rx=6)
        if obs.over:
            text = "the game is over"
        elif pending is None:
            text = f"P{obs.active} chooses a front card"
        else:
            text = f"P{pending.player} {DECISIONS[pending.kind].caption}"
        c.text(g, 16, y + 20, text, size=12, fill=MUTED)
        return y + 38
    c.rect(g, 6, y, _WIDTH - 12, 30, fill="#fff3c4", stroke="#d4a017", rx=6)
    who = f"P{pending.player} {DECISIONS[pending.kind].caption}"
    if pending.hidden:
        c.text(g, 16, y + 20, f"{who}: looks at {count(pending.hidden, 'hidden card')}", size=12)
        x = 420.0
        for _ in range(min(pending.hidden, 8)):
            c.card_back(g, x, y + 3, 18, 24)
            x += 22
        return y + 38
    if pending.choices:
        options = " / ".join(_amounts(a) or "nothing" for a in pending.choices)
        c.text(g, 16, y + 20, f"{who}: {options}", size=12)
        return y + 38
    names = []
    for card in pending.cards:
        od = t.order[card]
        names.append(od.name if od is not None else t.face(card, card in obs.turned).name)
    c.text(g, 16, y + 20, f"{who}: " + ", ".join(names), size=12)
    for card in pending.cards:  # ids for readers of the picture, no drawing
        c.desc(g, "held", data_card=card)
    return y + 38


def _face_text(face: Face) -> tuple[list[str], list[str]]:
    return [action_text(a) for a in face.caravan], [action_text(a) for a in face.parting]


def _person(
    c: Canvas,
    g: Element,
    t: Table,
    card: int,
    turned: bool,
    x: float,
    y: float,
    w: float,
    *,
    front: bool,
    colour: str,
) -> None:
    c.place(g, x, y, _CARD_H, _person_snippet(t, card, turned, w, front, colour))


@functools.lru_cache(maxsize=2048)
def _person_snippet(t: Table, card: int, turned: bool, w: float, front: bool, colour: str) -> str:
    """[KG-3] A person card at the origin: name, VP, caravan and parting actions."""
    c = Canvas(w, background=None)
    g = c.group()
    h = _CARD_H
    face = t.face(card, turned)
    size = 10.5 if front else 10
    c.rect(
        g,
        0,
        0,
        w,
        h,
        fill=_DECK_FILL.get(t.deck_of[card], "#ffffff"),
        stroke=colour if front else "#8a6d3b",
        stroke_width=3 if front else 1,
        rx=6,
        data_card=card,
    )
    name = face.name + (" !" if face.must_act else "")
    vp = f"{face.vp} VP" + (f" +{face.vp_per_grain}/grain" if face.vp_per_grain else "")
    title = 12 if front else 10.5
    narrow = w < 110  # a long caravan: the VP under the name, not beside it
    room = w - 12 - (0 if narrow else len(vp) * 10 * 0.6)
    c.text(g, 6, 15, abbreviate(name, room, title, bold=True), size=title, weight="bold")
    if narrow:
        c.text(g, 6, 27, clip(vp, w - 12, 9.5), size=9.5, fill="#7a3b00")
    else:
        c.text(g, w - 6, 15, vp, size=10, anchor="end", fill="#7a3b00")
    caravan, parting = _face_text(face)
    top = 31 if narrow else 21
    box_h = (h - top - 5) / 2
    for k, (texts, fill, none) in enumerate(
        ((caravan, _CARAVAN_BG, "no caravan action"), (parting, _PARTING_BG, "no parting action"))
    ):
        box_y = top + k * (box_h + 2)
        c.rect(g, 3, box_y, w - 6, box_h, fill=fill, rx=3)
        text = " or ".join(texts) or none
        c.paragraph(g, 6, box_y + size + 1, w - 12, text, size=size, max_lines=3)
    return c.snippet(g)


@functools.lru_cache(maxsize=1024)
def _tracks_snippet(tracks: Amounts) -> str:
    """[KG-1.1] The seven tracks: a row of cells each, the marker on the value."""
    c = Canvas(200, background=None)
    g = c.group()
    for i, value in enumerate(tracks):
        ty = i * 16
        cells = _CAPS[i] + 1
        c.text(g, 16, ty + 9, _TRACK_LABELS[i], size=10)
        c.rect(g, 72, ty, cells * 13 - 1, 12, fill="#f1ece2", stroke="#c9bfae", rx=2)
        dividers = " ".join(f"M{72 + k * 13 - 0.5} {ty}v12" for k in range(1, cells))
        c.path(g, dividers, stroke="#c9bfae")
        c.rect(g, 72 + value * 13, ty, 12, 12, fill=_TRACK_COLOURS[i], rx=2)
        c.text(g, 78 + value * 13, ty + 9.5, value, size=9, anchor="middle", fill="#ffffff")
    return c.snippet(g)


def _player(c: Canvas, t: Table, obs: Observation, p: int, vp: int, y: float) -> float:
    colour = player_colour(p)
    acting = not obs.over and (
        obs.pending.player == p if obs.pending is not None else obs.active == p
    )
    caravans = obs.caravans[p]
    height = 30 + max(3, len(caravans)) * 126
    g = c.group(id=f"player{p}", data_player=p)
    c.rect(
        g,
        6,
        y,
        _WIDTH - 12,
        height,
        fill="#ffffff",
        stroke=colour,
        stroke_width=4 if acting else 1.5,
        rx=8,
    )
    c.rect(g, 6, y, _WIDTH - 12, 26, fill=colour, rx=8)
    title = f"P{p} · {vp} VP" + (" · to act" if acting else "")
    if p == obs.start_player:
        title += " · start player"
    c.text(g, 16, y + 18, title, size=14, weight="bold", fill="#ffffff")
    # the seven tracks of the player board
    tg = c.group(data_player=p, data_part="tracks")
    c.place(tg, 0, y + 42, 7 * 16, _tracks_snippet(obs.tracks[p]))
    ty = y + 42 + 7 * 16
    # fulfilled orders
    og = c.group(data_player=p, data_part="orders")
    oy = ty + 14
    won = obs.orders_won[p]
    c.text(og, 16, oy, f"Orders fulfilled: {len(won)}", size=11, weight="bold")
    for o in won[:12]:
        od = t.order[o]
        assert od is not None
        oy += 14
        mark = " (grain)" if od.grain else ""
        c.text(og, 22, oy, f"{od.name}: {od.vp} VP{mark}", size=10, data_card=o)
    if len(won) > 12:
        c.text(og, 22, oy + 14, f"… and {len(won) - 12} more", size=10)
    # the caravans, front card first
    x0 = 212.0
    for i, caravan in enumerate(caravans):
        cg = c.group(data_player=p, data_caravan=i)
        cy = y + 32 + i * 126
        c.text(cg, x0, cy + 62, str(i + 1), size=16, weight="bold", fill=colour, anchor="middle")
        if not caravan:
            c.text(cg, x0 + 16, cy + 62, "(empty)", size=11, fill=MUTED)
            continue
        x = x0 + 12
        room = _WIDTH - 18 - x
        front_w = 190.0
        rest = len(caravan) - 1
        step = min(150.0, (room - front_w - 4) / rest) if rest else 0
        for k, card in enumerate(caravan):
            w = front_w if k == 0 else step - 4
            _person(c, cg, t, card, card in obs.turned, x, cy, w, front=k == 0, colour=colour)
            x += (front_w + 4) if k == 0 else step
    return y + height + 8

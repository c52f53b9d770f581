"""[SR-3] A picture of a Serica table, as SVG.

``svg(state, player)`` draws what ``player`` may see (``observe``): the Crossroads at
the top; the Silk Road map in the middle with the three trade routes and the caravans on
them, the Han Dynasty's four fields on its left and the Roman Empire's on its right; and
below, each Empire with its supply, artisans, shipment, piles and VP. Card names and
numbers come from the card data in the options, so a user's own card file draws too;
the line under each name says what its ability (one of SR-8) does. With ``player=None``
the picture shows everything, including cards a General is looking at.
"""

from __future__ import annotations

import functools

from silkroad.core.svg import MUTED, Canvas, Element, abbreviate, clip, text_width, wrap
from silkroad.core.words import count
from silkroad.serica.cards import GOODS, OWN_GOODS, CardDef, CardType, Good
from silkroad.serica.moves import Move
from silkroad.serica.observe import HIDDEN, Observation, PlayerView, observe
from silkroad.serica.state import FIELD_DEPTH, FIELDS, ROUND_EFFECTS, State, Step
from silkroad.serica.table import Table, table
from silkroad.serica.vocabulary import ABILITIES, DECISIONS, STEPS

__all__ = ["hides_move", "svg"]

_WIDTH = 1000
_NAMES = ("Han Dynasty", "Roman Empire")
#: [SR-3] Han plays yellow, Rome red.
_COLOURS = ("#c99a06", "#b03a2e")
_TYPE_FILL = {
    CardType.CITIZEN: "#f2c1b6",
    CardType.TRADE: "#f3df9a",
    CardType.MILITARY: "#b9cff0",
    CardType.COURT: "#fafafa",
    CardType.ENEMY: "#d2ab82",
}
_GOOD_FILL = {
    Good.GLASSWARE: "#4e9fd6",
    Good.WINE: "#8e44ad",
    Good.GOLD: "#f1c40f",
    Good.SPICES: "#d64541",
    Good.PORCELAIN: "#f4f4f4",
    Good.SILK: "#27ae60",
}
#: Map geometry: the road in the middle, fields on both sides.
_MAP_X, _MAP_W = 414.0, 172.0
_FIELD_W, _FIELD_H = 128.0, 80.0


def svg(state: State | Observation, player: int | None = None) -> str:
    """[SR-3] The table as an SVG document, as ``player`` (0 Han, 1 Rome) may see it
    (None: everything). ``state`` may also be an observation, drawn as its player sees it.

    :raises ValueError: for a player other than 0 and 1, or one who is not the observer.
    """
    if isinstance(state, Observation):
        if player is not None and player != state.player:
            raise ValueError(f"this observation is player {state.player}'s, not {player}'s")
        return _draw(state, state.player)
    if player is not None and player not in (0, 1):
        raise ValueError(f"Serica has players 0 (Han) and 1 (Rome), not {player!r}")
    if player is None:
        return _draw(observe(state, state.active), None)
    return _draw(observe(state, player), player)


def hides_move(state: State, move: Move, player: int) -> bool:
    """[SR-8.3] Whether ``player`` cannot see which move was made: never in Serica, where
    the one secret choice (which card a General puts back on top) is named by its
    position among cards the other player never sees."""
    del state, move, player
    return False


def _draw(obs: Observation, viewer: int | None) -> str:
    t = table(obs.options)
    seen = "everything" if viewer is None else f"as {_NAMES[viewer]} sees it"
    mode = "co-op" if obs.options.coop else "competitive"
    c = Canvas(_WIDTH, title=f"Serica ({mode}), {seen}", colours=_COLOURS)
    _header(c, obs, seen, mode)
    y = _crossroads(c, t, obs, 46)
    y = _pending(c, t, obs, y)
    y = _map(c, t, obs, y)
    _empires(c, t, obs, y, viewer)
    return c.to_string()


def _header(c: Canvas, obs: Observation, seen: str, mode: str) -> None:
    g = c.group(id="header")
    c.rect(g, 0, 0, _WIDTH, 38, fill="#6b4f2a")
    c.text(g, 12, 25, "Serica", size=18, weight="bold", fill="#fbe9c0")
    if obs.step is Step.OVER:
        status = f"{mode} game over after round {obs.round}"
        if obs.truncated:
            status += " (stopped by the safeguard: no winner)"
        if obs.options.coop:
            status += " · goals met" if obs.coop_won else " · goals missed"
    else:
        status = f"round {obs.round} · {_NAMES[obs.active]} to play: {STEPS[obs.step].name}"
        if obs.step is Step.PRODUCE:
            status += f" ({obs.turn.pp} PP left)"
    c.text(g, 92, 25, status, size=14, fill="#ffffff")
    vp = "   ".join(f"{('Han', 'Rome')[p]} {obs.players[p].vp} VP" for p in (0, 1))
    c.text(g, _WIDTH - 12, 16, vp, size=12, anchor="end", fill="#fbe9c0")
    c.text(g, _WIDTH - 12, 31, seen, size=11, anchor="end", fill="#e8d7b0")


def _cost(d: CardDef) -> str:
    goods = "/".join(g.label for g in d.goods)
    return f"buy {d.cost} of {goods}"


def _card(
    c: Canvas,
    g: Element,
    t: Table,
    card: int,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    full: bool,
    used: bool = False,
) -> None:
    c.place(g, x, y, h, _card_snippet(t.card[card], card, w, h, full, used))


@functools.lru_cache(maxsize=2048)
def _card_snippet(d: CardDef, card: int, w: float, h: float, full: bool, used: bool) -> str:
    """[SR-4] A card at the origin: name, level or strength, VP; with ``full`` also what
    its ability does and its costs. Every text fits the card at any width a table draws
    (six or more Empire cards side by side): the name is abbreviated by a rule
    (:func:`~silkroad.core.svg.abbreviate`), the other texts are set smaller on a narrow
    card and wrapped; the ability gets the lines left between them, and a used card's
    stamp has a line of its own above the costs."""
    c = Canvas(w, background=None)
    g = c.group()
    c.rect(g, 0, 0, w, h, fill=_TYPE_FILL[d.type], stroke="#6b5a45", rx=6, data_card=card)
    narrow = w < 100
    pad = 4.0 if narrow else 6.0
    inner = w - 2 * pad
    size = 9.0 if narrow else 10.0
    corner = f"str {d.enemy_strength}" if d.is_enemy else f"L{d.level}"
    corner_size = 9.5 if narrow else 11.0
    bold = d.is_enemy
    c.text(
        g,
        w - pad,
        15,
        corner,
        size=corner_size,
        anchor="end",
        weight="bold" if bold else None,
        fill=None if bold else MUTED,
    )
    room = inner - text_width(corner, corner_size, bold=bold) - 3
    name_size = 10.5 if narrow else 12.0
    c.text(
        g, pad, 15, abbreviate(d.name, room, name_size, bold=True), size=name_size, weight="bold"
    )
    if d.is_enemy:
        lines = [f"Enemy · defeat for {d.enemy_vp} VP", f"defeat: {d.enemy_vp} VP"]
    else:
        stacked = f" (+{d.stacked_vp} stacked)" if d.stacked_vp else ""
        short = f"{d.vp}+{d.stacked_vp} VP" if d.stacked_vp else f"{d.vp} VP"
        lines = [f"{d.vp} VP{stacked} · str {d.strength}", f"{short} · str {d.strength}", short]
    line = next((t for t in lines if text_width(t, size) <= inner), clip(lines[-1], inner, size))
    c.text(g, pad, 29, line, size=size)
    if not full:
        return c.snippet(g)
    step = size * 1.2
    bottom: list[str] = []
    if not d.is_enemy:
        bottom = wrap(f"build {count(d.artisans, 'artisan')}", inner, size, max_lines=2)
        bottom += wrap(_cost(d), inner, size, max_lines=2 if narrow else 1)
    stamp = 16.0 if used else 0.0
    first = 44.0 if narrow else 45.0
    text_size = size if narrow else 10.5
    lead = text_size * 1.25
    room_y = h - 6 - len(bottom) * step - stamp - first + text_size
    ability = ABILITIES[d.ability].short
    c.paragraph(
        g, pad, first, inner, ability, size=text_size, max_lines=max(1, int(room_y // lead))
    )
    y = h - 6 - (len(bottom) - 1) * step
    for text in bottom:
        c.text(g, pad, y, text, size=size, fill=MUTED)
        y += step
    if used:  # dimmed, and stamped on a line of its own: nothing under the stamp
        c.rect(g, 0, 0, w, h, fill="#ffffff", rx=6, opacity=0.5)
        top = h - 6 - len(bottom) * step - stamp + 2
        c.rect(g, pad, top, inner, 13, fill="#7a1f1f", rx=3)
        c.text(g, w / 2, top + 10, "used", size=10, weight="bold", anchor="middle", fill="#ffffff")
    return c.snippet(g)


def _crossroads(c: Canvas, t: Table, obs: Observation, y: float) -> float:
    g = c.group(id="crossroads")
    c.text(g, 12, y + 14, "Crossroads", size=13, weight="bold")
    x = 12.0
    w = 136.0
    for card in obs.crossroads:
        _card(c, g, t, card, x, y + 22, w, 112, full=True)
        x += w + 8
    x = max(x, 12 + 4 * (w + 8))
    c.card_back(g, x, y + 22, 70, 112, str(obs.cross_pile_size))
    c.text(g, x + 35, y + 148, "draw pile", size=10, anchor="middle")
    note = f"discarded this turn: {len(obs.cross_discard)}"
    if obs.attacks:
        note += f" · attacks to come: {len(obs.attacks)}"
    c.text(g, x + 84, y + 40, note, size=11)
    return y + 156


def _pending(c: Canvas, t: Table, obs: Observation, y: float) -> float:
    pending = obs.pending
    if pending is None:
        return y
    g = c.group(id="pending")
    c.rect(g, 6, y, _WIDTH - 12, 30, fill="#fff3c4", stroke="#d4a017", rx=6)
    text = f"{_NAMES[obs.active]} decides: {pending.kind.value.replace('_', ' ')}"
    if pending.card >= 0:
        text += f" ({t.card[pending.card].name})"
    c.text(g, 16, y + 20, text, size=12)
    if DECISIONS[pending.kind].holds:
        x = 520.0
        for card in pending.cards:
            if card == HIDDEN:
                c.card_back(g, x, y + 3, 18, 24)
                x += 24
            else:
                c.rect(
                    g, x, y + 4, 120, 22, fill=_TYPE_FILL[t.card[card].type], rx=4, data_card=card
                )
                c.text(g, x + 6, y + 19, clip(t.card[card].name, 110, 11), size=11)
                x += 126
    return y + 38


def _goods_row(c: Canvas, g: Element, x: float, y: float, counts: tuple[int, ...]) -> float:
    """Cubes with their counts, one per goods type held; returns the x after them."""
    for good, n in zip(GOODS, counts, strict=True):
        if n:
            c.rect(g, x, y - 10, 11, 11, fill=_GOOD_FILL[good], stroke="#555555", rx=2)
            c.text(g, x + 14, y, f"{n} {good.label}", size=10.5)
            x += 22 + 6.5 * len(f"{n} {good.label}")
    return x


def _map(c: Canvas, t: Table, obs: Observation, y: float) -> float:
    height = FIELDS * (_FIELD_H + 6) + 26
    g = c.group(id="map")
    c.rect(g, _MAP_X, y, _MAP_W, height, fill="#e9d7a8", stroke="#a68a52", rx=10)
    c.text(g, _MAP_X + _MAP_W / 2, y + 16, "Silk Road", size=13, weight="bold", anchor="middle")
    c.text(g, _MAP_X + 8, y + height - 8, "Han →", size=10, fill=_COLOURS[0])
    c.text(
        g, _MAP_X + _MAP_W - 8, y + height - 8, "← Rome", size=10, anchor="end", fill=_COLOURS[1]
    )
    lane_h = (height - 40) / 3
    spaces = [_MAP_X + 26 + k * (_MAP_W - 52) / 3 for k in range(4)]
    for route in (1, 2, 3):
        ly = y + 26 + (route - 1) * lane_h
        mid = ly + 22
        c.line(g, [(spaces[0], mid), (spaces[3], mid)], stroke="#a68a52", width=3)
        for k, sx in enumerate(spaces):
            c.circle(g, sx, mid, 10, fill="#f7ecd0", stroke="#a68a52")
            c.text(g, sx, mid + 4, k + 1, size=9, anchor="middle", fill=MUTED)
        c.text(g, _MAP_X + 6, mid - 14, f"route {route}", size=9, fill=MUTED)
        for p in (0, 1):
            for caravan in obs.players[p].caravans:
                if caravan.route != route:
                    continue
                k = caravan.position if p == 0 else 3 - caravan.position
                sx = spaces[k]
                dy = -4 if p == 0 else 4
                c.circle(g, sx, mid + dy, 8, fill=_COLOURS[p], stroke="#333333", data_player=p)
                gy = mid + 24 + (0 if p == 0 else 14)
                cubes = [
                    good for good, n in zip(GOODS, caravan.goods, strict=True) for _ in range(n)
                ]
                gx = sx - 6 * len(cubes) / 2
                for good in cubes:
                    c.rect(g, gx, gy - 9, 10, 10, fill=_GOOD_FILL[good], stroke="#444444", rx=1)
                    gx += 12
    # the fields, built outward from the road
    for p in (0, 1):
        fg = c.group(id=f"fields{p}", data_player=p)
        view = obs.players[p]
        strength = sum(t.card[card].strength for field in view.fields for card in field)
        lx = 12 if p == 0 else _MAP_X + _MAP_W + 8
        c.text(
            fg,
            lx,
            y + 12,
            f"{_NAMES[p]} fields · defence {strength}",
            size=11,
            weight="bold",
            fill=_COLOURS[p],
        )
        for f in range(FIELDS):
            fy = y + 20 + f * (_FIELD_H + 6)
            field = view.fields[f] if f < len(view.fields) else ()
            for k in range(FIELD_DEPTH):
                if p == 0:
                    fx = _MAP_X - 6 - (k + 1) * (_FIELD_W + 4)
                else:
                    fx = _MAP_X + _MAP_W + 6 + k * (_FIELD_W + 4) + 4
                if k < len(field):
                    _card(c, fg, t, field[k], fx, fy, _FIELD_W, _FIELD_H, full=False)
                    c.text(
                        fg,
                        fx + 6,
                        fy + 47,
                        clip(t.card[field[k]].type.value, _FIELD_W, 10),
                        size=10,
                        fill=MUTED,
                    )
                else:
                    c.rect(
                        fg,
                        fx,
                        fy,
                        _FIELD_W,
                        _FIELD_H,
                        fill="none",
                        stroke="#cdbf9f",
                        rx=6,
                        stroke_dasharray="4 3",
                    )
            label_x = _MAP_X - 2 if p == 0 else _MAP_X + _MAP_W + 2
            c.text(
                fg,
                label_x,
                fy + _FIELD_H / 2,
                f + 1,
                size=10,
                anchor="end" if p == 0 else "start",
                fill=MUTED,
            )
    return y + height + 10


def _empires(c: Canvas, t: Table, obs: Observation, y: float, viewer: int | None) -> None:
    for p in (0, 1):
        view: PlayerView = obs.players[p]
        x0 = 6.0 if p == 0 else _WIDTH / 2 + 3
        w = _WIDTH / 2 - 9
        acting = obs.step is not Step.OVER and obs.active == p
        g = c.group(id=f"empire{p}", data_player=p)
        h = 330.0
        c.rect(
            g,
            x0,
            y,
            w,
            h,
            fill="#ffffff",
            stroke=_COLOURS[p],
            stroke_width=4 if acting else 1.5,
            rx=8,
        )
        c.rect(g, x0, y, w, 26, fill=_COLOURS[p], rx=8)
        title = f"P{p} {_NAMES[p]} · {view.vp} VP · {count(view.artisans, 'artisan')}"
        if acting:
            title += " · to play"
        c.text(g, x0 + 10, y + 18, title, size=13, weight="bold", fill="#ffffff")
        c.text(g, x0 + 10, y + 44, "supply:", size=10.5, weight="bold")
        end = _goods_row(c, g, x0 + 58, y + 44, view.supply)
        if end == x0 + 58:
            c.text(g, x0 + 58, y + 44, "none", size=10.5, fill=MUTED)
        c.text(g, x0 + 10, y + 62, "shipment:", size=10.5, weight="bold")
        if _goods_row(c, g, x0 + 72, y + 62, view.shipment) == x0 + 72:
            c.text(g, x0 + 72, y + 62, "none", size=10.5, fill=MUTED)
        own = ", ".join(good.label for good in OWN_GOODS[p])
        c.text(g, x0 + w - 10, y + 82, f"produces {own}", size=10, anchor="end", fill=MUTED)
        g = c.group(data_player=p, data_part="empire")
        c.text(g, x0 + 10, y + 82, "Empire", size=11, weight="bold")
        used = set(obs.turn.used) if acting else set()
        slots = max(4, len(view.empire))
        cw = (w - 20 - (slots - 1) * 6) / slots
        for k, card in enumerate(view.empire):
            cx = x0 + 10 + k * (cw + 6)
            _card(c, g, t, card, cx, y + 88, cw, 120, full=True, used=card in used)
        g = c.group(data_player=p, data_part="piles")
        py = y + 222
        c.card_back(g, x0 + 10, py, 50, 66, str(view.draw_size))
        c.text(g, x0 + 66, py + 14, "draw pile", size=10)
        dx = x0 + 130
        if view.discard:
            top = view.discard[-1]
            _card(c, g, t, top, dx, py, 130, 40, full=False)
        else:
            c.rect(g, dx, py, 130, 40, fill="none", stroke="#cccccc", rx=6, stroke_dasharray="4 3")
        c.text(g, dx, py + 54, f"discard pile: {len(view.discard)}", size=10)
        if p == viewer and view.draw_cards:  # [SR-3] the own pile's cards, not their order
            names = ", ".join(t.card[card].name for card in view.draw_cards)
            text = f"your draw pile holds (in some order): {names}"
            c.paragraph(g, x0 + 10, py + 76, w - 20, text, size=10, max_lines=2)
        defeated = ", ".join(t.card[card].name for card in view.defeated) or "none"
        c.text(g, dx + 140, py + 14, clip(f"defeated: {defeated}", w - 290, 10), size=10)
        if acting and obs.step is not Step.OVER:
            turn = obs.turn
            ready = [f"defence +{turn.defense}"] if turn.defense else []
            if turn.outpost:
                ready.append(f"Enemies -{turn.outpost}")
            waiting: dict[str, int] = {}
            for _, ability in turn.readied:  # effects waiting for their event
                if ability in ROUND_EFFECTS:  # the strengths above
                    continue
                name = ability.value.replace("-", " ")
                waiting[name] = waiting.get(name, 0) + 1
            ready += [f"{name} ×{n}" if n > 1 else name for name, n in waiting.items()]
            text = "readied: " + (", ".join(ready) if ready else "nothing")
            c.paragraph(g, dx + 140, py + 30, w - 290, text, size=10, max_lines=3)

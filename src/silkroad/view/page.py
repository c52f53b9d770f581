"""The viewer page of a record: its data (pictures, moves, VP per view) and the HTML."""

from __future__ import annotations

import concurrent.futures
import html
import json
import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from silkroad.core.game import AnyGame
from silkroad.core.registry import get_game
from silkroad.core.replay import Record, Result
from silkroad.core.serialize import to_data
from silkroad.core.svg import FAVICON_URL, MUTED, Canvas, player_colour
from silkroad.core.words import count

__all__ = [
    "ALL",
    "ViewerData",
    "plain_result",
    "unfinished_warning",
    "viewer_data",
    "viewer_page",
    "write_viewer",
    "write_viewers",
]

#: The key of the view that shows everything.
ALL = "all"


@attrs.frozen
class ViewerData:
    """Everything a viewer page shows, as JSON-ready values.

    :ivar seed: the record's seed on a page of everything; None on a seat's page (the seed
        is the whole game: every hand and deck order follows from it).
    :ivar views: the keys of the views held: ``"all"`` and/or seat numbers as text.
    :ivar fragments: each distinct line of every picture, stored once.
    :ivar boards: per view, per step (0 = after setup), the picture as fragment ids.
    :ivar vp: per view, per step, the VP of each player.
    :ivar moves: per move, the player who made it and its text in each view (as that
        seat saw it: a hidden decision is named so, and a move is told as the seat may
        know it, ``describe_move(state, move, seat)``).
    :ivar plots: per view, the frame of the plot of the VP over the game (the page draws
        the VP up to the step shown, scaled to the most reached so far).
    :ivar colours: each seat's colour, as the pictures draw it.
    :ivar result: the end of the record in a plain sentence (:func:`plain_result`), which
        the page shows at its last step only.
    :ivar analysis: per view, the analysis of an annotated record (``silkroad analyze
        --save``): one entry per decision analyzed, of every seat on the page of
        everything and of that seat only on a seat's page; None for a record without one.
    :ivar analysis_plots: per view, the frame of the plot of the win chance over the
        game (one line per seat; the page draws it up to the step shown).
    :ivar unfinished: the record stops before the game's end: a page of every seat then
        warns at the top that it shows every seat's hidden cards.
    """

    game: str
    title: str
    players: int
    seed: int | None
    views: tuple[str, ...]
    fragments: tuple[str, ...]
    boards: dict[str, list[list[int]]]
    vp: dict[str, list[list[int]]]
    actors: list[int | None]
    moves: list[dict[str, Any]]
    plots: dict[str, str]
    colours: tuple[str, ...]
    result: str
    analysis: dict[str, list[dict[str, Any]]] | None = None
    analysis_plots: dict[str, str] | None = None
    unfinished: bool = False

    def to_json(self) -> str:
        """The data as JSON that is safe inside a ``<script>`` element."""
        text = json.dumps(attrs.asdict(self), separators=(",", ":"), ensure_ascii=False)
        return text.replace("</", "<\\/").replace("<!--", "<\\!--")


class _Fragments:
    """Interns the lines of the pictures: each distinct line gets one id."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def add(self, text: str) -> list[int]:
        out = []
        for line in text.split("\n"):
            i = self.ids.setdefault(line, len(self.ids))
            out.append(i)
        return out


def _fallback(game: AnyGame, state: Any, seat: int | None) -> str:
    """A text picture for a title without ``svg``: the render, or a seat's observation."""
    if seat is None:
        text = game.render(state)
    else:
        text = json.dumps(to_data(game.observe(state, seat)), indent=1, sort_keys=True)
    return "\n".join(["<pre class='text-board'>", *map(html.escape, text.split("\n")), "</pre>"])


def _picture(game: AnyGame, state: Any, seat: int | None) -> str:
    draw = getattr(game, "svg", None)
    text = None if draw is None else draw(state if seat is None else game.observe(state, seat))
    return _fallback(game, state, seat) if text is None else str(text)


def _vp(game: AnyGame, state: Any, seat: int | None) -> list[int]:
    """The VP as the view may know them: from a state dealt from the seat's observation."""
    if seat is not None:
        state = game.determinize(game.observe(state, seat), 0)
    return [int(v) for v in game.scores(state)]


def _hidden(game: AnyGame, state: Any, move: Any, seat: int) -> bool:
    hides = getattr(game, "hides_move", None)
    if hides is None:
        return bool(game.current_player(state) != seat)
    return bool(hides(state, move, seat))


def _move_text(game: AnyGame, state: Any, move: Any, seat: int | None = None) -> str:
    """A move as ``seat`` may know it (None: everything): its notation and what it did."""
    notation = game.format_move(move, state)
    described = game.describe_move(state, move, seat)
    return notation if described == notation else f"{notation} · {described}"


def _colours(picture: str, players: int) -> tuple[str, ...]:
    """The seats' colours a picture declares (``data-colours``), or the shared ones."""
    match = re.search(r'data-colours="([^"]*)"', picture.split("\n", 1)[0])
    found = tuple(match.group(1).split()) if match else ()
    if len(found) == players and all(re.fullmatch(r"#[0-9a-fA-F]{3,8}", c) for c in found):
        return found
    return tuple(player_colour(p) for p in range(players))


def _plot(steps: int, colours: tuple[str, ...]) -> str:
    """The frame of the plot of each player's VP over the steps: axes, a line per player
    and a cursor, which the page fills for the step it shows (the VP up to that step,
    scaled to the most reached so far: nothing of the steps after it)."""
    w, h, left, top, bottom = 320.0, 190.0, 34.0, 12.0, 24.0
    inner_w, inner_h = w - left - 10, h - top - bottom
    steps = max(1, steps)
    c = Canvas(w, background="#ffffff")
    g = c.group(id="plot-axes")
    c.rect(g, left, top, inner_w, inner_h, fill="#fbfaf7", stroke="#cccccc")
    for k in range(5):
        y = top + inner_h - inner_h * k / 4
        c.line(g, [(left, y), (left + inner_w, y)], stroke="#eeeeee")
        c.text(g, left - 4, y + 3, 0, size=9, anchor="end", fill=MUTED, data_tick=k)
    c.text(g, left, h - 6, "step 0", size=9, fill=MUTED)
    c.text(g, left + inner_w, h - 6, f"step {steps}", size=9, anchor="end", fill=MUTED)
    for p, colour in enumerate(colours):
        start = (left, top + inner_h)
        c.line(c.group(data_player=p), [start], stroke=colour, width=2, data_series=p)
    cursor = c.group(id="plot-cursor")
    c.line(
        cursor,
        [(left, top), (left, top + inner_h)],
        stroke="#333333",
        width=1,
        id="cursor",
        data_left=left,
        data_width=inner_w,
        data_top=top,
        data_bottom=top + inner_h,
        data_steps=steps,
    )
    return c.to_string(h)


def _analysis_plot(steps: int, colours: tuple[str, ...]) -> str:
    """The frame of the plot of each seat's win chance over the steps, by the analysis
    (0 to 100%, fixed, so the frame tells nothing of the game): a line per seat, a
    group for the marks of the decisions that mattered, and a cursor."""
    w, h, left, top, bottom = 320.0, 150.0, 34.0, 10.0, 22.0
    inner_w, inner_h = w - left - 10, h - top - bottom
    steps = max(1, steps)
    c = Canvas(w, background="#ffffff")
    g = c.group(id="analysis-axes")
    c.rect(g, left, top, inner_w, inner_h, fill="#fbfaf7", stroke="#cccccc")
    for k in range(5):
        y = top + inner_h - inner_h * k / 4
        c.line(g, [(left, y), (left + inner_w, y)], stroke="#eeeeee")
        c.text(g, left - 4, y + 3, f"{25 * k}%", size=9, anchor="end", fill=MUTED)
    c.text(g, left, h - 6, "step 0", size=9, fill=MUTED)
    c.text(g, left + inner_w, h - 6, f"step {steps}", size=9, anchor="end", fill=MUTED)
    for p, colour in enumerate(colours):
        start = (left, top + inner_h / 2)
        c.line(c.group(data_player=p), [start], stroke=colour, width=2, data_aseries=p)
    c.group(id="analysis-marks")
    c.line(
        c.group(id="analysis-cursor-group"),
        [(left, top), (left, top + inner_h)],
        stroke="#333333",
        width=1,
        id="analysis-cursor",
        data_left=left,
        data_width=inner_w,
        data_top=top,
        data_bottom=top + inner_h,
        data_steps=steps,
    )
    return c.to_string(h)


def _analysis_entries(record: Record, keys: list[str], seats: list[int | None]) -> Any:
    """Per view, the decisions of the record's analysis the view may show (None: the
    record carries none)."""
    from silkroad.analysis import Analysis

    analysis = Analysis.of(record)
    if analysis is None:
        return None
    out: dict[str, list[dict[str, Any]]] = {}
    for key, s in zip(keys, seats, strict=True):
        out[key] = [
            {
                "n": d.index + 1,
                "player": d.player,
                "move": d.move,
                "played": None if d.played is None else d.played.win,
                "best": d.best.win,
                "best_move": d.best.move,
                "best_words": d.best.words,
                "margin": None if d.played is None else d.played.margin,
                "best_margin": d.best.margin,
                "drop": d.drop,
            }
            for d in analysis.decisions
            if s is None or d.player == s
        ]
    return out


def viewer_data(record: Record, seat: int | None = None, game: AnyGame | None = None) -> ViewerData:
    """The views of ``record``: everything and every seat, or (``seat`` given) only what
    that seat could see.

    :raises ValueError: for a seat that is not in the game.
    """
    game = game if game is not None else get_game(record.game)
    state = record.initial_state(game)
    players = game.num_players(state)
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"seats of this game are 0 to {players - 1}, not {seat}")
    seats: list[int | None] = [seat] if seat is not None else [None, *range(players)]
    keys = [ALL if s is None else str(s) for s in seats]
    fragments = _Fragments()
    boards: dict[str, list[list[int]]] = {k: [] for k in keys}
    vp: dict[str, list[list[int]]] = {k: [] for k in keys}
    actors: list[int | None] = []
    moves: list[dict[str, Any]] = []

    def show(state: Any) -> None:
        actors.append(game.current_player(state))
        for key, s in zip(keys, seats, strict=True):
            boards[key].append(fragments.add(_picture(game, state, s)))
            vp[key].append(_vp(game, state, s))

    show(state)
    for number, move in enumerate(record.moves, start=1):
        mover = game.current_player(state)
        texts = {
            key: (
                "a hidden decision"
                if s is not None and mover != s and _hidden(game, state, move, s)
                else _move_text(game, state, move, s)
            )
            for key, s in zip(keys, seats, strict=True)
        }
        moves.append({"n": number, "player": mover, "text": texts})
        state = game.apply(state, move)
        show(state)
    result = plain_result(game, state, record)
    colours = _colours(next(iter(fragments.ids), ""), players)
    analysis = _analysis_entries(record, keys, seats)
    return ViewerData(
        game=game.spec.name,
        title=game.spec.title,
        players=players,
        seed=record.seed if seat is None else None,
        views=tuple(keys),
        fragments=tuple(fragments.ids),
        boards=boards,
        vp=vp,
        actors=actors,
        moves=moves,
        plots={key: _plot(len(moves), colours) for key in keys},
        colours=colours,
        result=result,
        analysis=analysis,
        analysis_plots=(
            None if analysis is None else {key: _analysis_plot(len(moves), colours) for key in keys}
        ),
        unfinished=not game.is_over(state),
    )


def _scores(scores: Sequence[int], skip: Sequence[int] = ()) -> str:
    return ", ".join(f"P{p} {v} VP" for p, v in enumerate(scores) if p not in skip)


def plain_result(game: AnyGame, state: Any, record: Record) -> str:
    """How the record ends, in a sentence: ``P1 won with 25 VP (P0 19 VP).``, a tie, a
    co-op game won or lost, a game stopped by the length safeguard, or a record that
    stops before the end (``unfinished: ...``)."""
    moves = len(record.moves)
    if record.result is None and not game.is_over(state):
        return f"Unfinished: the record stops after {count(moves, 'move')}, before the game ends."
    result = record.result if record.result is not None else Result.of(game, state)
    scores = list(result.scores)
    players = len(scores)
    if result.truncated:
        return (
            f"Stopped by the game-length safeguard after {count(moves, 'move')}: no winner "
            f"({_scores(scores)})."
        )
    winners = list(result.winners)
    if not winners:
        return (
            f"Nobody won ({_scores(scores)})." if players > 1 else (f"Lost, with {scores[0]} VP.")
        )
    if players == 1:
        return f"Won, with {scores[0]} VP."
    if len(winners) == players:
        return f"Everyone won together ({_scores(scores)})."
    rest = f" ({_scores(scores, winners)})"
    if len(winners) == 1:
        w = winners[0]
        return f"P{w} won with {scores[w]} VP{rest}."
    names = ", ".join(f"P{w}" for w in winners[:-1]) + f" and P{winners[-1]}"
    tied = {scores[w] for w in winners}
    each = f" with {tied.pop()} VP each" if len(tied) == 1 else ""
    return f"{names} won, tied{each}{rest}."


def unfinished_warning(record_name: str = "RECORD") -> str:
    """The warning a page of every seat of an unfinished record carries at its top."""
    return (
        "This game is not over, and this page shows every seat's hidden cards and the "
        "seed (every card still to come): do not show it to a player of the game. "
        f"silkroad view {record_name} --seat N writes a page with only what seat N sees."
    )


def _asset(name: str) -> str:
    return (resources.files("silkroad.view") / name).read_text("utf-8")


#: No network at all: only the page's own style and script run, images only inline.
_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; connect-src 'none'"
)


def viewer_page(record: Record, seat: int | None = None, game: AnyGame | None = None) -> str:
    """The self-contained HTML viewer of ``record`` (see the package docstring)."""
    data = viewer_data(record, seat, game)
    if seat is None:
        title = f"{data.title}: seed {data.seed}, {count(len(data.moves), 'move')} (every seat)"
    else:  # no seed: the page shows the game as the seat saw it
        title = f"{data.title}: {count(len(data.moves), 'move')} (seat P{seat} only)"
    warning = ""
    if seat is None and data.unfinished:
        warning = f'<p id="warning" role="alert">{html.escape(unfinished_warning())}</p>'

    colours = "".join(f".p{p} {{ color: {colour}; }}\n" for p, colour in enumerate(data.colours))
    return _asset("viewer.html").format(
        title=html.escape(title),
        warning=warning,
        favicon=FAVICON_URL,
        policy=_POLICY,
        style=_asset("viewer.css") + colours,
        data=data.to_json(),
        script=_asset("viewer.js"),
        analysis_script=_asset("analysis.js"),
    )


def _write_job(job: tuple[str, Record, int | None]) -> str:
    path, record, seat = job
    return str(write_viewer(path, record, seat))


def write_viewers(
    jobs: Sequence[tuple[str | Path, Record]], *, workers: int = 1, game: AnyGame | None = None
) -> None:
    """Write the viewer page of each record to its path, in ``workers`` processes (the
    records' game must then be registered: the processes find it by name)."""
    if workers <= 1 or len(jobs) <= 1:
        for path, record in jobs:
            write_viewer(path, record, None, game)
        return
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(_write_job, [(str(p), r, None) for p, r in jobs]))


def write_viewer(
    path: str | Path, record: Record, seat: int | None = None, game: AnyGame | None = None
) -> Path:
    """Write the viewer page of ``record`` to ``path``; returns the path."""
    target = Path(path)
    target.write_text(viewer_page(record, seat, game), encoding="utf-8")
    return target

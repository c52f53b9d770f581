"""The web side of the server: a Starlette application over a :class:`~silkroad.serve.hub.Hub`.

========================  ======  ===================================================
path                      method  what
========================  ======  ===================================================
``/``                     GET     the start page: a new table
``/favicon.svg``          GET     the pages' icon (also as ``/favicon.ico``)
``/seat/{token}``         GET     a seat's page (the token is the seat's secret)
``/api/games``            GET     the registered games, their players and options
``/api/tables``           POST    a new table (JSON); its people's links
``/api/seat/{token}``     GET     the seat's view and its whole log (JSON)
``/api/seat/{token}/move`` POST   a move of the seat: ``{"move": notation, "at": n}``
``/api/seat/{token}/card`` GET    ``?name=...``: the text of a card the seat can see
``/api/seat/{token}/hint`` GET    whether the table gives hints, and their budget
``/api/seat/{token}/hint`` POST   the search's top three moves for the seat's own
                                  decision (a table with hints on; 403 otherwise)
``/ws/{token}``           WS      the seat's view, then an update after every
                                  decision; takes ``{"type": "move", "move": ...,
                                  "at": n}`` and ``{"type": "refresh"}`` (a full view)
========================  ======  ===================================================

On the WebSocket the first message is the seat's full view (``"type": "table"``:
:meth:`~silkroad.serve.hub.Hub.message`); every later one is an ``"update"`` from the
view the page shows (``"base"``, a number of decisions): the new decision (``at``,
``status``, ``to_act``, ``over``, ``choices``, ``result``), the changed lines of the
picture (``"picture": {"lines": n, "patch": [[start, end, lines], ...]}``:
:func:`~silkroad.serve.hub.picture_patch`) and the new log lines. A page that cannot
apply an update asks for ``{"type": "refresh"}`` and gets the full view; a page that
connects again gets a full view first.

Every answer to a request that cannot be acted on is JSON, ``{"error": message}``, with
status 400 (malformed), 403 (hints asked of a table without them), 404 (no such seat),
409 (a move refused, with the rule's reason, and ``"rule"``: its section, or null), 413
(a body over :data:`MAX_BODY` bytes) or 415 (not JSON); nothing changes. A token that
names no seat gets only ``no such seat``. The pages load nothing from elsewhere and send
no referrer.

Hostile requests cost little: a body is counted as it arrives and refused (413) as soon
as it passes :data:`MAX_BODY` bytes, whether it declares its length or not (chunked);
JSON nested deeper than :data:`MAX_DEPTH` levels is refused with 400 (on a WebSocket,
a close frame with code 1007 and the reason), and logged in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from silkroad.core.svg import FAVICON
from silkroad.serve.hub import Connection, Hub, Settings
from silkroad.serve.tables import Refused, RequestError, Table

__all__ = ["MAX_BODY", "MAX_DEPTH", "create_app"]

#: The largest request body (and WebSocket message) taken, in bytes.
MAX_BODY = 64_000
#: The deepest nesting of arrays and objects a request's JSON may have (a table's
#: request needs 3: the request, its seats, a seat; or the request, its options, a list).
MAX_DEPTH = 32
#: The status of a request whose body is over :data:`MAX_BODY` bytes.
TOO_LARGE = 413
#: The close code of a WebSocket whose message cannot be taken (RFC 6455: data that is
#: not consistent with the type of the message).
CLOSE_INVALID = 1007

_log = logging.getLogger("silkroad.serve")

#: What a page sends to be sent the full view again.
_REFRESH = {"type": "refresh"}


def _refresh(text: str) -> bool:
    """Whether a page's message asks for the full view again."""
    if len(text) > 64 or "refresh" not in text:
        return False
    try:
        return bool(json.loads(text) == _REFRESH)
    except ValueError:
        return False


#: Only the server's own script and style; pictures inline; no frames, no referrer.
_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
_HEADERS = {
    "Content-Security-Policy": _POLICY,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def _page(name: str) -> str:
    return (resources.files("silkroad.serve") / "assets" / name).read_text("utf-8")


def _error(exc: RequestError) -> JSONResponse:
    body: dict[str, Any] = {"error": exc.message}
    if isinstance(exc, Refused):
        body["rule"] = exc.rule
    headers = _HEADERS
    if exc.status == TOO_LARGE:  # the rest of the body is not read: the connection ends
        headers = {**_HEADERS, "Connection": "close"}
    return JSONResponse(body, status_code=exc.status, headers=headers)


def _json(data: Any) -> JSONResponse:
    return JSONResponse(data, headers=_HEADERS)


async def _body(request: Request) -> Any:
    """The request's JSON body, read as it arrives: at most :data:`MAX_BODY` bytes are
    ever held, however long the body is and whether it says its length or not.

    :raises RequestError: for another content type (415: a page of another site cannot
        send JSON here without asking first), a body too large (413), text that is not
        JSON or JSON nested too deeply (400).
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RequestError("send JSON (Content-Type: application/json)", 415)
    too_large = RequestError(f"a request has at most {MAX_BODY:,} bytes", TOO_LARGE)
    declared = request.headers.get("content-length")
    if declared is not None and (
        not declared.isdigit() or len(declared) > len(str(MAX_BODY)) or int(declared) > MAX_BODY
    ):
        raise too_large
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:  # the rest is never read: the connection is closed
                raise too_large
    except ClientDisconnect:
        raise RequestError("the request ended before its body") from None
    try:
        return parse_json(bytes(body))
    except TooDeep as exc:
        # the route's pattern, not the path: a seat's token is no line of a log
        path = getattr(request.scope.get("route"), "path", "a request")
        client = request.client.host if request.client is not None else "a client"
        _log.warning("refused %s %s from %s: %s", request.method, path, client, exc)
        raise RequestError(str(exc)) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise RequestError(f"not JSON: {exc}") from None


class TooDeep(ValueError):
    """JSON nested deeper than :data:`MAX_DEPTH` levels."""

    def __init__(self) -> None:
        super().__init__(f"JSON nested too deeply (at most {MAX_DEPTH} levels)")


def parse_json(text: str | bytes) -> Any:
    """The value of a request's JSON text.

    :raises TooDeep: for arrays and objects nested deeper than :data:`MAX_DEPTH` levels
        (which the parser would meet with a ``RecursionError``, and the code that reads
        the value after it might).
    :raises ValueError: for text that is not JSON.
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep() from None
    level: list[tuple[Any, int]] = [(value, 1)]
    while level:
        item, depth = level.pop()
        if isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                raise TooDeep()
            inner = item.values() if isinstance(item, dict) else item
            level.extend((x, depth + 1) for x in inner)
    return value


Endpoint = Callable[[Request], Awaitable[Response]]


def _answers(function: Endpoint) -> Endpoint:
    """An endpoint whose refusals are JSON errors."""

    async def endpoint(request: Request) -> Response:
        try:
            return await function(request)
        except RequestError as exc:
            return _error(exc)

    return endpoint


def create_app(
    settings: Settings | None = None,
    *,
    hub: Hub | None = None,
    on_start: Callable[[Hub], None] | None = None,
) -> Starlette:
    """The server's application; its tables are resumed when it starts (the ASGI
    lifespan; then ``on_start(hub)`` is called) and saved when it stops. Give
    ``settings`` or a ``hub`` made from them."""
    if hub is None:
        if settings is None:
            raise ValueError("create_app needs settings (the folder of the tables) or a hub")
        hub = Hub(settings)
    tables = hub

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await tables.start()
        if on_start is not None:
            on_start(tables)
        try:
            yield
        finally:
            await tables.stop()

    async def start_page(request: Request) -> Response:
        return HTMLResponse(_page("start.html"), headers=_HEADERS)

    async def seat_page(request: Request) -> Response:
        try:
            tables.find(request.path_params["token"])
        except RequestError:
            return HTMLResponse(_page("missing.html"), status_code=404, headers=_HEADERS)
        return HTMLResponse(_page("seat.html"), headers=_HEADERS)

    @_answers
    async def games(request: Request) -> Response:
        return _json({"games": tables.games(), "agents": tables.agents()})

    @_answers
    async def create(request: Request) -> Response:
        return _json(await tables.create(await _body(request)))

    @_answers
    async def seat_state(request: Request) -> Response:
        table, seat = tables.find(request.path_params["token"])
        return _json(tables.message(table, seat))

    @_answers
    async def seat_move(request: Request) -> Response:
        table, seat = tables.find(request.path_params["token"])
        body = await _body(request)
        if not isinstance(body, dict) or not set(body) <= {"move", "at"} or "move" not in body:
            raise RequestError('a move is {"move": notation, "at": decisions made}')
        at = await tables.move(table, seat, body["move"], body.get("at"))
        return _json({"ok": True, "at": at})

    @_answers
    async def seat_card(request: Request) -> Response:
        table, seat = tables.find(request.path_params["token"])
        return _json({"text": table.card_text(seat, request.query_params.get("name"))})

    @_answers
    async def seat_hint(request: Request) -> Response:
        table, seat = tables.find(request.path_params["token"])
        if request.method == "GET":  # the table's setting
            return _json({"hints": table.hints > 0, "iterations": table.hints})
        body = await _body(request)  # JSON, as every POST: no other site's form sends it
        if not isinstance(body, dict) or not set(body) <= {"at"}:
            raise RequestError('a hint is asked for with {} or {"at": decisions made}')
        return _json(await tables.hint(table, seat, body.get("at")))

    async def socket(websocket: WebSocket) -> None:
        await _seat_socket(tables, websocket)

    async def favicon(request: Request) -> Response:
        return Response(FAVICON, media_type="image/svg+xml", headers=_HEADERS)

    routes = [
        Route("/", start_page),
        Route("/favicon.svg", favicon),
        Route("/favicon.ico", favicon),
        Route("/seat/{token}", seat_page),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/seat/{token}", seat_state),
        Route("/api/seat/{token}/move", seat_move, methods=["POST"]),
        Route("/api/seat/{token}/card", seat_card),
        Route("/api/seat/{token}/hint", seat_hint, methods=["GET", "POST"]),
        WebSocketRoute("/ws/{token}", socket),
        Mount("/assets", StaticFiles(packages=[("silkroad.serve", "assets")]), name="assets"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = tables
    return app


async def _seat_socket(tables: Hub, websocket: WebSocket) -> None:
    """A seat's WebSocket: the view pushed as it changes, the page's messages (moves,
    a refresh) answered, until the page goes."""
    await websocket.accept()
    try:
        table, seat = tables.find(websocket.path_params["token"])
    except RequestError as exc:
        await websocket.send_json({"type": "error", "message": exc.message})
        await websocket.close(code=4404)
        return
    connection = tables.connect(table, seat)
    sender = asyncio.ensure_future(_send(websocket, tables, table, seat, connection))
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text")
            if not isinstance(text, str):
                reply: dict[str, Any] | None = {
                    "type": "error",
                    "message": "send text (JSON), not bytes",
                }
            elif _refresh(text):  # the page asks for the full view again
                connection.shown = None
                connection.sent = 0
                connection.dirty.set()
                reply = None
            else:
                try:
                    reply = await _handle(tables, table, seat, text)
                except TooDeep as exc:
                    _log.warning(
                        "closed the WebSocket of table %s, seat %d: %s", table.id, seat, exc
                    )
                    async with connection.lock:
                        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                            await websocket.close(CLOSE_INVALID, str(exc))  # unless gone
                    break
            if reply is not None and not await _push(websocket, connection, reply):
                break
    except WebSocketDisconnect:
        pass
    finally:
        tables.disconnect(table, seat, connection)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _handle(hub: Hub, table: Table, seat: int, text: str) -> dict[str, Any] | None:
    """A page's message: a move (answered only when refused), or an error.

    :raises TooDeep: for JSON nested too deeply (the socket is closed).
    """
    if len(text) > MAX_BODY:
        return {"type": "error", "message": f"a message has at most {MAX_BODY} characters"}
    try:
        message = parse_json(text)
    except TooDeep:
        raise
    except ValueError as exc:
        return {"type": "error", "message": f"not JSON: {exc}"}
    if not isinstance(message, dict) or message.get("type") != "move":
        return {"type": "error", "message": 'send {"type": "move", "move": notation, "at": n}'}
    if not set(message) <= {"type", "move", "at"} or "move" not in message:
        return {"type": "error", "message": 'a move is {"type": "move", "move": ..., "at": n}'}
    try:
        at = await hub.move(table, seat, message["move"], message.get("at"))
    except Refused as exc:
        return {"type": "refused", "message": exc.message, "rule": exc.rule}
    except RequestError as exc:
        return {"type": "error", "message": exc.message}
    return {"type": "accepted", "at": at}


async def _push(
    websocket: WebSocket, connection: Connection, message: dict[str, Any] | str
) -> bool:
    """Send ``message`` (JSON, or its text; one at a time on a socket); False once the
    page has gone."""
    async with connection.lock:
        connected = WebSocketState.CONNECTED
        if websocket.client_state != connected or websocket.application_state != connected:
            return False
        try:
            if isinstance(message, str):
                await websocket.send_text(message)
            else:
                await websocket.send_json(message)
        except (WebSocketDisconnect, RuntimeError, OSError):  # closed meanwhile
            return False
    return True


async def _send(
    websocket: WebSocket, hub: Hub, table: Table, seat: int, connection: Connection
) -> None:
    """Send the seat's view whenever the table changes: the newest only, however many
    decisions were made meanwhile. The first message is the full view; each later one
    an update from the view the page shows (:meth:`Hub.update`), with the log lines
    this page has not had."""
    while True:
        await connection.dirty.wait()
        connection.dirty.clear()
        text, at = hub.update(table, seat, connection.shown, connection.sent)
        connection.shown = at
        connection.sent = at
        if not await _push(websocket, connection, text):
            return

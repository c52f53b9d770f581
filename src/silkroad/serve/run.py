"""Running the server with uvicorn (HTTP and WebSockets)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import uvicorn

from silkroad.serve.app import MAX_BODY, create_app
from silkroad.serve.hub import Hub, Settings
from silkroad.serve.store import Store

__all__ = ["TokenMask", "serve"]

#: A seat's token in a path: ``/seat/TOKEN``, ``/api/seat/TOKEN/move``, ``/ws/TOKEN``.
_TOKEN_IN_PATH = re.compile(r"(/(?:seat|ws)/)[^/?#\s\"']+")


class TokenMask(logging.Filter):
    """Masks the seat tokens in uvicorn's log lines (``/seat/…``): the access log at
    level ``info`` and the WebSocket lines name every path asked for, and a token is
    the key to a seat's hidden cards, which a log must not hand to whoever reads it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN_IN_PATH.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args
            )
        if isinstance(record.msg, str):
            record.msg = _TOKEN_IN_PATH.sub(r"\1…", record.msg)
        return True


def serve(
    settings: Settings,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    on_start: Callable[[Hub], None] | None = None,
    log_level: str = "warning",
) -> None:
    """Serve the tables of ``settings.folder`` on ``host:port`` until stopped (Ctrl-C,
    which uvicorn raises again as ``KeyboardInterrupt`` once the server has stopped and
    every record is written); ``on_start(hub)`` is called once the tables are resumed.
    WebSockets are served by the ``websockets`` package (its sans-I/O protocol), which
    closes a socket whose message is over four times :data:`~silkroad.serve.app.MAX_BODY`
    bytes (the most its characters can take in UTF-8) as it arrives.

    Seat tokens never reach the log: :class:`TokenMask` masks them in uvicorn's lines
    (with ``log_level="info"`` its access log names every path).

    :raises OSError: before anything is served, when the folder's ``seats.toml`` cannot
        be read (one line naming it and what to do).
    """
    Store(settings.folder).read_seats()  # refused here, not as a traceback at startup
    app = create_app(settings, on_start=on_start)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_max_size=4 * MAX_BODY,
    )
    mask = TokenMask()
    for name in ("uvicorn.access", "uvicorn.error"):  # after the config set them up
        logging.getLogger(name).addFilter(mask)
    try:
        uvicorn.Server(config).run()
    finally:
        for name in ("uvicorn.access", "uvicorn.error"):
            logging.getLogger(name).removeFilter(mask)

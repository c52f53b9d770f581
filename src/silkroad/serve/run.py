"""Running the server with uvicorn (HTTP and WebSockets)."""

from __future__ import annotations

from collections.abc import Callable

import uvicorn

from silkroad.serve.app import MAX_BODY, create_app
from silkroad.serve.hub import Hub, Settings
from silkroad.serve.store import Store

__all__ = ["serve"]


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
    uvicorn.Server(config).run()

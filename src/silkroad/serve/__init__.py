"""A table server: people at different screens play one game, each seeing only their
own seat (extra ``serve``: Starlette, uvicorn, websockets).

``silkroad serve`` starts it. A start page creates a table (a title, its options and
who sits where: a person, or an agent of ``silkroad.agents`` with its settings) and
gives one secret link per person. A seat's page shows the table as that seat sees it
(the title's picture of the seat's observation), the seat's legal moves in words when
it decides, and the log of what the seat saw; it is updated over a WebSocket after
every decision. Agents play their seats on the server, in threads.

Every decision is checked by the engine and saved: each table is a record in the
server's folder (``silkroad replay`` and ``silkroad view`` read it) and the seats'
tokens are kept beside them, so a restarted server resumes every table with the same
links. Nothing a seat is sent holds another seat's hidden information, the generator
or the seed: see ``docs/serve.md``.

From Python::

    from silkroad.serve import Settings, create_app
    app = create_app(Settings(folder="tables"))   # an ASGI application
"""

from silkroad.serve.app import create_app
from silkroad.serve.hub import DEFAULT_AGENTS, Hub, Settings
from silkroad.serve.run import serve
from silkroad.serve.tables import Refused, RequestError, Seat, Table, log_entry, seat_view

__all__ = [
    "DEFAULT_AGENTS",
    "Hub",
    "Refused",
    "RequestError",
    "Seat",
    "Settings",
    "Table",
    "create_app",
    "log_entry",
    "seat_view",
    "serve",
]

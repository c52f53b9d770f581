"""A viewer of a game record in the browser: one self-contained HTML page.

:func:`viewer_page` steps through a :class:`~silkroad.core.replay.Record`: forward, back,
to any decision; the list of moves with what each did; a plot of every player's VP; and a
seat selector that shows the table as that seat saw it. The page needs no network: its
style, script, pictures and data are all inside it.

A page built for one seat (``seats=[k]``) holds nothing that seat could not see: its
pictures are drawn from ``observe(state, k)``, its VP are computed from a state dealt from
that observation, and another player's hidden decision is listed as hidden (the title's
``hides_move``). A page for every seat (the default) holds everything, and its seat
selector only chooses what is shown.

The page reads and writes its URL fragment, ``#step=N&seat=K`` (``seat=all`` for
everything), so a link can point at a moment of a game.
"""

from silkroad.view.page import ViewerData, viewer_data, viewer_page, write_viewer, write_viewers

__all__ = ["ViewerData", "viewer_data", "viewer_page", "write_viewer", "write_viewers"]

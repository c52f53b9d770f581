"""A viewer of a game record in the browser: one self-contained HTML page.

:func:`viewer_page` steps through a :class:`~silkroad.core.replay.Record`: forward, back,
to any decision; the list of moves with what each did; a plot of every player's VP; and a
seat selector that shows the table as that seat saw it. The page needs no network: its
style, script, pictures and data are all inside it.

A page built for one seat (``seat=k``) holds nothing that seat could not see: no seed
and no generator (the seed is the whole game), its pictures are drawn from
``observe(state, k)``, its VP are computed from a state dealt from that observation,
another player's hidden decision is listed as hidden (the title's ``hides_move``) and
every other move is told as the seat may know it (``describe_move(state, move, k)``).
At step k the page shows nothing from after it: the VP plot runs to step k, scaled to
the most reached so far, the moves still to come are ``…``, and the result appears at
the last step only. A page for every seat (the default) holds everything, the seed
included, and its seat selector only chooses what is shown; when the record stops
before the game's end, such a page says so at its top (:func:`unfinished_warning`).
The header says the result in a sentence (:func:`plain_result`).

The page reads and writes its URL fragment, ``#step=N&seat=K`` (``seat=all`` for
everything), so a link can point at a moment of a game.
"""

from silkroad.view.page import (
    ViewerData,
    plain_result,
    unfinished_warning,
    viewer_data,
    viewer_page,
    write_viewer,
    write_viewers,
)

__all__ = [
    "ViewerData",
    "plain_result",
    "unfinished_warning",
    "viewer_data",
    "viewer_page",
    "write_viewer",
    "write_viewers",
]

"""Running games between agents: one game (:mod:`~silkroad.arena.match`), seat-rotated
tournaments in processes or on Ray (:mod:`~silkroad.arena.tournament`), and random-playout
speed (:mod:`~silkroad.arena.bench`). The command's ``play``, ``simulate`` and ``bench``
are built on these."""

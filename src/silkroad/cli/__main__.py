"""``python -m silkroad.cli``: the same as the ``silkroad`` command."""

import sys

from silkroad.cli import main

sys.exit(main())

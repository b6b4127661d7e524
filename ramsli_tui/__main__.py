"""``python -m ramsli_tui`` runs the ``ramsli`` command."""

import sys

from .cli import main

sys.exit(main())

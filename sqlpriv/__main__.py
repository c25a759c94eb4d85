"""``python -m sqlpriv`` runs the command line."""

import sys

from sqlpriv.cli import main

sys.exit(main())

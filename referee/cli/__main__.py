"""`python -m referee.cli`, as the `referee` script."""

import sys

from referee.cli import main

sys.exit(main())

"""`python -m proofcheck.cli`: the command line (proofcheck.cli.main)."""
import sys

from proofcheck.cli import main

sys.exit(main())

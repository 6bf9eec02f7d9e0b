"""``python -m referee`` runs the command line."""

from referee.cli import main

main()

"""``python -m referee`` runs the command line."""

from referee.cli import main

if __name__ == "__main__":  # not when a reader process of mail starts from it (``referee.mail.readers``)
    main()

"""``python -m referee.testing``: the command line with the crash points armed and the deliberately
broken game known, for the fault tests.

Same commands as ``referee``; ``REFEREE_CRASH_AT=<point>:<n>`` kills the process the n-th
time it reaches ``<point>`` (see ``referee.testing.faults``); games of kind
``broken-sailors`` (``referee.testing.broken_game``) can be played.
"""

from referee.cli import main
from referee.testing import broken_game, faults

faults.install()
broken_game.install()
main()

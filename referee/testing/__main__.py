"""``python -m referee.testing``: the command line with the crash points armed, for the fault tests.

Same commands as ``referee``; ``REFEREE_CRASH_AT=<point>:<n>`` kills the process the n-th
time it reaches ``<point>`` (see ``referee.testing.faults``).
"""

from referee.cli import main
from referee.testing import faults

faults.install()
main()

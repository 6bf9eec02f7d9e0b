"""``referee demo``: whole games played by bots through the referee's mail.

``campaign`` plays a game and tells how it went (a game on its calendar itself, day by day);
``short`` plays the others phase by phase; what is played and told of each game comes from the
game (``GameKind.demo``); ``files`` writes a demo's configuration and game file and starts its game;
``post`` is the demo's post office (the two Maildirs and the referee's intake and delivery);
``bot_mail`` is the bots' mail client, which the mail benchmarks use too.
"""

from referee.demo.campaign import NAMES, START, DemoError, DemoResult, play, run_demo, start_demo_game

__all__ = ["NAMES", "START", "DemoError", "DemoResult", "play", "run_demo", "start_demo_game"]

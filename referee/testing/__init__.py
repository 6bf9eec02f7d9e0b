"""Support for the tests that also ships for the benchmarks: not imported by the service.

``loopback`` starts throw-away Dovecot and aiosmtpd servers; ``faults`` kills the process
at a named crash point. ``python -m referee.testing`` is the command line with the crash
points armed (see ``__main__``).
"""

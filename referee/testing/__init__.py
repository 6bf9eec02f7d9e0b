"""Support for the tests that also ships for the benchmarks: not imported by the service.

``loopback`` starts throw-away Dovecot and aiosmtpd servers.
"""

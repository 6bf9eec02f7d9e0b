"""``referee bench``: how fast the referee goes.

``boundary`` times one hour boundary for many games; ``mail`` times taking in and answering
player mail on Maildir; ``servers`` does the same through loopback Dovecot and SMTP, next
to the bare protocols of ``transport``.
"""

"""Schedules: the wall-clock boundaries of a game's segments, loaded from ``schedules/*.toml`` (TS-4, TS-5).

See :mod:`referee.schedule.files` for the file format and the loader.
"""

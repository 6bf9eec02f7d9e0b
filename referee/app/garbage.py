"""The cycle collector held back while a batch runs.

A batch of boundaries or of mail makes and drops hundreds of thousands of small objects, almost none
in reference cycles: they are freed as soon as they are dropped. Each few hundred of them would
still start Python's cycle collector, which then walks every object the process holds (the loaded
models, the templates, the ORM's registry): a third of a boundary's time was spent so. While a batch
runs the collector waits; when it ends the collector is given back as it was, and a young
collection picks up whatever cycles the batch left.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Holds back automatic cycle collection for the block (nested blocks are fine)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
            gc.collect(0)

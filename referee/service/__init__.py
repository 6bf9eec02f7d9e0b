"""``referee serve``: the long-running service — mail in, the calendar, mail out — on asyncio."""

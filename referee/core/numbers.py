"""Numbers with the word they count, as people write them: "1 mail", "2 mails"; «1 письмо», «2 письма»,
«5 писем»."""

from __future__ import annotations

from referee.core.russian import plural


def counted(count: int, forms: tuple[str, ...], language: str = "en") -> str:
    """``count`` and the form of its word from ``forms``: English (singular, plural), Russian (after 1,
    after 2–4, after 5): ``counted(5, ("письмо", "письма", "писем"), "ru")`` is «5 писем»."""
    if language == "ru":
        one, few, many = forms
        return f"{count} {plural(count, one, few, many)}"
    return f"{count} {forms[0] if count == 1 else forms[1]}"

"""Words shared by every title's texts: a count and its noun in the right number.

Every text a person reads (the terminal's table, the pictures, the move list, the
explanations) writes a count through :func:`count`, so "1 artisan" and "2 artisans" agree
everywhere::

    >>> count(1, "artisan")
    '1 artisan'
    >>> count(3, "artisan")
    '3 artisans'
    >>> count(1, "coin"), count(0, "coin")
    ('1 coin', '0 coins')
    >>> count(2, "goods", "goods")
    '2 goods'
"""

from __future__ import annotations

__all__ = ["count", "plural"]

#: Nouns whose plural is not the noun with an ``s``.
_IRREGULAR = {"goods": "goods", "VP": "VP", "PP": "PP", "die": "dice", "ox": "oxen"}


def plural(noun: str, n: int = 2, plural_form: str | None = None) -> str:
    """``noun`` in the number of ``n``: itself for 1 (and -1), else its plural
    (``plural_form`` when given; a few irregular ones are known; otherwise ``s`` is
    added, ``es`` after s, x, ch or sh)."""
    if abs(n) == 1:
        return noun
    if plural_form is not None:
        return plural_form
    if noun in _IRREGULAR:
        return _IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def count(n: int, noun: str, plural_form: str | None = None) -> str:
    """``n`` and ``noun`` in its number: ``count(1, "mule") == "1 mule"``,
    ``count(2, "mule") == "2 mules"`` (see :func:`plural`)."""
    return f"{n} {plural(noun, n, plural_form)}"

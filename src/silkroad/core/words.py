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

import re
import textwrap

__all__ = ["count", "plural", "wrap"]

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


#: What ``textwrap`` changes in a line that fits: whitespace other than a space.
_ODD_SPACE = re.compile(r"[\t\n\r\x0b\x0c]")


def wrap(text: str, width: int, indent: str, more: str) -> list[str]:
    """``textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more)``, the
    text tables' line breaking: the same lines, but a text that fits on its line (most
    of a table's lines) is that line at once, at a tenth of ``textwrap``'s cost."""
    if (
        text
        and len(indent) + len(text) <= width
        and not text[-1].isspace()
        and _ODD_SPACE.search(text) is None
    ):
        return [indent + text]
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more)

"""Output headings that would take an analysed column's name get leading underscores (``n`` ->
``_n``, ``row`` -> ``_row``); :func:`free_heading` says so once per result with a
:class:`~sqlpriv.SqlprivWarning` naming the new name, so ``df["n"]`` never silently reads a
user's column instead of the subgroup size.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     free_heading("n", ["N", "age"]), free_heading("level", ["age"])
('_n', 'level')
>>> "'n' is named '_n'" in str(caught[0].message), len(caught)
(True, 1)
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Optional

from sqlpriv.errors import SqlprivWarning, caller_stacklevel


def free_heading(heading: str, taken: Sequence[str], warned: Optional[set[str]] = None) -> str:
    """``heading``, or ``_heading``, ``__heading``... while a name in ``taken`` has it; a renamed
    heading is announced with a warning (once per ``warned`` set, when one is given)."""
    lowered = {t.lower() for t in taken}
    name = heading
    while name.lower() in lowered:
        name = "_" + name
    if name != heading and (warned is None or heading not in warned):
        if warned is not None:
            warned.add(heading)
        warnings.warn(
            f"the output column {heading!r} is named {name!r}: an analysed column is already called "
            f"{heading!r} (read {name!r} for sqlpriv's figure)",
            SqlprivWarning,
            stacklevel=caller_stacklevel(),
        )
    return name


__all__ = ["free_heading"]

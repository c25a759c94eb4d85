"""The one rule for text that reaches SQL: how identifiers and string constants are written for
DuckDB (and its shell, which reads a printed script line by line) and for Spark.

Every byte of a name or a value must come back exactly as it was given, whoever reads the SQL:
DuckDB through the Python API, the ``duckdb`` shell reading a printed script (it cuts a line at
NUL and drops a carriage return before a line end, so its quote tracking would fall out of step),
or Spark (whose parser reads backslash escapes and, unless turned off, substitutes ``${...}``).

* String constants are escaped: DuckDB writes each control character (Unicode ``Cc``: C0, DEL,
  C1) as ``chr(n)`` joined with ``||`` (``('a' || chr(0) || 'b')``); Spark writes control
  characters and ``$`` as ``\\uXXXX`` escapes, backslash and quote as ``\\\\`` and ``\\'``.
* Identifiers cannot be escaped: a name holding NUL or a carriage return is refused
  (:class:`~sqlpriv.errors.ColumnError`); other characters are written raw between the quotes.
* Lone surrogates (text that is not Unicode) are refused in both: no engine can store them.

>>> duckdb_string("it's")
"'it''s'"
>>> duckdb_string("a\\x00b\\n")
"('a' || chr(0) || 'b' || chr(10))"
>>> spark_string("${env:HOME}\\\\'")
"'\\\\u0024{env:HOME}\\\\\\\\\\\\''"
>>> identifier("a\\x00")
Traceback (most recent call last):
...
sqlpriv.errors.ColumnError: the name 'a\\x00' holds a NUL byte, which no SQL text can carry exactly (the duckdb shell cuts a line at NUL); rename it
"""

from __future__ import annotations

import re

from sqlpriv.errors import ColumnError, ParameterError

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # Unicode category Cc
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAME_REFUSED = {
    "\x00": "a NUL byte, which no SQL text can carry exactly (the duckdb shell cuts a line at NUL)",
    "\r": "a carriage return, which no SQL text can carry exactly (the duckdb shell drops it before a line end)",
}
_SPARK_SPECIAL = re.compile("[\x00-\x1f\x7f-\x9f$\\\\']")


def shown(text: str) -> str:
    """``text`` with every control character and lone surrogate made visible (``\\x1b``,
    ``\\ud800``), for a terminal or a message: user text never reaches a terminal raw.

    >>> shown("ok \\x1b[31mred")
    'ok \\\\x1b[31mred'
    """
    return _VISIBLE.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), text)


_VISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def refuse_surrogates(text: str, what: str = "a value") -> str:
    """``text`` unchanged, or one ParameterError when it holds a lone surrogate (not Unicode)."""
    bad = _SURROGATE.search(text)
    if bad is not None:
        raise ParameterError(
            f"{what} {text!r} holds the lone surrogate {bad.group()!r}, which is not Unicode text "
            "and cannot be stored or written; fix its encoding (read the file as UTF-8)"
        )
    return text


def identifier(name: object) -> str:
    """``name`` as text, checked to be writable between identifier quotes in every dialect."""
    text = str(name)
    for char, why in _NAME_REFUSED.items():
        if char in text:
            raise ColumnError(f"the name {text!r} holds {why}; rename it")
    if _SURROGATE.search(text):
        raise ColumnError(f"the name {text!r} holds a lone surrogate (not Unicode text); rename it")
    return text


def duckdb_string(text: str) -> str:
    """A DuckDB string constant reading back exactly ``text`` (see the module docstring)."""
    refuse_surrogates(text)
    if not CONTROL.search(text):
        return "'" + text.replace("'", "''") + "'"
    controls = CONTROL.findall(text)
    pieces = []
    for i, part in enumerate(CONTROL.split(text.replace("'", "''"))):
        if part:
            pieces.append("'" + part + "'")
        if i < len(controls):
            pieces.append(f"chr({ord(controls[i])})")
    return "(" + " || ".join(pieces) + ")"


def spark_string(text: str) -> str:
    """A Spark string constant reading back exactly ``text``, with or without variable substitution."""
    refuse_surrogates(text)
    return "'" + _SPARK_SPECIAL.sub(_spark_escape, text) + "'"


def _spark_escape(match: re.Match[str]) -> str:
    char = match.group()
    return "\\" + char if char in "\\'" else f"\\u{ord(char):04x}"

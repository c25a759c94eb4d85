"""The size limits of sqlpriv, each named once (the templates that need one say where it comes from).

>>> WORD_BITS, MAX_PACKED_COLUMNS, EXACT_COLUMNS
(63, 62, 12)
"""

from __future__ import annotations

from sqlpriv.errors import ParameterError

#: bits of a packed key word: a BIGINT without its sign bit
WORD_BITS = 63
#: a column subset is a bitmask in one BIGINT (sid), so at most this many analysed columns
MAX_PACKED_COLUMNS = WORD_BITS - 1
#: exact uniqueness Shapley (method="auto", single statements, dbt macros, Spark) stops here:
#: it visits 2^d column subsets per pattern
EXACT_COLUMNS = 12
#: all bits of a packed key word set
WORD_MASK = (1 << WORD_BITS) - 1
#: input rows per chunk when a per-row output is written to a file: each chunk is sorted on its
#: own, so writing never holds (and sorts) more rows than this at once (engine/result.py)
PER_ROW_CHUNK = 8_000_000
#: column sets a set search (singling-out, sample uniques) may visit: more is refused
MAX_SETS = 4_000_000
#: (rows x column sets) per generated statement of a set search, to bound its memory
CHUNK_ROWS = 12_000_000
#: at most this many fields (columns and expressions) in one explicit columns= list / request:
#: a request is untrusted input, and its cost grows faster than linearly with its fields
MAX_FIELDS = 128
#: levels of one generalization hierarchy, level 0 (the values) and the top '*' included: the
#: lattice and each level's mapping grow with them (a 600-level hierarchy ran out of memory, a
#: 20,000-level one hung); ARX's hierarchies have a handful
MAX_HIERARCHY_LEVELS = 64
#: rows (values) of one hierarchy table or file: each becomes a row of a VALUES literal in the
#: generated SQL (a 1M-row file took 5 GB)
MAX_HIERARCHY_ROWS = 100_000
#: bytes of one hierarchy file, checked before it is read
MAX_HIERARCHY_BYTES = 64 * 1024 * 1024
#: characters a mask() level may mask (mask:2000000000 built a 2 GB text per value)
MAX_MASK_CHARS = 1024


def check_packed_columns(d: int) -> None:
    """Refuse more analysed columns than one column-set bitmask holds (:data:`MAX_PACKED_COLUMNS`):
    checked once, before any work, with the same error (and CLI exit status 2) in every measure
    that packs column sets.

    >>> check_packed_columns(62)
    >>> check_packed_columns(63)
    Traceback (most recent call last):
    ...
    sqlpriv.errors.ParameterError: 63 analysed columns; at most 62 are allowed (sqlpriv.engine.limits.MAX_PACKED_COLUMNS: a column set is a bitmask in one BIGINT): analyse fewer columns
    """
    if d > MAX_PACKED_COLUMNS:
        raise ParameterError(
            f"{d} analysed columns; at most {MAX_PACKED_COLUMNS} are allowed (sqlpriv.engine.limits."
            "MAX_PACKED_COLUMNS: a column set is a bitmask in one BIGINT): analyse fewer columns"
        )


def fields_allowed(width: int | None = None) -> int:
    """The most fields an explicit column list may name: :data:`MAX_FIELDS`, or the table's own
    ``width`` when it has more columns (a list of its columns costs what no list costs: all of them).

    >>> fields_allowed(), fields_allowed(40), fields_allowed(200)
    (128, 128, 200)
    """
    return max(MAX_FIELDS, width or 0)

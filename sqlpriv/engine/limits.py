"""The size limits of sqlpriv, each named once (the templates that need one say where it comes from).

>>> WORD_BITS, MAX_PACKED_COLUMNS, EXACT_COLUMNS
(63, 62, 12)
"""

from __future__ import annotations

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

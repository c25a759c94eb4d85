"""Singling-out, exhaustive mode: every level from the first masked one at once, over the lattice
of column sets (``sql_templates/singling_out/lattice.sql``; docs/measures.md §4, issue 29 item 3).

The per-record agreement masks of the mask path (masks.sql) decide, for each record left and each
column set, whether the record is unique in the synthetic table and how many original rows match
it; masks.sql lists every (record left, set) pair of a level and tests it against the record's
maximal masks. Here the records left are instead bits, a few 128-bit integers per column set
(``BLOCK_BITS`` = 127 records each: ``bit_or`` aggregates them about as fast as a count, where a
``bitstring_agg`` took twice that), and the covering is a superset ("zeta") transform over the 2^d
column sets, one pass per column: a fixed handful of statements whatever the number of records,
and no (record, set) pair is listed except the records' singling-out sets.
Chosen when the lattice is small (:func:`lattice_fits`); the same summary, details and tree as the
mask path and the refinement.

>>> lattice_rows(15, 5), blocks(1_090), lattice_bytes(15, 5, 1_090)
(30827, 9, 30580384)
>>> lattice_fits(15, 5, 1_090, None), lattice_fits(15, 5, 1_090, 10**6), lattice_fits(30, 5, 10, None)
(True, False, False)
>>> lattice_fits(15, 5, BLOCK_BITS * LATTICE_MAX_BLOCKS + 1, None)  # too many records left: the pairs path
False
>>> t = {n: n for n in ("records", "syn_codes", "ori_codes", "hits", "stats", *TABLES)}
>>> sql = lattice_statements(t, [[]], 2, 1, 2, 3)  # 2 columns: 2 passes of the transform
>>> len(sql), sql[-1].split()[:3]
(10, ['insert', 'into', '"stats"'])
"""

from __future__ import annotations

import math

from sqlpriv.engine.templates import create_table, insert_into, render

#: records per 128-bit block of bits (at most 127: no shift reaches the sign bit)
BLOCK_BITS = 127
#: the lattice path runs only over at most this many column sets (those of ``first`` columns or
#: more, 2^d in all): each pass of the transform reads and writes every one of them
LATTICE_MAX_ROWS = 2**20
#: ... and for at most this many blocks of ``BLOCK_BITS`` records left (each set holds 3 x 16 bytes per block)
LATTICE_MAX_BLOCKS = 64
#: bytes one lattice row holds besides its blocks (set id, row overhead)
LATTICE_ROW_BYTES = 64
#: the tables the lattice path keeps (besides the search's records, coded rows, hits and stats)
TABLES = ("driver", "syn_seed", "ori_masks", "ori_seed", "lattice", "found")


def lattice_rows(d: int, first: int) -> int:
    """The column sets of ``first`` to ``d`` columns (the lattice's rows)."""
    return sum(math.comb(d, k) for k in range(max(first, 0), d + 1))


def blocks(records: int) -> int:
    """The 128-bit integers (``BLOCK_BITS`` records each) that hold ``records`` records' bits, at least one."""
    return max(1, math.ceil(records / BLOCK_BITS))


def lattice_bytes(d: int, first: int, records: int) -> int:
    """What the lattice's two copies (a pass reads one, writes the next) hold for ``records`` records left."""
    return 2 * lattice_rows(d, first) * (3 * 16 * blocks(records) + LATTICE_ROW_BYTES)


def lattice_fits(d: int, first: int, records: int, budget: int | None) -> bool:
    """Whether the lattice path runs: at most ``LATTICE_MAX_ROWS`` sets and within ``budget`` bytes (None: no limit)."""
    if d > 62 or lattice_rows(d, first) > LATTICE_MAX_ROWS or blocks(records) > LATTICE_MAX_BLOCKS:
        return False
    return budget is None or lattice_bytes(d, first, records) <= budget


def lattice_statements(
    t: dict[str, str], words: list[list[dict[str, int]]], d: int, first: int, max_cols: int, records: int, pad: int = 1
) -> list[str]:
    """The statements of the levels ``first..max_cols`` (``records`` records left, the cross products
    driven by a table padded ``pad`` times when above 1): they append to the hits and stats tables."""

    def part(name: str, j: int = 0) -> str:
        return render(
            "singling_out/lattice.sql",
            t=t,
            words=words,
            part=name,
            first=first,
            max_cols=max_cols,
            d=d,
            records=records,
            blocks=blocks(records),
            width=BLOCK_BITS,
            j=j,
            pad=pad,
        )

    out = [create_table(t["records"], part("records"))]
    out += [create_table(t["driver"], part("driver"))] if pad > 1 else []
    out += [create_table(t[name], part(name)) for name in ("syn_seed", "ori_masks", "ori_seed", "lattice")]
    out += [create_table(t["lattice"], part("zeta", j)) for j in range(d)]
    out += [create_table(t["found"], part("found")), insert_into(t["hits"], part("hits"))]
    out.append(insert_into(t["stats"], part("stats")))
    return out


__all__ = [
    "BLOCK_BITS",
    "LATTICE_MAX_BLOCKS",
    "LATTICE_MAX_ROWS",
    "LATTICE_ROW_BYTES",
    "TABLES",
    "blocks",
    "lattice_bytes",
    "lattice_fits",
    "lattice_rows",
    "lattice_statements",
]

"""Bit layout of packed pattern keys: each column's dictionary code at an offset in a word.

Packing the analysed columns into a few BIGINT words lets every cohort of a
column subset be addressed by ``word & mask``: one integer comparison instead
of a NULL-safe comparison per column.

>>> plan_words([3, 1000, 1])
[[{'j': 0, 'offset': 0, 'bits': 2, 'mask': 3}, {'j': 1, 'offset': 2, 'bits': 10, 'mask': 4092}, {'j': 2, 'offset': 12, 'bits': 1, 'mask': 4096}]]
>>> len(plan_words([2**40, 2**40]))
2
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlpriv.engine.limits import MAX_PACKED_COLUMNS, WORD_BITS

__all__ = ["MAX_PACKED_COLUMNS", "WORD_BITS", "Field", "bits_for", "fields", "plan_words", "set_chunks"]


def bits_for(cardinality: int) -> int:
    """Bits needed for codes 1..cardinality (0 is reserved for 'not in the subset')."""
    return max(1, int(cardinality).bit_length())


def plan_words(cardinalities: list[int]) -> list[list[dict[str, int]]]:
    """Greedy first-fit packing of the columns' code fields into 63-bit words."""
    words: list[list[dict[str, int]]] = []
    used: list[int] = []
    for j, k in enumerate(cardinalities):
        bits = bits_for(k)
        for w, u in enumerate(used):  # noqa: B007 (w is the word found, used after the loop)
            if u + bits <= WORD_BITS:
                break
        else:
            words.append([])
            used.append(0)
            w = len(words) - 1
        offset = used[w]
        words[w].append({"j": j, "offset": offset, "bits": bits, "mask": ((1 << bits) - 1) << offset})
        used[w] += bits
    return words


@dataclass(frozen=True)
class Field:
    """Where column ``j``'s code sits in a packed pattern key: word ``word``, ``bits`` bits at
    ``offset`` (``mask`` = those bits set)."""

    j: int
    word: int
    offset: int
    bits: int
    mask: int


def fields(words: list[list[dict[str, int]]]) -> list[Field]:
    """The packed layout as one :class:`Field` per column, in column order.

    >>> [(f.j, f.word, f.offset) for f in fields(plan_words([3, 2**62, 2]))]
    [(0, 0, 0), (1, 1, 0), (2, 0, 2)]
    """
    out = [Field(f["j"], w, f["offset"], f["bits"], f["mask"]) for w, word in enumerate(words) for f in word]
    return sorted(out, key=lambda f: f.j)


def set_chunks(total: int, per_chunk: int) -> list[tuple[int, int]]:
    """The 1-based, inclusive ranges ``(lo, hi)`` of ``per_chunk`` column sets each (at least 1)
    that cover sets ``1..total``: one generated statement per range.

    >>> set_chunks(7, 3), set_chunks(2, 0)
    ([(1, 3), (4, 6), (7, 7)], [(1, 1), (2, 2)])
    """
    per_chunk = max(1, per_chunk)
    return [(lo, min(total, lo + per_chunk - 1)) for lo in range(1, total + 1, per_chunk)]

"""Singling-out risk of synthetic data and minimal sample uniques (SUDA) (``sql_templates/singling_out/``,
docs/measures.md §4): :func:`sqlpriv.singling_out` and :func:`sqlpriv.sample_uniques`."""

from sqlpriv.singling_out.measure import CHUNK_ROWS, DATETIME_UNITS, MAX_SETS, MODES, SinglingOutResult, singling_out
from sqlpriv.singling_out.uniques import SampleUniquesResult, sample_uniques

__all__ = [
    "CHUNK_ROWS",
    "DATETIME_UNITS",
    "MAX_SETS",
    "MODES",
    "SampleUniquesResult",
    "SinglingOutResult",
    "sample_uniques",
    "singling_out",
]

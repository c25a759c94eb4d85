"""The small mixed table of the chunked per-row writer tests (test_shapley_stream, test_pif_stream)."""

from __future__ import annotations

import numpy as np
import pandas as pd


def mixed_table(n: int, seed: int, null_every: int, key_step: int) -> pd.DataFrame:
    """``n`` rows: ``a`` (0-5, a NULL every ``null_every`` rows: a category, or dropped with
    ``dropna=True``), ``b`` (3 strings), ``c`` (0-2) and ``id``, a key that is not the position
    (descending, ``key_step`` apart)."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 6, n).astype(float)
    a[::null_every] = np.nan
    return pd.DataFrame(
        {
            "a": a,
            "b": rng.choice(["x", "y", "z"], n),
            "c": rng.integers(0, 3, n),
            "id": np.arange(n)[::-1] * key_step,
        }
    )

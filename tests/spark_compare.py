"""Comparing a Spark result with DuckDB's, cell by cell: one place for the Spark test files.

>>> assert_same(pd.DataFrame({"x": [1.0, None]}), pd.DataFrame({"x": [1.0 + 1e-12, None]}))
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pandas as pd


def plain(value: Any) -> Any:
    """A cell as plain Python (Spark gives numpy arrays and NaN where DuckDB gives lists and NULL)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [plain(v) for v in value]
    if isinstance(value, (float, np.floating)) and math.isnan(value):
        return None
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    return value.item() if hasattr(value, "item") else value


def assert_same(got: pd.DataFrame, expected: pd.DataFrame) -> None:
    """Same headings and rows; numbers to 1e-9, NULLs in the same places, the rest equal."""
    assert list(got.columns) == list(expected.columns)
    assert len(got) == len(expected) > 0
    for col in expected.columns:
        a, b = [plain(v) for v in got[col]], [plain(v) for v in expected[col]]
        if all(isinstance(v, float) or v is None for v in b) and any(isinstance(v, float) for v in b):
            assert [v is None for v in a] == [v is None for v in b], col
            np.testing.assert_allclose(
                [v for v in a if v is not None], [v for v in b if v is not None], rtol=0, atol=1e-9, err_msg=col
            )
        else:
            assert a == b, col


def wide_table(seed: int, n: int, d: int) -> pd.DataFrame:
    """``d`` integer columns of 20 to 60 values each with NULLs (5 or 6 bits each in a packed
    word, so 8 columns and more reach past bit 32), the first two named ``a b`` and ``c`d``."""
    rng = random.Random(seed)
    names = ["a b", "c`d"] + [f"w{j}" for j in range(2, d)]
    return pd.DataFrame(
        {
            name: pd.array(
                [None if rng.random() < 0.1 else rng.randrange(20 + (13 * j) % 41) for _ in range(n)], dtype="Int64"
            )
            for j, name in enumerate(names)
        }
    )

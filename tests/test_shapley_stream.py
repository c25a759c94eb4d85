"""Per-row Shapley output written chunk by chunk of input positions (issue 14, target 8).

The oracle and property tests check the values of ``per_row().df()``; these check that the
chunked file writers give exactly those rows, in input order, whatever the chunk size.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine import limits
from tests.stream_table import mixed_table


def _table(n: int = 500) -> pd.DataFrame:
    return mixed_table(n, seed=7, null_every=37, key_step=3)


@pytest.mark.parametrize("chunk", [1, 7, 64, 499, 500, 10_000])
@pytest.mark.parametrize("options", [{}, {"key": "id"}, {"dropna": True}, {"key": "id", "dropna": True}])
def test_chunked_file_equals_frame(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int, options: dict) -> None:
    df = _table()
    expected = sqlpriv.uniqueness_shapley(df, columns=["a", "b", "c"], **options).per_row().df()
    monkeypatch.setattr(limits, "PER_ROW_CHUNK", chunk)
    result = sqlpriv.uniqueness_shapley(df, columns=["a", "b", "c"], **options).per_row()
    assert len(result.chunks) == -(-len(df) // chunk)
    got = pd.read_parquet(result.to_parquet(tmp_path / "out.parquet"))
    pd.testing.assert_frame_equal(got, expected)
    got_csv = pd.read_csv(result.to_csv(tmp_path / "out.csv"))
    np.testing.assert_allclose(got_csv.to_numpy(float), expected.to_numpy(float), rtol=0, atol=1e-12)
    # input order: the position (or the key) of every kept input row, in order
    kept = df.dropna() if options.get("dropna") else df
    order = kept["id"].to_numpy() if "key" in options else kept.index.to_numpy()
    assert got.iloc[:, 0].tolist() == order.tolist()

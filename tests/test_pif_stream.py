"""Per-row information factors written chunk by chunk of input positions (issue 14).

Files of CIG, wCIG and CSF per row and of RIG pack each row's pattern on the fly from the
analysed rows (no per-row codes table) and are written one chunk of input positions at a time. The oracle tests
in ``test_pif.py`` check the values of ``.df()``; these check that the chunked files give exactly
those rows, in input order, whatever the chunk size, and that the per-row values still equal a
brute-force CIG written here.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sqlpriv.engine import limits
from sqlpriv.errors import SourceError
from sqlpriv.pif.measure import information_factors, rig
from tests.stream_table import mixed_table


def _table(n: int = 300) -> pd.DataFrame:
    return mixed_table(n, seed=11, null_every=29, key_step=5)


def _brute_cig(df: pd.DataFrame, columns: list[str]) -> np.ndarray:
    """CIG per row and column from its definition: the KL divergence, in bits, of the column's
    distribution inside the row's leave-one-out cohort from its distribution in the whole table."""
    rows = [tuple("NULL" if pd.isna(v) else repr(v) for v in r) for r in df[columns].itertuples(index=False)]
    n, d = len(rows), len(columns)
    out = np.zeros((n, d))
    for j in range(d):
        q = Counter(r[j] for r in rows)
        for i, row in enumerate(rows):
            cohort = Counter(r[j] for r in rows if all(r[k] == row[k] for k in range(d) if k != j))
            size = sum(cohort.values())
            out[i, j] = sum(c / size * math.log2((c / size) / (q[v] / n)) for v, c in cohort.items())
    return out


@pytest.mark.parametrize("chunk", [37, 299, 10_000])
@pytest.mark.parametrize("options", [{}, {"key": "id"}, {"dropna": True}, {"key": "id", "dropna": True}])
def test_chunked_pif_files_equal_frames(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int, options: dict
) -> None:
    df = _table()
    columns = ["a", "b", "c"]
    whole = information_factors(df, columns=columns, **options)
    expected = {m: whole.measure(m).df() for m in ("cig", "wcig", "csf")}
    expected_rig = rig(whole.cig()).df()
    monkeypatch.setattr(limits, "PER_ROW_CHUNK", chunk)
    factors = information_factors(df, columns=columns, **options)
    kept = df.dropna() if options.get("dropna") else df
    order = kept["id"].to_numpy() if "key" in options else kept.index.to_numpy()
    for measure, frame in expected.items():
        result = factors.measure(measure)
        assert len(result.chunks) == -(-len(df) // chunk)
        got = pd.read_parquet(result.to_parquet(tmp_path / f"{measure}.parquet"))
        pd.testing.assert_frame_equal(got, frame)
        assert got.iloc[:, 0].tolist() == order.tolist()
    got_rig = pd.read_csv(rig(factors.cig()).to_csv(tmp_path / "rig.csv"))
    np.testing.assert_allclose(got_rig.to_numpy(float), expected_rig.to_numpy(float), rtol=0, atol=1e-12)
    assert got_rig.iloc[:, 0].tolist() == order.tolist()
    if chunk == 37:  # the values themselves, against the definition
        brute = _brute_cig(kept.reset_index(drop=True), columns)
        np.testing.assert_allclose(expected["cig"][columns].to_numpy(float), brute, rtol=0, atol=1e-9)


def test_files_build_no_per_row_table(tmp_path: Path) -> None:
    """File writers pack the rows on the fly (no per-row codes table); in-memory results build
    the codes table once and share it."""
    factors = information_factors(_table(), columns=["a", "b", "c"])
    factors.cig().to_parquet(tmp_path / "cig.parquet")
    rig(factors.csf()).to_csv(tmp_path / "rig.csv")
    assert "pif_cells" in factors.frame.plan.done
    assert "codes" not in factors.frame.plan.done
    factors.wcig().df()
    assert "codes" in factors.frame.plan.done


def test_a_chunk_that_fails_raises_its_own_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A source found changed before a later chunk (the plan's guards run before every chunk)
    stops the write with that SourceError, not the writer's wrapped stream failure, and leaves
    no file behind."""
    source = tmp_path / "source.parquet"
    _table().to_parquet(source)
    monkeypatch.setattr(limits, "PER_ROW_CHUNK", 50)
    factors = information_factors(str(source), columns=["a", "b", "c"])
    factors.frame.plan.ensure(factors.chunk_needs("cig"))
    calls = []

    def changed_after_two_checks() -> None:
        calls.append(1)
        if len(calls) > 2:
            raise SourceError("the source changed since it was analysed; run the measure again")

    factors.frame.plan.guards.append(changed_after_two_checks)
    out = tmp_path / "cig.parquet"
    with pytest.raises(SourceError, match="changed since it was analysed"):
        factors.cig().to_parquet(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["source.parquet"]

"""Identifier-like columns (issue 15 item 6): a column whose distinct count equals or nearly
equals the row count gets a SqlprivWarning naming it and saying what to do, in every family;
``key=`` / ``--key`` takes it out of the analysis and the same check tells when a key does not
identify the rows. Oracle: the distinct counts are taken here with pandas."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine.identifiers import IDENTIFIER_MIN_ROWS, IDENTIFIER_SHARE
from sqlpriv.errors import SqlprivWarning
from sqlpriv.request.measure import assess_request
from sqlpriv.singling_out import sample_uniques, singling_out

N = 200


@pytest.fixture(scope="module")
def voters() -> pd.DataFrame:
    rng = np.random.default_rng(0)
    ids = rng.permutation(N)
    near = ids.copy()
    near[:4] = near[4]  # 196 distinct of 200: nearly an identifier (98%)
    return pd.DataFrame(
        {"voter_id": ids, "near_id": near, "zip": rng.integers(0, 5, N), "age": rng.integers(18, 30, N)}
    )


def flagged(fn) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn()
    return [
        str(w.message)
        for w in caught
        if issubclass(w.category, SqlprivWarning) and "looks like an identifier" in str(w.message)
    ]


def oracle(df: pd.DataFrame) -> list[str]:
    """The columns whose distinct count is at least IDENTIFIER_SHARE of the rows (NULL a value)."""
    if len(df) < IDENTIFIER_MIN_ROWS:
        return []
    return [c for c in df.columns if df[c].nunique(dropna=False) >= IDENTIFIER_SHARE * len(df)]


def names(messages: list[str]) -> list[str]:
    return [m.split("'")[1] for m in messages]


def test_oracle_flags_the_identifiers(voters):
    assert oracle(voters) == ["voter_id", "near_id"]


def test_shapley_warns_and_suggests_key(voters):
    msgs = flagged(lambda: sqlpriv.uniqueness_shapley(voters))
    assert names(msgs) == oracle(voters)
    assert "200 distinct values in 200 rows" in msgs[0] and "key='voter_id'" in msgs[0] and "--key voter_id" in msgs[0]
    assert "196 distinct values in 200 rows" in msgs[1] and "98.0% of the rows" in msgs[1]
    # key= takes the identifier out of the analysis: no warning for it
    assert flagged(lambda: sqlpriv.uniqueness_shapley(voters, columns=["zip", "age"], key="voter_id")) == []


def test_key_that_does_not_identify_the_rows_warns(voters):
    with pytest.warns(SqlprivWarning, match="key column 'zip' has 5 distinct non-NULL values in 200 rows"):
        sqlpriv.uniqueness_shapley(voters, columns=["age"], key="zip")


def test_information_factors_warn(voters):
    from sqlpriv.pif import information_factors

    assert names(flagged(lambda: information_factors(voters))) == oracle(voters)


def test_request_warns_in_the_report_and_as_a_warning(voters):
    msgs = flagged(lambda: assess_request(voters, ["voter_id", "zip"]).decision)  # lazy: warns on first use
    assert names(msgs) == ["voter_id"]
    assert "weights=" in msgs[0]
    a = assess_request(voters, ["voter_id", "zip"])
    assert any("'voter_id' looks like an identifier" in w for w in a.warnings)
    # a weighted identifier (re-keyed per request) is declared, not flagged
    assert flagged(lambda: assess_request(voters, ["voter_id", "zip"], weights={"voter_id": 0.9}).decision) == []


def test_singling_out_and_sample_uniques_warn(voters):
    msgs = flagged(lambda: singling_out(voters, voters, progress=False, max_cols=1))
    assert names(msgs) == oracle(voters) and "columns=" in msgs[0]
    assert flagged(lambda: singling_out(voters, voters, columns=["zip", "age"], progress=False)) == []
    assert names(flagged(lambda: sample_uniques(voters, max_cols=1))) == oracle(voters)


def test_no_warning_without_identifiers_or_in_tiny_tables(voters):
    assert flagged(lambda: sqlpriv.uniqueness_shapley(voters, columns=["zip", "age"])) == []
    tiny = voters.head(IDENTIFIER_MIN_ROWS - 1)
    assert oracle(tiny) == [] and flagged(lambda: sqlpriv.uniqueness_shapley(tiny)) == []


def test_command_line_prints_one_warning_line(voters, tmp_path):
    path = tmp_path / "voters.csv"
    voters.to_csv(path, index=False)
    for argv in (
        ["shapley", str(path)],
        ["pif", str(path)],
        ["uniques", str(path), "--max-cols", "1"],
        ["singling-out", str(path), str(path), "--max-cols", "1", "--quiet"],
    ):
        out = subprocess.run([sys.executable, "-m", "sqlpriv", *argv], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        lines = [line for line in out.stderr.splitlines() if "looks like an identifier" in line]
        assert [line.split("'")[1] for line in lines] == ["voter_id", "near_id"], argv
        assert all(line.startswith("sqlpriv: warning: column ") for line in lines)
    out = subprocess.run(
        [sys.executable, "-m", "sqlpriv", "shapley", str(path), "-c", "zip,age", "--key", "voter_id"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0 and "looks like an identifier" not in out.stderr


def _key_warning(frame: pd.DataFrame) -> str | None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sqlpriv.uniqueness_shapley(frame, columns=["a"], key="k")
    msgs = [str(w.message) for w in caught if "key column" in str(w.message)]
    assert len(msgs) <= 1
    return msgs[0] if msgs else None


@pytest.mark.parametrize("span", [16, 0])  # the bitmap of an integer key's range, and count(distinct)
@pytest.mark.parametrize("dtype", ["Int16", "Int64", "UInt32", "string"])
def test_the_key_check_counts_distinct_keys_exactly(dtype, span, monkeypatch):
    """The count in the key warning equals Python's count of distinct non-NULL keys, for integer
    keys of several widths (with NULLs, negatives and a value far out of range, which takes the
    count(distinct) path) and text keys; a key with a distinct value per row gives no warning."""
    from sqlpriv.engine import cohort_warnings

    monkeypatch.setattr(cohort_warnings, "KEY_BITMAP_SPAN", span)
    rng = np.random.default_rng(7)
    cases = [list(range(50)), list(range(-20, 30))]
    for _ in range(12):
        size = int(rng.integers(2, 60))
        keys: list = [int(v) for v in rng.integers(-40, 40, size)]
        keys = [None if rng.random() < 0.1 else v for v in keys]
        cases.append(keys)
    cases.append([0, 5, 10**9] if dtype != "Int16" else [0, 5, 30_000])  # a range far wider than the rows
    cases.append([7, 7, 10**9, None] if dtype != "Int16" else [7, 7, 30_000, None])
    for keys in cases:
        if dtype == "UInt32":
            keys = [None if v is None else abs(v) for v in keys]
        column = pd.array([None if v is None else (str(v) if dtype == "string" else v) for v in keys], dtype=dtype)
        frame = pd.DataFrame({"k": column, "a": [i % 3 for i in range(len(keys))]})
        distinct = len({v for v in keys if v is not None})
        msg = _key_warning(frame)
        if distinct == len(keys):
            assert msg is None, (keys, msg)
        else:
            assert msg is not None and f"has {distinct:,} distinct non-NULL values in {len(keys):,} rows" in msg, (
                keys,
                msg,
            )

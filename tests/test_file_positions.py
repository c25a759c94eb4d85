"""Input positions read from Parquet files (issue 14, target 8): a Parquet source is analysed
through a view numbered by DuckDB's ``file_row_number`` plus per-file offsets, with no copy of
its rows. Every result must be the one the same rows give as a DataFrame (numbered by the
input table): values, per-row order, keys, dropped rows, positional subgroups, chunked files.
The files are written so that DuckDB's read order (sorted names, a subfolder last) differs from
their creation order and their sizes differ, so a wrong or missing offset moves rows."""

from __future__ import annotations

from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.engine import limits

# created in this order; DuckDB reads them sorted: A2, a10, a9, b, sub/c
NAMES = ["b.parquet", "a10.parquet", "a9.parquet", "A2.parquet", "sub/c.parquet"]
SIZES = [130, 420, 75, 260, 310]


def _frame(n: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 5, n).astype(float)
    a[rng.random(n) < 0.05] = np.nan  # NULLs: a category, or dropped with dropna=True
    return pd.DataFrame(
        {
            "a": a,
            "b": rng.choice(["x", "y", "z"], n),
            "c": rng.integers(0, 4, n),
            "id": rng.permutation(10 * n)[:n] + 100_000 * seed,  # a key unrelated to the position
            "other": rng.integers(0, 3, n),  # not analysed: by() must match it to rows by position
        }
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, pd.DataFrame]:
    """A glob of multi-row-group Parquet files and the same rows, in DuckDB's read order."""
    folder = tmp_path_factory.mktemp("parts")
    (folder / "sub").mkdir()
    parts = {name: _frame(n, seed) for seed, (name, n) in enumerate(zip(NAMES, SIZES))}
    con = duckdb.connect()
    for name, part in parts.items():
        con.register("part", part)
        con.execute(f"copy part to '{folder / name}' (format parquet, row_group_size 64)")
        con.unregister("part")
    order = sorted(NAMES[:-1]) + NAMES[-1:]  # DuckDB's glob order: sorted paths
    assert [
        Path(f).relative_to(folder).as_posix()
        for (f,) in con.execute(f"select file from glob('{folder}/**/*.parquet')").fetchall()
    ] == order
    return str(folder / "**" / "*.parquet"), pd.concat([parts[n] for n in order], ignore_index=True)


def _analysed_sql(result: sqlpriv.ShapleyResult) -> str:
    return "\n".join(result.frame.plan.steps["analysed"].statements)


@pytest.mark.parametrize("options", [{}, {"key": "id"}, {"dropna": True}, {"key": "id", "dropna": True}])
def test_glob_per_row_equals_the_same_rows_as_a_frame(files: tuple[str, pd.DataFrame], options: dict) -> None:
    glob, df = files
    got_result = sqlpriv.uniqueness_shapley(glob, columns=["a", "b", "c"], threads=2, **options)
    assert "file_row_number" in _analysed_sql(got_result)  # positions from the files, no input table
    assert got_result.frame.names["input"] not in _analysed_sql(got_result)
    got = got_result.per_row().df()
    expected_result = sqlpriv.uniqueness_shapley(df, columns=["a", "b", "c"], threads=2, **options)
    assert "file_row_number" not in _analysed_sql(expected_result)
    pd.testing.assert_frame_equal(got, expected_result.per_row().df())
    kept = df.dropna(subset=["a"]) if options.get("dropna") else df
    first = kept["id"].to_numpy() if "key" in options else kept.index.to_numpy()
    assert got.iloc[:, 0].tolist() == first.tolist()
    # brute force: each row's values add up to log2(n / its cohort size)
    sizes = kept.groupby(["a", "b", "c"], dropna=False)["b"].transform("size").to_numpy()
    total = got[["a", "b", "c"]].sum(axis=1).to_numpy()
    np.testing.assert_allclose(total, np.log2(len(kept) / sizes), atol=1e-9)
    # a subgroup read from a column that is not analysed is matched to the rows by position
    by_got = got_result.by("other").df().sort_values("level").reset_index(drop=True)
    by_expected = expected_result.by("other").df().sort_values("level").reset_index(drop=True)
    pd.testing.assert_frame_equal(by_got, by_expected, atol=1e-12)


@pytest.mark.parametrize("chunk", [1, 100, 211, 10_000])
def test_glob_chunked_file_equals_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: tuple[str, pd.DataFrame], chunk: int
) -> None:
    glob, df = files
    expected = sqlpriv.uniqueness_shapley(df, columns=["a", "b", "c"], key="id", dropna=True).per_row().df()
    monkeypatch.setattr(limits, "PER_ROW_CHUNK", chunk)
    result = sqlpriv.uniqueness_shapley(glob, columns=["a", "b", "c"], key="id", dropna=True).per_row()
    assert len(result.chunks) == -(-len(df) // chunk)
    pd.testing.assert_frame_equal(pd.read_parquet(result.to_parquet(tmp_path / "out.parquet")), expected)


def test_single_file_with_row_groups_and_information_factors(tmp_path: Path, files: tuple[str, pd.DataFrame]) -> None:
    _, df = files
    path = tmp_path / "one.parquet"
    df.to_parquet(path, row_group_size=100)
    result = sqlpriv.uniqueness_shapley(str(path), columns=["a", "b", "c"], key="id", dropna=True)
    assert "file_row_number" in _analysed_sql(result) and "filename" not in _analysed_sql(result)
    expected = sqlpriv.uniqueness_shapley(df, columns=["a", "b", "c"], key="id", dropna=True)
    pd.testing.assert_frame_equal(result.per_row().df(), expected.per_row().df())
    # the other measures on the same view: PIF per row, in input order
    pd.testing.assert_frame_equal(
        sqlpriv.cig(str(path), columns=["a", "b", "c"], key="id").df(),
        sqlpriv.cig(df, columns=["a", "b", "c"], key="id").df(),
    )


def test_columns_named_like_the_added_ones_keep_the_input_table(tmp_path: Path) -> None:
    df = pd.DataFrame({"filename": ["p", "q", "p", "r"], "a": [1, 1, 2, 2]})
    path = tmp_path / "named.parquet"
    df.to_parquet(path)
    result = sqlpriv.uniqueness_shapley(str(path))
    assert "file_row_number" not in _analysed_sql(result)
    pd.testing.assert_frame_equal(result.per_row().df(), sqlpriv.uniqueness_shapley(df).per_row().df())


def _write(frame: pd.DataFrame, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    duckdb.from_df(frame).write_parquet(str(tmp))
    tmp.replace(path)


@pytest.mark.parametrize("change", ["replace", "add", "remove"])
def test_a_source_changed_after_the_analysis_is_refused(tmp_path, change):
    """The files are read at each step, not copied: once a file is replaced, or a file is added to
    or removed from the glob, every further result is refused with one clear error (instead of
    rows mixed from old and new files, or rows without a position); before that, results work."""
    from sqlpriv.errors import SourceError

    folder = tmp_path / "parts"
    folder.mkdir()
    for i, name in enumerate(["p1.parquet", "p2.parquet"]):
        _write(_frame(80 + 40 * i, 20 + i), folder / name)
    r = sqlpriv.uniqueness_shapley(str(folder / "*.parquet"), columns=["a", "b", "c"], key="id")
    before = r.per_row().df()
    assert len(before) == 200
    if change == "replace":
        _write(_frame(90, 30), folder / "p2.parquet")
    elif change == "add":
        _write(_frame(10, 31), folder / "p3.parquet")
    else:
        (folder / "p1.parquet").unlink()
    for ask in (lambda: r.per_row().df(), lambda: r.summary().df(), lambda: r.by("other").df()):
        with pytest.raises(SourceError, match="changed since it was analysed"):
            ask()

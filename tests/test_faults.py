"""Faults (issue 10.4) and input edge cases (10.5): interrupted and concurrent writes, output
folders that cannot be written, a memory limit far below the data, duplicate column names,
a directory as the source."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.errors import ColumnError, OutputError, SourceError


@pytest.fixture(scope="module")
def big_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Large enough that computing and writing per-row values takes a few seconds."""
    path = tmp_path_factory.mktemp("big") / "big.csv"
    rng = np.random.default_rng(0)
    n = 300_000
    pd.DataFrame({f"c{j}": rng.integers(0, 40, n) for j in range(6)}).to_csv(path, index=False)
    return path


def _sqlpriv(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "sqlpriv", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_interrupted_write_leaves_no_output_and_no_temp_files(big_csv: Path, tmp_path: Path, sig: int) -> None:
    out = tmp_path / "out"
    out.mkdir()
    target = out / "phi.parquet"
    proc = _sqlpriv("shapley", str(big_csv), "--per-row", str(target), "--threads", "1")
    deadline = time.time() + 60
    while time.time() < deadline and not any(p.name.endswith(".tmp") for p in out.iterdir()):
        time.sleep(0.02)
    assert any(p.name.endswith(".tmp") for p in out.iterdir()), "the write never started"
    time.sleep(0.3)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    if proc.returncode == 0:  # finished before the signal arrived: then the file is complete
        assert pd.read_parquet(target).shape[0] == 300_000
    else:
        assert proc.returncode == 128 + sig, err
        assert b"interrupted" in err and b"Traceback" not in err
        assert not target.exists()
    assert [p.name for p in out.iterdir() if p.name != "phi.parquet"] == [], "temp files left behind"


def test_two_concurrent_writers_leave_one_complete_file(big_csv: Path, tmp_path: Path) -> None:
    target = tmp_path / "phi.parquet"
    procs = [_sqlpriv("shapley", str(big_csv), "--per-row", str(target), "--threads", "1") for _ in range(2)]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["phi.parquet"]
    df = pd.read_parquet(target)
    assert df.shape == (300_000, 7)
    assert df["row"].tolist() == list(range(300_000))


@pytest.mark.parametrize("folder", ["/proc/sqlpriv-no-such/out.parquet", "/proc/out.parquet", "/sys/out.csv"])
def test_unwritable_output_folder_is_one_error_before_any_work(
    tmp_path: Path, folder: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # the source does not exist either: the output is checked first, so its error is the one reported
    missing = str(tmp_path / "missing.csv")
    code = main(["shapley", missing, "--per-row", folder])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("sqlpriv: error:") == 1 and "cannot write" in err and "missing.csv" not in err
    code = main(["pif", missing, "--out", folder])
    assert code == 1 and "cannot write" in capsys.readouterr().err
    with pytest.raises(OutputError, match="cannot write"):
        sqlpriv.uniqueness_shapley(pd.DataFrame({"a": [1, 2]})).summary().to_parquet(folder)


def test_read_only_folder_when_permissions_apply(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        if os.access(ro, os.W_OK) and os.geteuid() == 0:
            pytest.skip("running as root: permission bits do not stop writes (covered by /proc and /sys)")
        with pytest.raises(OutputError, match="not writable"):
            sqlpriv.uniqueness_shapley(pd.DataFrame({"a": [1, 2]})).summary().to_csv(ro / "x.csv")
    finally:
        ro.chmod(0o755)


def test_memory_limit_far_below_the_data_spills_and_finishes(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    n = 400_000
    df = pd.DataFrame({f"c{j}": rng.integers(0, 1000, n) for j in range(4)})
    path = tmp_path / "d.parquet"
    df.to_parquet(path)
    spill = tmp_path / "spill"
    limited = sqlpriv.uniqueness_shapley(str(path), memory_limit="48MB", temp_directory=str(spill), threads=1)
    free = sqlpriv.uniqueness_shapley(str(path), threads=1)
    a = limited.per_row().df().sort_values("row").to_numpy()
    b = free.per_row().df().sort_values("row").to_numpy()
    assert np.allclose(a, b, rtol=1e-12, atol=1e-12)


# --------------------------------------------------------------------------------------------
# input edge cases


def test_duplicate_column_names_in_a_dataframe_are_refused() -> None:
    df = pd.DataFrame([[1, 2, 3], [4, 5, 6]], columns=["x", "x", "y"])
    with pytest.raises(ColumnError, match=r"more than once.*'x'"):
        sqlpriv.uniqueness_shapley(df)


def test_duplicate_column_names_in_an_arrow_table_are_refused() -> None:
    table = pa.table([pa.array([1, 2]), pa.array([3, 4])], names=["x", "x"])
    with pytest.raises(ColumnError, match=r"more than once.*'x'"):
        sqlpriv.privacy_profile(table)


def test_case_insensitive_duplicates_are_refused_too() -> None:
    df = pd.DataFrame([[1, 2], [3, 4]], columns=["Age", "age"])
    with pytest.raises(ColumnError, match="more than once"):
        sqlpriv.uniqueness_shapley(df)


def test_a_directory_as_source_says_what_it_is(tmp_path: Path) -> None:
    (tmp_path / "part-0.parquet").write_bytes(b"")
    with pytest.raises(SourceError, match=r"is a folder.*glob") as info:
        sqlpriv.uniqueness_shapley(str(tmp_path))
    assert "does not exist" not in str(info.value)
    assert "part-0.parquet" in str(info.value) or "*.parquet" in str(info.value)

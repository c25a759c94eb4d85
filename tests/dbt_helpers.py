"""Shared parts of the dbt integration tests (tests/test_dbt_project*.py): the example project's
paths, running dbt on a copy of it, and comparing a model with the Python API's frame. The tests
are split over four files so that xdist's ``--dist loadfile`` spreads them over its workers:
test_dbt_project.py (the full build and its models), _gates.py (generic tests and compile-time
checks run against a project with its seeds loaded), _refusals.py (`dbt parse` / `dbt compile`
refusals on one unbuilt copy, and the install from git) and _spark.py (the dbt-spark build)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ROOT / "examples" / "dbt_project"
SEED = PROJECT / "seeds" / "flare.csv"
DBT = Path(sys.executable).with_name("dbt")
PREDICTORS = [
    "class",
    "largest spot's size",
    "spot_distribution",
    "activity",
    "evolution",
    "past_activity",
    "historically_complex",
    "hc_past",
    "area",
    "area_largest",
]


def require_dbt() -> None:
    """Skip the calling test module where dbt is not installed (fail under SQLPRIV_REQUIRE_DBT)."""
    if not DBT.exists():
        if os.environ.get("SQLPRIV_REQUIRE_DBT"):
            raise RuntimeError(f"dbt is not installed next to {sys.executable}; pip install -e '.[test]'")
        pytest.skip("dbt-core / dbt-duckdb are not installed (pip install -e '.[test]')", allow_module_level=True)


def spark_missing() -> str | None:
    """Why dbt-spark's session method cannot run here (None: it can)."""
    try:
        import dbt.adapters.spark  # noqa: F401
        import pyspark  # noqa: F401
    except ImportError:
        return "dbt-spark[session] / pyspark are not installed (pip install -e '.[test]')"
    return None if shutil.which("java") else "java (a JRE) is not installed"


def spark_tables(project: Path) -> Callable[[str], pd.DataFrame]:
    """A reader of the Spark target's tables in ``project`` (their Parquet files, read by DuckDB)."""
    warehouse = project / "spark-warehouse" / "sqlpriv_example.db"

    def read(name: str) -> pd.DataFrame:
        return duckdb.sql(f"select * from read_parquet('{warehouse / name}/*.parquet')").df()

    return read


def require_dbt_spark() -> None:
    """Skip where dbt-spark's session method cannot run; fail instead under SQLPRIV_REQUIRE_SPARK."""
    missing = spark_missing()
    if missing:
        if os.environ.get("SQLPRIV_REQUIRE_SPARK"):
            raise RuntimeError(f"SQLPRIV_REQUIRE_SPARK is set but {missing}")
        pytest.skip(missing)


def dbt(project: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        SQLPRIV_PACKAGE_DIR=str(ROOT),
        DBT_SEND_ANONYMOUS_USAGE_STATS="false",
        DBT_USE_COLORS="false",
        DBT_PARTIAL_PARSE="false",
    )
    return subprocess.run(
        [str(DBT), *args, "--profiles-dir", "."], cwd=project, env=env, capture_output=True, text=True, timeout=timeout
    )


def copy_project(dest: Path) -> Path:
    shutil.copytree(PROJECT, dest, ignore=shutil.ignore_patterns("target", "dbt_packages", "logs", "*.duckdb*"))
    return dest


def copy_of(project: Path, tmp_path: Path) -> Path:
    """A copy of a project dbt has run in (its database and installed packages, not its target)."""
    copy = tmp_path / "project"
    shutil.copytree(project, copy, symlinks=True, ignore=shutil.ignore_patterns("target", "logs"))
    return copy


@contextlib.contextmanager
def temporary_model(project: Path, name: str, text: str) -> Iterator[Path]:
    """models/<name>.sql holding ``text`` while the block runs, then removed, so that the next
    test on a shared project parses without it."""
    path = project / "models" / f"{name}.sql"
    path.write_text(text, encoding="utf-8")
    try:
        yield path
    finally:
        path.unlink()


def same(got: pd.DataFrame, expected: pd.DataFrame, key: str | None = None) -> None:
    assert list(got.columns) == list(expected.columns)
    if key:
        got = got.sort_values(key).reset_index(drop=True)
        expected = expected.sort_values(key).reset_index(drop=True)
    for col in got.columns:
        if pd.api.types.is_numeric_dtype(expected[col]):
            np.testing.assert_allclose(
                got[col].to_numpy(float), expected[col].to_numpy(float), rtol=0, atol=1e-9, err_msg=col
            )
        else:
            assert got[col].tolist() == expected[col].tolist(), col


def attack_figures(outcome) -> pd.DataFrame:
    """The one-row figures of sqlpriv.linkability_risk / inference_risk, from the Python attack."""
    e, risk = outcome.evaluation(), outcome.risk()
    c = e.control_rate
    row = {
        "n_attacks": outcome.n_attacks, "n_success": outcome.n_success,
        "rate": e.attack_rate.value, "rate_error": e.attack_rate.error,
        "n_control": outcome.n_control, "n_control_success": outcome.n_control_success,
        "control_rate": None if c is None else c.value, "control_rate_error": None if c is None else c.error,
        "risk": risk.value, "risk_low": risk.ci[0], "risk_high": risk.ci[1],
    }  # fmt: skip
    return pd.DataFrame([row])


def so_rows(result, confidence_level: float = 0.95) -> pd.DataFrame:
    """The rows of sqlpriv.singling_out_queries_risk, from the Python attack (draw="sql")."""
    frame = result.summary(confidence_level)
    risks = {"main": result.risk(confidence_level), "baseline": result.risk(confidence_level, baseline=True)}
    for i, name in enumerate(("risk", "risk_low", "risk_high")):
        frame[name] = [float("nan") if a not in risks else (risks[a].value, *risks[a].ci)[i] for a in frame["attack"]]
    return frame


DCR_FIGURES = [
    "dcr_median", "dcr_min", "nndr_median", "exact_copy_share", "dcr_closer_to_training", "dcr_overfitting_protection",
]  # fmt: skip


def dcr_row(result) -> pd.DataFrame:
    """The row of sqlpriv.dcr_risk, from sqlpriv.dcr's result (its neighbour search)."""
    return pd.DataFrame([{"n_synthetic": result.n_synthetic, **{m: result.figures[m] for m in DCR_FIGURES}}])


def adult_slices() -> dict[str, pd.DataFrame]:
    """The adult seeds' rows aged 30 to 34, as the models adult_*_small select them."""
    data = {}
    for name in ("original", "synthetic", "control"):
        seed = pd.read_csv(PROJECT / "seeds" / f"adult_{name}.csv")
        data[name] = seed[seed["age"].between(30, 34)].reset_index(drop=True)
    assert [len(d) for d in data.values()] == [71, 63, 38]
    return data


def attack_slice_tables(read: Callable[[str], pd.DataFrame]) -> None:
    """adult_singling_out_small and adult_dcr_small (read: a model's table) equal
    sqlpriv.singling_out_queries(..., draw="sql") and sqlpriv.dcr on DuckDB over the slices, to 1e-9."""
    data = adult_slices()
    with pytest.warns(sqlpriv.SqlprivWarning):  # 23 univariate queries exist of the 100 asked for
        so = sqlpriv.singling_out_queries(data["original"], data["synthetic"], control=data["control"], n_attacks=100, draw="sql")  # fmt: skip
    assert (len(so.counts.queries), so.evaluation().n_success) == (23, 8)
    same(read("adult_singling_out_small"), so_rows(so), key="attack")
    r = sqlpriv.dcr(data["original"], data["synthetic"], control=data["control"], baseline=False, identifiability=False)
    assert r.n_synthetic == 63 and r.figures["dcr_closer_to_training"] == pytest.approx(43 / 63)
    same(read("adult_dcr_small"), dcr_row(r))

"""The materialization sqlpriv_local_suppression on dbt-spark's session method (pyspark in-process,
the example project's `spark` target): only the local-suppression models and the seed they read
build (``--select +<model>``), and each released table equals sqlpriv.local_suppression on DuckDB
cell for cell, with its log line (cells, rule) and no work table left in the warehouse. Heavy: each
build starts a JVM and loads the seed (about a minute for the small stand-in on 2 busy cores); the
DuckDB build of tests/test_dbt_project.py checks the same models in the default run."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import duckdb
import pandas as pd
import pytest

import sqlpriv
from tests.dbt_helpers import SEED, copy_project, dbt, require_dbt, same

require_dbt()
pytestmark = pytest.mark.heavy

KEYS = ["class", "largest spot's size", "spot_distribution", "area"]
WHERE = "sqlpriv.local_suppression (materialized='sqlpriv_local_suppression') sqlpriv_example."


def _require_spark() -> None:
    try:
        import dbt.adapters.spark  # noqa: F401
        import pyspark  # noqa: F401
    except ImportError:
        missing = "dbt-spark[session] / pyspark are not installed (pip install -e '.[test]')"
    else:
        missing = "" if shutil.which("java") else "java (a JRE) is not installed"
    if missing and os.environ.get("SQLPRIV_REQUIRE_SPARK"):
        raise RuntimeError(f"SQLPRIV_REQUIRE_SPARK is set but {missing}")
    if missing:
        pytest.skip(missing)


def _build(tmp_path: Path, *models: str, refused: str = "") -> tuple[dict[str, pd.DataFrame], str]:
    """Build ``models`` and the seed on the spark target (and a model ``refused`` with that
    config, which must fail); their tables (Parquet files read by DuckDB) and dbt's output. Only
    the seed and the models are left in the warehouse: no work table, none of the refused model."""
    _require_spark()
    project = copy_project(tmp_path / "project")
    assert dbt(project, "deps").returncode == 0
    select = [f"+{m}" for m in models]
    if refused:
        model = f"{{{{ config(materialized='sqlpriv_local_suppression', {refused}) }}}}\nselect * from {{{{ ref('flare') }}}}\n"
        (project / "models" / "ls_refused.sql").write_text(model, encoding="utf-8")
        select.append("ls_refused")
    only = ["--resource-type", "seed", "--resource-type", "model"]  # the seed's own gates are another test's
    build = dbt(project, "build", "--target", "spark", "--select", *select, *only, timeout=1200)
    assert build.returncode == (1 if refused else 0), build.stdout[-4000:]
    for m in models:
        assert f"OK created sql sqlpriv_local_suppression model sqlpriv_example.{m}" in build.stdout, m
    warehouse = project / "spark-warehouse" / "sqlpriv_example.db"
    assert sorted(p.name for p in warehouse.iterdir()) == sorted(["flare", *models])
    tables = {m: duckdb.sql(f"select * from read_parquet('{warehouse / m}/*.parquet')").df() for m in models}
    return tables, build.stdout


def _best(keys: list[str], k: int) -> sqlpriv.LocalSuppression:
    """method 'auto' of the materialization: the fewer cells of greedy and sdcmicro, ties to greedy."""
    runs = [sqlpriv.local_suppression(str(SEED), keys, k=k, method=m) for m in ("greedy", "sdcmicro")]
    return min(runs, key=lambda r: r.suppressed)


def test_small_stand_in_on_spark_equals_the_python_api(tmp_path):
    """Three keys, both rules (greedy wins by a cell): the released table, the cells and the rule;
    a model refused in the same build (k above the table's rows) leaves no table behind."""
    tables, out = _build(tmp_path, "flare_locally_suppressed_small", refused="keys=['class', 'area'], k=2000")
    n = len(pd.read_csv(SEED))
    assert f"k=2000 is larger than the table ({n} rows): no suppression reaches it; lower k or merge strata" in out
    keys = ["class", "spot_distribution", "area"]
    best = _best(keys, 3)
    assert (best.method, best.suppressed) == ("greedy", 4)
    got = tables["flare_locally_suppressed_small"]
    same(got, best.df(), key="flare_id")
    assert int(got[keys].isna().sum().sum()) == 4
    assert f"{WHERE}flare_locally_suppressed_small: 4 cell(s) suppressed (method greedy;" in out


def test_example_models_on_spark_equal_the_python_api(tmp_path):
    """The example project's two local-suppression models (four keys, auto; strata, importance,
    sdcMicro's rule) on Spark equal sqlpriv.local_suppression on DuckDB."""
    tables, out = _build(tmp_path, "flare_locally_suppressed", "flare_locally_suppressed_by_activity")
    best = _best(KEYS, 3)
    same(tables["flare_locally_suppressed"], best.df(), key="flare_id")
    assert f"{WHERE}flare_locally_suppressed: {best.suppressed} cell(s) suppressed (method {best.method};" in out
    python = sqlpriv.local_suppression(
        str(SEED), KEYS[:3], k=3, strata=["activity"], importance=[2, 1, 3], method="sdcmicro"
    )
    same(tables["flare_locally_suppressed_by_activity"], python.df(), key="flare_id")
    assert f"{WHERE}flare_locally_suppressed_by_activity: {python.suppressed} cell(s) suppressed" in out

"""Shared fixtures: bundled example data located inside the repository (never ../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FLARE_CSV = REPO / "examples" / "data" / "flare.csv"
FLARE_PREDICTORS = [
    "class",
    "largest_spot_size",
    "spot_distribution",
    "activity",
    "evolution",
    "past_activity",
    "historically_complex",
    "hc_past",
    "area",
]


@pytest.fixture(scope="session")
def flare_csv() -> Path:
    return FLARE_CSV


def spark_missing() -> str | None:
    """Why the Spark tests cannot run here (None when pyspark and a JRE are installed)."""
    import shutil

    try:
        import pyspark  # noqa: F401
    except ImportError:
        return "pyspark is not installed (pip install -e '.[test]')"
    return None if shutil.which("java") else "java (a JRE) is not installed"


def require_spark() -> None:
    """Skip the calling test module when Spark cannot run, or fail when SQLPRIV_REQUIRE_SPARK is
    set (.ci/run sets it), so CI never passes by skipping the Spark tests."""
    import os

    missing = spark_missing()
    if missing:
        if os.environ.get("SQLPRIV_REQUIRE_SPARK"):
            raise RuntimeError(f"SQLPRIV_REQUIRE_SPARK is set but {missing}")
        pytest.skip(missing, allow_module_level=True)


SPARK_MASTER_ENV = "SQLPRIV_SPARK_MASTER"  # e.g. local-cluster[2,1,1024]: two executor JVMs (.ci/run)


def spark_master() -> str:
    """The master of the tests' Spark session: local[2] (driver and executors in one JVM), or the
    one SQLPRIV_SPARK_MASTER names; .ci/run runs the ``spark_cluster`` tests on
    ``local-cluster[2,1,1024]``, where row order, partitioning and collects cross processes."""
    import os

    return os.environ.get(SPARK_MASTER_ENV) or "local[2]"


@pytest.fixture(scope="session")
def spark(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """One Spark session for every Spark test module (a JVM start costs seconds each): local[2], or
    the multi-executor master of SQLPRIV_SPARK_MASTER (its start failing fails the tests)."""
    require_spark()
    from pyspark.sql import SparkSession

    master = spark_master()
    builder = SparkSession.builder.master(master)
    cluster = master.startswith("local-cluster")  # several partitions per executor there
    session = (
        builder.appName("sqlpriv-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4" if cluster else "1")
        .config("spark.default.parallelism", "4" if cluster else "2")
        .config("spark.sql.adaptive.enabled", "false")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.warehouse.dir", str(tmp_path_factory.mktemp("spark-warehouse")))  # not the repository
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("OFF")
    yield session
    session.stop()


CLUSTER_STEP_ENV = "SQLPRIV_CLUSTER_STEP_FOLLOWS"  # .ci/run sets it: its local-cluster step runs them


@pytest.hookimpl(tryfirst=True)  # before -m 'not heavy' (addopts) deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of tests/heavy_tests.py ``heavy``: ``-m 'not heavy'`` (addopts) leaves them
    out of the default run, ``python -m pytest -m heavy`` runs them.

    Where the ``spark_cluster`` tests run again on ``local-cluster`` right after (``.ci/run`` sets
    SQLPRIV_CLUSTER_STEP_FOLLOWS=1), leave them out of the ``local[2]`` run: the same assertions
    on two executor JVMs check more, and running both cost CI minutes. A plain ``python -m
    pytest`` runs them."""
    import os

    from tests.heavy_tests import HEAVY

    for item in items:
        if item.nodeid in HEAVY:
            item.add_marker(pytest.mark.heavy)
    if os.environ.get(CLUSTER_STEP_ENV) and not os.environ.get(SPARK_MASTER_ENV):
        later = [item for item in items if item.get_closest_marker("spark_cluster")]
        if later:
            config.hook.pytest_deselected(items=later)
            items[:] = [item for item in items if not item.get_closest_marker("spark_cluster")]
    longest_first(items)


#: the test files that take longest in the default run (seconds of one worker on a quiet 2-core
#: machine, 2026-12-02, after tests/heavy_tests.py): xdist hands files out in collection order
#: (addopts: --no-loadscope-reorder), so these start first and the run does not end on one alone
LONGEST = [
    "test_dbt_project_spark.py",  # 262, one test
    "test_internal_names.py",  # 200
    "test_attacks.py",  # 150
    "test_dbt_project.py",  # 100, with its build
    "test_docs_blocks.py",  # 70
    "test_generalize.py",  # 45
    "test_report.py",  # 35
]


def longest_first(items: list[pytest.Item]) -> None:
    """Order the items file by file: the LONGEST files first, then the others by their number of
    tests (most first, as xdist's own reordering does), each file's tests in their own order."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item.path.name] = counts.get(item.path.name, 0) + 1
    rank = {name: i for i, name in enumerate(LONGEST)}
    position = {id(item): i for i, item in enumerate(items)}

    def key(item: pytest.Item) -> tuple[int, int, str, int]:
        name = item.path.name
        return rank.get(name, len(LONGEST)), -counts[name], str(item.path), position[id(item)]

    items.sort(key=key)

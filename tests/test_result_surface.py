"""One result surface on both engines (sqlpriv/engine/surface.py) and the engine chosen in one
place (sqlpriv/engine/dispatch.py). No JVM needed: Spark is stood in for by small fakes that
write with pandas; tests/test_spark.py runs the real thing."""

from __future__ import annotations

import inspect
import os
import typing
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pytest

import sqlpriv
from sqlpriv.engine import surface
from sqlpriv.engine.connection import connect
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.result import Result
from sqlpriv.engine.spark import measures as spark_measures
from sqlpriv.engine.spark.run import SparkResult, SparkSource
from sqlpriv.errors import ParameterError

MEMBERS = ["sql", "df", "arrow", "fetchall", "to_parquet", "to_csv", "write"]
NAMES = {"pd": pd, "pa": pa, "Path": Path, "Written": surface.Written, "Any": Any}


class _Writer:
    """``frame.write.mode(...)`` of a fake Spark DataFrame: writes one part file with pandas."""

    def __init__(self, data: pd.DataFrame) -> None:
        self.data = data

    def mode(self, _mode: str) -> _Writer:
        return self

    def option(self, *_args: Any) -> _Writer:
        return self

    def parquet(self, where: str) -> None:
        os.makedirs(where, exist_ok=True)
        self.data.to_parquet(os.path.join(where, "part-0.parquet"))

    def csv(self, where: str) -> None:
        os.makedirs(where, exist_ok=True)
        self.data.to_csv(os.path.join(where, "part-0.csv"), index=False)


class _Frame:
    def __init__(self, data: pd.DataFrame) -> None:
        self.data = data
        self.write = _Writer(data)

    def toPandas(self) -> pd.DataFrame:
        return self.data

    def toArrow(self) -> pa.Table:
        return pa.Table.from_pandas(self.data, preserve_index=False)

    def collect(self) -> list[tuple[Any, ...]]:
        return list(self.data.itertuples(index=False, name=None))


class _Conf(dict):
    """spark.conf: sqlpriv turns variable substitution off around each statement."""

    def set(self, key, value):
        self[key] = value

    def unset(self, key):
        self.pop(key, None)


class _Session:
    def __init__(self, data: pd.DataFrame) -> None:
        self.data, self.queries = data, []
        self.conf = _Conf()

    def sql(self, query: str) -> _Frame:
        self.queries.append(query)
        return _Frame(self.data)


def _spark_result(data: pd.DataFrame) -> SparkResult:
    source = SparkSource(_Session(data), "t", "a table", "`t`", [("x", "bigint")], "")
    return SparkResult(source, "select x from `t`")


def _hints(cls: type, name: str) -> Any:
    member = inspect.getattr_static(cls, name)
    fn = member.fget if isinstance(member, property) else member
    return typing.get_type_hints(fn, localns=NAMES)["return"]


def test_both_engines_implement_the_one_surface_with_the_same_types() -> None:
    duck = Result(Plan(connect()), "select 1 as x")
    spark = _spark_result(pd.DataFrame({"x": [1]}))
    assert isinstance(duck, surface.ResultSurface) and isinstance(spark, surface.ResultSurface)
    for name in MEMBERS:
        protocol = _hints(surface.ResultSurface, name)
        on_duckdb, on_spark = _hints(Result, name), _hints(SparkResult, name)
        if name in ("to_parquet", "to_csv", "write"):
            assert on_duckdb is Path and on_spark == protocol == surface.Written, name
            assert Path in typing.get_args(protocol)
        else:
            assert on_duckdb == on_spark == protocol, (name, on_duckdb, on_spark)
        if name != "sql":
            params = [list(inspect.signature(getattr(c, name)).parameters) for c in (Result, SparkResult)]
            assert params[0] == params[1], name


@pytest.mark.parametrize("method", ["to_parquet", "to_csv", "write"])
def test_writers_return_a_path_on_both_engines(tmp_path: Path, method: str) -> None:
    data = pd.DataFrame({"x": [3, 1, 2]})
    suffix = ".csv" if method == "to_csv" else ".parquet"
    duck = getattr(Result(Plan(connect()), "select 3 as x union all select 1 union all select 2"), method)(
        tmp_path / f"duck{suffix}"
    )
    spark = getattr(_spark_result(data), method)(str(tmp_path / f"spark{suffix}"))
    assert type(duck) is type(spark) and isinstance(spark, Path)
    assert spark == tmp_path / f"spark{suffix}" and spark.is_dir()  # Spark: a folder of part files
    read = pd.read_csv if suffix == ".csv" else pd.read_parquet
    part = next(p for p in spark.iterdir() if p.name.startswith("part-"))
    assert sorted(read(duck)["x"]) == sorted(read(part)["x"]) == [1, 2, 3]


def test_a_remote_target_is_returned_unchanged_as_a_uri(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    monkeypatch.setattr(_Writer, "parquet", lambda self, where: written.append(where))
    out = _spark_result(pd.DataFrame({"x": [1]})).to_parquet("s3://bucket/phi/")
    assert written == ["s3://bucket/phi/"] and isinstance(out, surface.Uri)
    assert str(out) == os.fspath(out) == "s3://bucket/phi/"  # a Path would fold the '//'


def test_collecting_gives_the_same_values_on_both_engines() -> None:
    data = pd.DataFrame({"x": [1, 2]})
    duck = Result(Plan(connect()), "select 1::bigint as x union all select 2 order by x")
    spark = _spark_result(data)
    assert duck.fetchall() == spark.fetchall() == [(1,), (2,)]
    assert duck.df()["x"].tolist() == spark.df()["x"].tolist()
    assert duck.arrow().column("x").to_pylist() == spark.arrow().column("x").to_pylist()


class DataFrame:  # a stand-in Spark DataFrame: the engine is picked by the type's module and name
    __module__ = "pyspark.sql.dataframe"


@pytest.mark.parametrize(
    ("name", "args", "kwargs"),
    [
        ("uniqueness_shapley", (DataFrame(), ["a"]), {"key": "id"}),
        ("privacy_profile", ("db.t",), {"spark": "session", "strategy": "union"}),
        ("assess_request", (DataFrame(), ["a"]), {"k": 3}),
        ("small_classes", ("db.t", ["a"]), {"k": 2, "spark": "session"}),
        ("cig", (DataFrame(),), {"key": "id"}),
        ("wcig", ("db.t", ["a", "b"]), {"spark": "session"}),
        ("csf", (DataFrame(),), {}),
    ],
)
def test_a_spark_call_reaches_the_twin_with_the_same_arguments(
    monkeypatch: pytest.MonkeyPatch, name: str, args: tuple, kwargs: dict
) -> None:
    calls: list[tuple] = []
    monkeypatch.setattr(spark_measures, name, lambda *a, **k: calls.append((a, k)) or "spark")
    assert getattr(sqlpriv, name)(*args, **kwargs) == "spark"
    [(got_args, got_kwargs)] = calls
    assert got_args == args
    # the caller's arguments reach the twin unchanged; uniqueness_shapley adds its method and the
    # sampled path's callback (sampled Shapley on Spark), nothing else
    assert {k: got_kwargs[k] for k in kwargs} == kwargs
    extra = set(got_kwargs) - set(kwargs)
    assert extra <= ({"method", "sampled", "con", "threads", "memory_limit", "temp_directory", "dropna", "spark"})
    assert not extra or name == "uniqueness_shapley"


def test_a_duckdb_call_never_reaches_a_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("uniqueness_shapley", "privacy_profile", "cig"):
        monkeypatch.setattr(spark_measures, name, lambda *a, **k: pytest.fail("went to Spark"))
    df = pd.DataFrame({"a": [1, 1, 2], "b": [1, 2, 2]})
    assert sqlpriv.privacy_profile(df).df()["categories"].tolist() == [2, 2]
    assert sqlpriv.uniqueness_shapley(df).summary().df()["column"].tolist() == ["a", "b"]
    assert sqlpriv.cig(df).df().shape == (3, 3)


@pytest.mark.parametrize(
    ("call", "what"),
    [
        (lambda: sqlpriv.information_factors(DataFrame()), "information_factors"),
    ],
)
def test_duckdb_only_measures_refuse_spark_before_any_work(call: Any, what: str) -> None:
    with pytest.raises(ParameterError, match=f"^{what} runs on DuckDB only"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: sqlpriv.singling_out(pd.DataFrame({"a": [1]}), DataFrame(), memory_limit="1GB"),
        lambda: sqlpriv.singling_out(DataFrame(), pd.DataFrame({"a": [1]}), threads=2),
        lambda: sqlpriv.singling_out("a.csv", "b.csv", spark="session", con=":memory:"),
    ],
)
def test_singling_out_on_spark_refuses_duckdb_options_before_any_work(call: Any) -> None:
    """Issue 45: singling_out runs on Spark (tests/test_singling_out_spark.py); DuckDB's own
    options are refused there, before a Spark source is read."""
    with pytest.raises(ParameterError, match="DuckDB's and not used on Spark"):
        call()


def test_the_spark_twin_checks_the_strategy_too() -> None:
    with pytest.raises(ParameterError, match="strategy must be"):
        spark_measures.privacy_profile(DataFrame(), strategy="fast")

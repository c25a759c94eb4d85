"""A misspelt function is a typo, not a refused function (issue 23 papercut): ``flor(age)`` says
"unknown function flor() — did you mean floor?", on DuckDB and on Spark; a known function that is
not allowed is still refused as before. Oracle: DuckDB's own catalog (``duckdb_functions()``)
queried here, and difflib on the names written in the test."""

from __future__ import annotations

import duckdb
import pytest

import sqlpriv
from sqlpriv.cli import main
from sqlpriv.engine.sandbox import check_scalar_expression
from sqlpriv.engine.spark import sandbox as spark_sandbox
from sqlpriv.errors import UnsafeExpressionError

CATALOG = {r[0].lower() for r in duckdb.connect().execute("select function_name from duckdb_functions()").fetchall()}


@pytest.mark.parametrize(
    "expr,typo,suggestion",
    [("flor(age)", "flor", "floor"), ("lenght(name)", "lenght", "length"), ("uper(name)", "uper", "upper")],
)
def test_a_misspelt_function_is_unknown_with_a_suggestion(expr, typo, suggestion):
    assert typo not in CATALOG and suggestion in CATALOG
    with pytest.raises(UnsafeExpressionError) as info:
        check_scalar_expression(expr, ["age", "name"])
    text = str(info.value)
    assert f"unknown function {typo}() — did you mean {suggestion}?" in text
    assert "not an allowed scalar function" not in text and "refused" not in text


def test_no_suggestion_when_nothing_is_close():
    with pytest.raises(UnsafeExpressionError, match=r"unknown function qqqzzz\(\) \(DuckDB") as info:
        check_scalar_expression("qqqzzz(age)", ["age"])
    assert "did you mean" not in str(info.value)


@pytest.mark.parametrize("expr,name", [("read_text('x')", "read_text"), ("getenv('HOME')", "getenv")])
def test_a_known_function_that_is_not_allowed_is_still_refused(expr, name):
    with pytest.raises(UnsafeExpressionError, match="refused") as info:
        check_scalar_expression(expr, ["a"])
    assert f"the function {name}(), which is not an allowed scalar function" in str(info.value)


def test_the_cli_says_it(capsys):
    code = main(["request", "examples/data/adult.csv", "-c", "age5=flor(age / 5)"])
    err = capsys.readouterr().err
    assert code == 1 and "unknown function flor() — did you mean floor?" in err
    with pytest.raises(UnsafeExpressionError, match="did you mean floor"):
        sqlpriv.uniqueness_shapley("examples/data/flare.csv", [{"x": "flor(area / 2)"}])


class _Rows:
    def __init__(self, names):
        self.names = names

    def collect(self):
        return [(n,) for n in self.names]


class _Conf(dict):
    """A stand-in of spark.conf (the sandbox turns variable substitution off around its parse)."""

    def set(self, key, value):
        self[key] = value

    def unset(self, key):
        self.pop(key, None)


class _Spark:
    """A stand-in session: its registry lists floor and reflect as built-ins, no UDF."""

    def __init__(self):
        self.conf = _Conf()

    def sql(self, text):
        return _Rows([] if "user" in text else ["floor", "reflect", "upper"])


STAND_IN = _Spark()


class _Seq(list):
    def apply(self, i):
        return self[i]

    def size(self):
        return len(self)


class _Node:
    def __init__(self, cls, parts=(), children=()):
        self.cls, self.parts, self.kids = cls, parts, children

    def getClass(self):
        cls = self.cls

        class _C:
            def getSimpleName(self):
                return cls

        return _C()

    def nameParts(self):
        return _Seq(self.parts)

    def children(self):
        return _Seq(self.kids)

    def isDistinct(self):
        return False

    def filter(self):
        class _O:
            def isDefined(self):
                return False

        return _O()


def test_spark_checker_names_a_typo_and_still_refuses_reflect():
    """The Spark walk on a stand-in of Catalyst's unresolved tree (no JVM)."""
    spark = STAND_IN  # kept alive: the registry cache is keyed by the session's id()
    col = _Node("UnresolvedAttribute", ["age"])
    with pytest.raises(UnsafeExpressionError, match=r"unknown function flor\(\) — did you mean floor\?"):
        spark_sandbox.check_parsed(spark, _Node("UnresolvedFunction", ["flor"], [col]), "flor(age)", ["age"])
    with pytest.raises(UnsafeExpressionError, match=r"reflect\(\), which is not an allowed scalar function"):
        spark_sandbox.check_parsed(spark, _Node("UnresolvedFunction", ["reflect"], [col]), "reflect(age)", ["age"])
    spark_sandbox.check_parsed(spark, _Node("UnresolvedFunction", ["floor"], [col]), "floor(age)", ["age"])

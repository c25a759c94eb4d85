"""Run the single-statement measures on Apache Spark (pyspark is an optional extra: ``sqlpriv[spark]``).

The query templates are the DuckDB ones rendered for the ``spark`` dialect (backtick quoting,
inline helper expressions, ordered row numbers: ``sql_templates/dialect/``), run with
``spark.sql``. Nothing is collected to the driver until asked: :class:`SparkResult` has
``.spark()`` (a lazy Spark DataFrame), ``.df()`` / ``.arrow()`` (collect), ``.to_parquet(path)``
(written by Spark) and ``.sql`` (the Spark SQL).

pyspark is imported only when a Spark source is used; ``import sqlpriv`` never imports it.

>>> is_spark_dataframe([1, 2])
False
>>> print(render_query("request_small_classes", source="`t`", columns=["a b"], k=2))
select
    `a b`,
    count(*)::bigint as `class_size`
from `t`
group by 1
having count(*) < 2
order by 2, 1 nulls last
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlpriv.engine.limits import EXACT_COLUMNS
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.reserved import refuse_reserved
from sqlpriv.engine.result import refuse_unsafe_destination
from sqlpriv.engine.source_paths import reader_for
from sqlpriv.engine.sources import ColumnsArg, check_request_size, source_column
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.surface import Uri, Written
from sqlpriv.engine.templates import call, spark_quote
from sqlpriv.errors import ColumnError, EmptyInputError, ExecutionError, OutputError, ParameterError, SourceError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    import pyarrow as pa

DIALECT = "spark"
EXACT_LIMIT = EXACT_COLUMNS  # the single statement is exact: 2^d column subsets per pattern
_COUNTER = itertools.count()


def is_spark_dataframe(obj: Any) -> bool:
    """Whether ``obj`` is a pyspark DataFrame (classic or Spark Connect), without importing pyspark."""
    return type(obj).__module__.startswith("pyspark.") and type(obj).__name__ == "DataFrame"


def wants_spark(source: Any, spark: Any) -> bool:
    """Whether a measure should run on Spark: a Spark DataFrame source, or ``spark=`` given."""
    return spark is not None or is_spark_dataframe(source)


def quote(name: str) -> str:
    """A Spark identifier: backticks, inner backticks doubled (Python twin of spark__quote)."""
    return spark_quote(name)


def render_query(macro: str, **context: Any) -> str:
    """A single-statement query template rendered for Spark SQL."""
    return call(macro, dialect=DIALECT, **context)


def duckdb_only(what: str) -> ParameterError:
    """The one error for measures that have no single-statement form (yet)."""
    return ParameterError(
        f"{what} runs on DuckDB only; it has no single-statement form for Spark yet. Read the data "
        "into DuckDB (e.g. spark_df.toArrow() or a Parquet export) and pass that instead"
    )


def _spark_error(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else type(exc).__name__
    return re.sub(r"\s*SQLSTATE: \w+.*$", "", first)


def is_spark_error(exc: BaseException) -> bool:
    """Whether ``exc`` was raised by pyspark or py4j (a Spark error to report as ours)."""
    return type(exc).__module__.startswith(("pyspark", "py4j"))


# --------------------------------------------------------------------------- sources


class SparkSource:
    """A Spark relation to measure: ``ref`` is its quoted name in Spark SQL. It has the name,
    label, comment and columns of a DuckDB :class:`~sqlpriv.engine.sources.Source` (what
    :func:`~sqlpriv.engine.sources.source_column` and the messages read), and a SparkSession
    instead of a DuckDB connection."""

    def __init__(
        self, spark: Any, name: str, label: str, ref: str, columns: list[tuple[str, str]], comment: str
    ) -> None:
        self.spark = spark
        self.name = name
        self.label = label
        self.ref = ref
        self.columns = columns
        self.comment = comment

    def column_names(self) -> list[str]:
        return [name for name, _ in self.columns]


def resolve_source(source: Any, spark: Any = None) -> SparkSource:
    """A pyspark DataFrame (registered as a temp view), a table name, or a file read by Spark."""
    if is_spark_dataframe(source):
        session = spark or source.sparkSession
        view = temp_name("sqlpriv_source")
        source.createOrReplaceTempView(view)
        label = "a Spark DataFrame"
        return _describe(
            session, view, quote(view), label, f"-- source: {label}, registered as the temp view {quote(view)}"
        )
    if spark is None:
        raise SourceError("a Spark source needs spark= (a SparkSession) unless it is a Spark DataFrame")
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str) or not source.strip():
        raise SourceError(
            f"cannot use a {type(source).__name__} as a Spark source; pass a Spark DataFrame, a table "
            "name or a file path with spark="
        )
    if _looks_like_file(source):
        reader = reader_for(source)
        try:
            if reader == "read_csv":
                frame = spark.read.csv(
                    source, header=True, inferSchema=True, sep="\t" if ".tsv" in source.lower() else ","
                )
            elif reader == "read_parquet":
                frame = spark.read.parquet(source)
            else:
                frame = spark.read.json(source)
        except Exception as exc:
            if not is_spark_error(exc):
                raise
            raise SourceError(f"cannot read {source!r} with Spark: {_spark_error(exc)}") from None
        view = temp_name("sqlpriv_source")
        frame.createOrReplaceTempView(view)
        return _describe(
            spark,
            view,
            quote(view),
            repr(source),
            f"-- source: {source!r}, read by Spark as the temp view {quote(view)}",
        )
    ref = ".".join(quote(part) for part in source.split("."))
    try:
        exists = spark.catalog.tableExists(source)
    except Exception:
        exists = False
    if not exists:
        raise SourceError(
            f"no table or view {source!r} in the Spark session; check the name (or pass a Spark DataFrame)"
        )
    return _describe(spark, source, ref, f"table {source!r}", "")


def _looks_like_file(text: str) -> bool:
    lowered = text.lower()
    return (
        "/" in text
        or "\\" in text
        or "*" in text
        or bool(re.search(r"\.(csv|tsv|txt|parquet|pq|json|jsonl|ndjson)(\.gz)?$", lowered))
    )


def _describe(spark: Any, name: str, ref: str, label: str, comment: str) -> SparkSource:
    try:
        fields = spark_sql.run(spark, render_query("engine_exists", relation=ref)).schema.fields
    except Exception as exc:
        if not is_spark_error(exc):
            raise
        raise SourceError(f"cannot read {label}: {_spark_error(exc)}") from None
    refuse_reserved([f.name for f in fields], label)
    columns = [(f.name, f.dataType.simpleString()) for f in fields]
    if any(type_.lower().startswith("string collate") for _, type_ in columns):
        return _binary_text(spark, label, ref, columns, comment)
    return SparkSource(spark, name, label, ref, columns, comment)


def _binary_text(spark: Any, label: str, ref: str, columns: list[tuple[str, str]], comment: str) -> SparkSource:
    """A temp view over ``ref`` whose text columns compare byte for byte (``UTF8_BINARY``) whatever
    collation they declare (Spark 4's ``STRING COLLATE UTF8_LCASE`` makes 'Ann' and 'ann' one value,
    as DuckDB's NOCASE does: :func:`sqlpriv.engine.sources.resolve_source`)."""
    parts = [(n, t.lower().startswith("string collate")) for n, t in columns]
    view = temp_name("sqlpriv_binary")
    body = render_query("engine_binary_text_view", view=view, relation=ref, columns=parts)
    spark_sql.run(spark, body)
    return _describe(spark, view, quote(view), label, (comment + "\n" if comment else "") + body + ";")


def analysed_probe(src: SparkSource, expr: str) -> Any:
    """The analysed plan (a JVM object) of ``expr`` projected over ``src`` (engine/expression_probe.sql):
    what the expression reads and whether it is deterministic; nothing runs. Raises Spark's error
    for an expression that does not resolve."""
    return (
        src.spark.sql(render_query("engine_expression_probe", expr=expr, relation=src.ref))
        ._jdf.queryExecution()
        .analyzed()
    )


def check_expression(src: SparkSource, expr: str, *, what: str) -> str:
    """Check ``expr`` is ONE scalar Spark SQL expression over ``src``'s columns; returns it.

    Parsed by Spark's own expression parser (so nothing but one expression can get in) and
    walked before anything is analysed (:mod:`sqlpriv.engine.spark.sandbox`: only the source's
    columns and reviewed pure scalar functions; ``reflect``, ``java_method``,
    ``input_file_name``, ``current_user``, UDFs, subqueries ... refused), then analysed against
    the source: no aggregate, window or generator, and deterministic."""
    from sqlpriv.engine.spark import sandbox as spark_sandbox
    from sqlpriv.errors import UnsafeExpressionError

    spark = src.spark
    columns = src.column_names()
    try:
        spark_sandbox.check_text(expr, columns)
        with spark_sql.no_substitution(spark):  # the parser substitutes ${...} unless told not to
            parsed = spark._jsparkSession.sessionState().sqlParser().parseExpression(expr)
            spark_sandbox.check_parsed(spark, parsed, expr, columns)
            analysed = analysed_probe(src, expr)
        spark_sandbox.check_analysed(analysed, expr, columns)
        tree = analysed.toString()
        deterministic = all(bool(e.deterministic()) for e in _jseq(analysed.expressions()))
    except UnsafeExpressionError as exc:
        message = str(exc)
        if message.startswith("expression "):
            message = what + message[len("expression") :]
        raise UnsafeExpressionError(message) from None
    except Exception as exc:
        if not is_spark_error(exc):
            raise
        raise ColumnError(
            f"{what} {expr!r} is not valid Spark SQL over {src.label}: {_spark_error(exc)}; "
            "available columns: " + ", ".join(repr(n) for n in columns)
        ) from None
    nodes = [line.strip(" :+-") for line in tree.splitlines()]
    if not nodes[0].startswith("Project") or any(n.startswith(("Aggregate", "Window", "Generate")) for n in nodes):
        raise ColumnError(
            f"{what} {expr!r} must be a scalar expression over the columns of {src.label} "
            "(no aggregate, window function or subquery)"
        )
    if not deterministic:
        raise UnsafeExpressionError(
            f"{what} {expr!r} is refused: it is not deterministic; an expression may only compute a value "
            "from the source's columns with pure built-in scalar functions"
        )
    return expr


def _jseq(seq: Any) -> list[Any]:
    return [seq.apply(i) for i in range(seq.size())]


def resolve_columns(
    src: SparkSource, columns: ColumnsArg, *, exclude: Sequence[str] = ()
) -> tuple[SparkSource, list[str]]:
    """Plain column names to analyse; ``{name: expression}`` entries become columns of a temp
    view over the source (each expression checked by :func:`check_expression`)."""
    if columns is None:
        names = [n for n in src.column_names() if n not in exclude]
        computed: dict[str, str] = {}
    else:
        items: list[Any] = [columns] if isinstance(columns, (str, Mapping)) else list(columns)
        check_request_size(items, len(src.column_names()))
        names, computed = [], {}
        for item in items:
            if isinstance(item, str):
                names.append(source_column(src, item))
            elif isinstance(item, Mapping):
                for out_name, expr in item.items():
                    if not isinstance(out_name, str) or not isinstance(expr, str) or not expr.strip():
                        raise ColumnError(
                            f"column expression entries must map a name to SQL text, got {out_name!r}: {expr!r}"
                        )
                    computed[out_name] = check_expression(src, expr, what=f"column expression {out_name!r}")
                    names.append(out_name)
            else:
                raise ColumnError(f"columns entries must be names or {{name: expression}} mappings, got {item!r}")
    if not names:
        raise ColumnError(f"no columns to analyse in {src.label}; pass columns=[...]")
    refuse_reserved(names, "the request")
    seen: set[str] = set()
    for name in names:
        if name.lower() in seen:
            raise ColumnError(f"column {name!r} is listed twice; give each analysed column a distinct name")
        seen.add(name.lower())
    if computed:
        clash = [n for n in computed if n.lower() in {c.lower() for c in src.column_names()}]
        keep = [n for n in src.column_names() if n not in clash]
        extra = [{"name": n, "expr": e} for n, e in computed.items()]
        view = temp_name("sqlpriv_computed")
        body = render_query("engine_computed_view", view=view, relation=src.ref, keep=keep, computed=extra)
        spark_sql.run(src.spark, body)
        comment = (src.comment + "\n" if src.comment else "") + body + ";"
        src = _describe(src.spark, view, quote(view), src.label, comment)
    return src, names


def require_rows(src: SparkSource) -> None:
    """EmptyInputError when the source has no rows (one small Spark job)."""
    try:
        empty = len(spark_sql.run(src.spark, render_query("engine_any_row", relation=src.ref)).take(1)) == 0
    except Exception as exc:
        if not is_spark_error(exc):
            raise
        raise SourceError(f"cannot read {src.label}: {_spark_error(exc)}") from None
    if empty:
        raise EmptyInputError(f"{src.label} has no rows; there is nothing to measure")


def match_key(src: SparkSource, key: str | None, names: list[str]) -> str | None:
    if key is None:
        return None
    real = source_column(src, key)
    if real in names:
        raise ColumnError(
            f"column {real!r} is both the key and an analysed column; a key is carried into the "
            "output, not measured: drop it from columns= or choose another key"
        )
    return real


# --------------------------------------------------------------------------- results


class SparkResult:
    """One measure as one Spark SQL query; nothing runs until a method asks.

    The result surface of every sqlpriv result (:class:`~sqlpriv.engine.surface.ResultSurface`:
    ``.sql``, ``.df()``, ``.arrow()``, ``.fetchall()``, ``.to_parquet()``, ``.to_csv()``,
    ``.write()``), plus ``.spark()``, the lazy Spark DataFrame. ``df()``/``arrow()`` collect to
    the driver; the file writers run on the executors.
    """

    def __init__(self, source: SparkSource, query: str) -> None:
        self.source = source
        self.query = query

    @property
    def sql(self) -> str:
        """The Spark SQL (after a comment saying what the source is, and any view it needs)."""
        head = [self.source.comment] if self.source.comment else []
        return "\n".join(["-- generated by sqlpriv for Spark SQL", *head, self.query + ";"]) + "\n"

    def runnable(self) -> str:
        """The statement :meth:`spark` runs: the printed query (a subclass may first build shared
        state the query reads)."""
        return self.query

    def spark(self) -> Any:
        """The result as a lazy Spark DataFrame."""
        try:
            return spark_sql.run(self.source.spark, self.runnable())
        except Exception as exc:
            if not is_spark_error(exc):
                raise
            raise ExecutionError(f"Spark could not run the query: {_spark_error(exc)}") from None

    def _collect(self, fn: Any) -> Any:
        try:
            return fn(self.spark())
        except ExecutionError:
            raise
        except Exception as exc:
            if not is_spark_error(exc):
                raise
            raise ExecutionError(f"Spark failed running the query: {_spark_error(exc)}") from None

    def df(self) -> pd.DataFrame:
        """Collect to a pandas DataFrame."""
        return self._collect(lambda frame: frame.toPandas())

    def arrow(self) -> pa.Table:
        """Collect to a pyarrow Table."""
        return self._collect(lambda frame: frame.toArrow())

    def fetchall(self) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in self._collect(lambda frame: frame.collect())]

    def to_parquet(self, path: str | os.PathLike[str]) -> Written:
        """Write with Spark as Parquet (a folder of part files); a local folder is swapped in
        atomically and returned as a Path, a URI is written as given and returned as a Uri."""
        return self._write(path, "parquet")

    def to_csv(self, path: str | os.PathLike[str]) -> Written:
        """Write with Spark as CSV with a header (a folder of part files), like :meth:`to_parquet`."""
        return self._write(path, "csv")

    def write(self, path: str | os.PathLike[str]) -> Written:
        """CSV if ``path`` ends in ``.csv``, else Parquet."""
        return self._write(path, "csv" if os.fspath(path).lower().endswith(".csv") else "parquet")

    def _write(self, path: str | os.PathLike[str], fmt: str) -> Written:
        def save(frame: Any, where: str) -> None:
            writer = frame.write.mode("overwrite")
            writer.option("header", "true").csv(where) if fmt == "csv" else writer.parquet(where)

        target = os.fspath(path)
        if "://" in target:
            self._collect(lambda frame: save(frame, target))
            return Uri(target)
        final = refuse_unsafe_destination(target)  # no folder made, no link or device replaced
        try:
            tmp = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".tmp", dir=final.parent))
        except OSError as exc:
            raise OutputError(f"cannot write {target!r}: {exc.strerror or exc}; choose a writable folder") from None
        try:
            self._collect(lambda frame: save(frame, str(tmp / "data")))
            refuse_unsafe_destination(final)
            if final.is_dir():
                shutil.rmtree(final)
            elif final.exists():
                final.unlink()
            os.replace(tmp / "data", final)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return final

    def __repr__(self) -> str:
        return f"<sqlpriv.SparkResult {self.query.splitlines()[0][:60]!r}...>"

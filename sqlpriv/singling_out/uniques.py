"""Minimal sample uniques (SUDA) of one table (docs/measures.md §4).

A record's minimal sample unique (MSU) is a column set on which no other record of the same
table shares its values, no proper subset of which has that property. The search runs in
DuckDB level by level (all column sets of one size per query, chunked), on the packed pattern
keys of :mod:`sqlpriv.engine.cohorts`; the math is SQL in ``sql_templates/singling_out/msu_*.sql``.
The two-table measure, singling-out risk of synthetic data, is :mod:`sqlpriv.singling_out.measure`.

>>> import pandas as pd
>>> u = sample_uniques(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}), max_cols=1)
>>> [row[1:3] for row in u.per_row().fetchall()]  # smallest_msu_size, msu_count
[(1, 1), (None, 0), (1, 1)]
>>> [row[4] for row in u.per_row().fetchall()]  # suda_score: (d - k)! per MSU of size k
[1.0, 0.0, 1.0]
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import duckdb

from sqlpriv.engine import checks, cohorts
from sqlpriv.engine.connection import connect
from sqlpriv.engine.layout import fields, set_chunks
from sqlpriv.engine.limits import CHUNK_ROWS
from sqlpriv.engine.presentable import Presentable
from sqlpriv.engine.result import Result
from sqlpriv.engine.sources import ColumnsArg
from sqlpriv.engine.spark.plan import SparkPlanResult
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.engine.templates import call, render, use_dialect
from sqlpriv.errors import ColumnError, ParameterError, SqlprivWarning

#: sdcMicro's default DisFraction for the DIS-SUDA scores (suda2)
DIS_FRACTION = 0.01


class SampleUniquesResult(Presentable, cohorts.FrameMeasure):
    """Minimal sample uniques (MSUs) of one table: for each record, the smallest column sets
    on which it is unique in its own table, no proper subset being unique (SUDA).

    ``per_row()`` and ``summary()`` return :class:`sqlpriv.Result` objects.
    """

    def __init__(
        self,
        frame: cohorts.CohortFrame,
        t: dict[str, str],
        max_cols: int,
        dis_fraction: float = DIS_FRACTION,
        units: int | None = None,
    ) -> None:
        self.frame = frame
        self.t = t
        self.max_cols = max_cols
        self.dis_fraction = dis_fraction
        self.units = units  # with entity: the distinct (entity, pattern) pairs

    @property
    def entity(self) -> str | None:
        """The entity column whose distinct values make a record unique (None: rows)."""
        return self.frame.key if self.units is not None else None

    def per_row(self) -> Result:
        """One row per input row: key (0-based position or key column), smallest_msu_size,
        msu_count, msus (list of column lists), suda_score and dis_suda_score (SUDA, sdcMicro's
        suda2; 0 for a row with no MSU), in input order."""
        return self._result("msu_per_row.sql", ["suda"])

    def summary(self) -> Result:
        """One row per column: msu_count (MSUs it is part of), records (records with such an
        MSU), share_of_records, suda_contribution (its percent of the total SUDA score, as
        sdcMicro's attribute contributions) and the MSUs of each size it belongs to."""
        return self._result("msu_summary.sql", self._needs(), units=self.units)

    def dis_suda(self) -> Result:
        """The DIS-SUDA table as sdcMicro prints it: ``interval`` (``== 0``, ``(0.0, 0.1]`` ..
        ``(0.6, 0.7]``, ``> 0.7``) and ``records``, the rows whose DIS-SUDA score is in it.

        >>> import pandas as pd
        >>> df = pd.DataFrame({"a": [1, 1, 2, 3], "b": ["x", "x", "y", "y"]})
        >>> sample_uniques(df).dis_suda().fetchall()[0]
        ('== 0', 2)
        """
        return self._result("msu_dis_bands.sql", self._needs(), entity=self.units is not None)

    def _result(self, template: str, needs: list[str], **extra: Any) -> Any:
        """One output: ``singling_out/<template>`` over the plan's tables (a Spark subclass renders
        it for Spark)."""
        return Result(self.frame.plan, render(f"singling_out/{template}", **self._ctx(), **extra), needs)

    def _needs(self) -> list[str]:
        """The steps a summary needs: the scores, and with entity the units they are shares of."""
        return ["suda", "entities"] if self.units is not None else ["suda"]

    def _ctx(self) -> dict[str, Any]:
        if self.units is not None:  # the codes' key is the entity: the output is by position
            key_name = self.free_name("row")
            return self.frame.context(su=self.t, key_name=key_name, max_cols=self.max_cols, key=None)
        key_name = self.frame.key or self.free_name("row")  # "key" before issue 46: one name across families
        return self.frame.context(su=self.t, key_name=key_name, max_cols=self.max_cols)


class SparkSampleUniquesResult(SampleUniquesResult):
    """:class:`SampleUniquesResult` of a search on Spark: ``per_row()``, ``summary()`` and
    ``dis_suda()`` are :class:`~sqlpriv.engine.spark.plan.SparkPlanResult` objects (``.df()``,
    ``.spark()``, ``.to_parquet()``, ...) over the plan's round tables, kept on the executors."""

    def _result(self, template: str, needs: list[str], **extra: Any) -> Any:
        with use_dialect("spark"):
            text = render(f"singling_out/{template}", **self._ctx(), **extra)
        return SparkPlanResult(self.frame.plan, text, needs)  # type: ignore[arg-type]

    @property
    def sql(self) -> str:
        """The Spark SQL of the search and its per-row, summary and DIS-SUDA queries."""
        return self.script(self.per_row(), self.summary(), self.dis_suda())

    def script(self, *results: Any) -> str:
        """The Spark SQL of the steps ``results`` need and their queries (a ``(result, path)``
        pair: its query; Spark writes the file, not the script)."""
        chosen = [item[0] if isinstance(item, tuple) else item for item in results]
        needs = list(dict.fromkeys(n for r in chosen for n in r.needs))
        return self.frame.plan.script(needs, [r.query for r in chosen])


def sample_uniques(
    source: Any,
    columns: ColumnsArg = None,
    *,
    max_cols: int | None = None,
    dis_fraction: float = DIS_FRACTION,
    key: str | None = None,
    entity: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
    dropna: bool = False,
) -> SampleUniquesResult:
    """Minimal sample uniques of ``source`` up to ``max_cols`` columns (None: all).

    A record's MSU is a column set on which no other record shares its values
    and no proper subset of which has that property. NULL is a value (NULL
    matches NULL); duplicated records have no MSU.

    Each row's ``suda_score`` sums ``(d - k)!`` over its MSUs (k their sizes, d the analysed
    columns) and ``dis_suda_score`` calibrates it to a probability of a correct match with the
    DIS method at sampling fraction ``dis_fraction`` (sdcMicro's suda2 and its
    ``DisFraction``; docs/measures.md §9.8). ``entity`` names a column identifying the person
    behind each row (panel data): a record is then unique on a column set when no other
    *entity* shares its values (a person's own other rows do not count); not with ``key``.
    ``dropna=True`` leaves out the rows with a NULL in an analysed column (``dropped_rows``).
    A Spark DataFrame (or ``spark=`` with a table name or file) runs the same steps on Spark
    (docs/spark.md); ``con``, ``threads``, ``memory_limit`` and ``temp_directory`` are DuckDB's.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]})
    >>> tuple(row[3] for row in sample_uniques(df).per_row().fetchall())
    ([['b']], [['a', 'b']], [['a']])
    """
    dis_fraction = _dis_fraction(dis_fraction)
    _check_entity(entity, key, columns)
    on_spark = wants_spark(source, spark)
    if on_spark:  # the cohort frame's steps on a Spark plan (sqlpriv.engine.spark.cohorts)
        _refuse_duckdb_options(con=con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
        from sqlpriv.engine.spark import cohorts as spark_cohorts

        by = entity if entity is not None else key
        dense = True if entity is not None else None  # with entity the rows are labelled by position
        frame = spark_cohorts.prepare(source, columns, spark, key=by, dropna=dropna, dense=dense, packed=True)
    else:
        conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
        with warnings.catch_warnings():  # with entity, the codes' key is the entity (it repeats, by design)
            if entity is not None:
                warnings.filterwarnings("ignore", message="key column", category=SqlprivWarning)
            frame = cohorts.prepare(source, columns, conn, key=entity or key, packed=True, dropna=dropna)
    with use_dialect("spark" if on_spark else "duckdb"):
        max_cols = checks.bounded_max_cols(frame.d, max_cols)
        names = ("columns", "sets", "msu", "multi", "cells", "weights", "scores", "entities")
        t = {name: f"{frame.names['prefix']}_su_{name}" for name in names}
        units = _add_entities(frame, t) if entity is not None else None
        _add_sets(frame, t, max_cols)
        _add_levels(frame, t, max_cols, entity=entity is not None)
        _add_scores(frame, t, dis_fraction, entity=entity is not None)
    kind = SparkSampleUniquesResult if on_spark else SampleUniquesResult
    return kind(frame, t, max_cols, dis_fraction, units)


def _refuse_duckdb_options(**options: Any) -> None:
    """On Spark: one error naming the DuckDB connection options given (Spark's settings size the work)."""
    given = sorted(name for name, value in options.items() if value is not None)
    if given:
        raise ParameterError(
            f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} DuckDB's and not used on Spark; leave "
            f"{'it' if len(given) == 1 else 'them'} out (Spark's own settings size the work)"
        )


def _check_entity(entity: Any, key: Any, columns: Any) -> None:
    """An entity column is one name, not the key too, not among the analysed columns."""
    if entity is None:
        return
    if not isinstance(entity, str):
        raise ParameterError(f"entity must be one column name, got {entity!r}")
    if key is not None:
        raise ParameterError(
            "entity= and key= together: with entity the per-row output is by row position; leave key out"
        )
    named = [c for c in (columns if isinstance(columns, (list, tuple)) else [columns]) if isinstance(c, str)]
    if entity.lower() in {c.lower() for c in named}:
        raise ColumnError(f"column {entity!r} is both the entity column and an analysed column; drop it from columns=")


def _add_entities(frame: cohorts.CohortFrame, t: dict[str, str]) -> int:
    """Per pattern its entities (refusing a NULL entity); returns the (entity, pattern) units."""
    plan = frame.plan
    plan.add("entities", [render("singling_out/msu_entities.sql", **frame.context(su=t))], deps=["codes"])
    plan.ensure(["entities"])
    nulls, units = plan.rows(render("singling_out/msu_entity_counts.sql", su=t))[0]
    if nulls:
        raise ParameterError(
            f"entity column {frame.key!r} has NULL values; every row needs the entity (person) it belongs to"
        )
    return int(units)


def _dis_fraction(value: Any) -> float:
    """The DIS sampling fraction, checked in (0, 1] (sdcMicro's DisFraction)."""
    f = checks.finite_number("dis_fraction", value)
    if not 0 < f <= 1:
        raise ParameterError(
            f"dis_fraction must be in (0, 1] (the sampling fraction the DIS-SUDA scores assume), got {value!r}"
        )
    return f


def _add_scores(frame: cohorts.CohortFrame, t: dict[str, str], dis_fraction: float, entity: bool = False) -> None:
    """The SUDA weights per MSU size and the SUDA / DIS-SUDA scores per record with an MSU."""
    ctx = frame.context(su=t, dis_fraction=dis_fraction, entity=entity)
    statements = [render("singling_out/msu_suda.sql", **ctx, part=part) for part in ("weights", "scores")]
    frame.plan.add("suda", statements, deps=["msu", "patterns"])


def _add_sets(frame: cohorts.CohortFrame, t: dict[str, str], max_cols: int) -> None:
    """The analysed columns, the column sets up to ``max_cols`` and the empty result tables."""
    cols = sorted((f.j, f.word, f.mask) for f in fields(frame.words))
    frame.plan.add(
        "su_sets",
        [
            render("singling_out/msu_columns.sql", t=t, cols=cols, columns=frame.columns),
            render("singling_out/sets.sql", t=t, words=frame.words, max_cols=max_cols),
            *[render("singling_out/msu_tables.sql", t=t, words=frame.words, part=part) for part in ("msu", "multi")],
        ],
    )


def _add_levels(frame: cohorts.CohortFrame, t: dict[str, str], max_cols: int, entity: bool = False) -> None:
    """One step for every level: per set size, chunks of sets sized to the number of patterns."""
    plan = frame.plan
    plan.ensure(["patterns"])
    n_patterns = int(
        plan.rows(render("engine/count_rows.sql", relation=call("quote", name=frame.names["patterns"])))[0][0]
    )
    per_chunk = max(1, CHUNK_ROWS // max(1, n_patterns))
    statements = []
    for size in range(1, max_cols + 1):
        for lo, hi in set_chunks(math.comb(frame.d, size), per_chunk):
            for part in ("cells", "msu", "prune", "multi"):  # one statement each; empty parts skipped
                text = render(
                    "singling_out/msu_level.sql",
                    **frame.context(su=t, size=size, lo=lo, hi=hi, max_cols=max_cols, part=part, entity=entity),
                )
                if text:
                    statements.append(text)
    # msu_per_row and msu_summary read the rows' codes (the patterns no longer build them)
    plan.add("msu", statements, deps=["patterns", "codes", "su_sets", *(["entities"] if entity else [])])

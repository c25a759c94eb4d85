"""A multi-step plan on Spark: the rounds of a search run as Spark statements over Spark tables.

:class:`SparkPlan` is :class:`sqlpriv.engine.plan.Plan` for a SparkSession: named steps of
statements, each run at most once, dependencies first (``add``, ``ensure``, ``order``,
``guards``, ``script``, ``close``), from the very templates a DuckDB plan runs, rendered for the
``spark`` dialect (render a family's statements inside ``use_dialect("spark")``). Every
statement goes through :func:`sqlpriv.engine.spark.sql.run` (variable substitution off). The
statements a DuckDB plan keeps as temporary tables are read here by their head:

``cache table `t` as <select>`` (``engine/create_table.sql``: the dialect's
``create_temp_table`` head)
    the select is computed now and kept as the temp view ``t`` over a local checkpoint
    (``DataFrame.localCheckpoint(eager=True)``): its blocks stay on the executors, its lineage
    is cut, so a later round reads the rows computed once (a cached plan holding a
    nondeterministic expression, such as Spark's ``monotonically_increasing_id``, would be
    recomputed and could differ) and a chain of rounds never grows a deep plan; the view drops
    the checkpoint's size estimate too (:func:`without_estimate`), which would otherwise grow
    with every round. A select that
    reads ``t`` itself reads the old rows; the old ones are then released.
``insert into `t` <select>`` (``engine/insert_into.sql``)
    the select's rows, cast to ``t``'s column types by position (as an insert does), are
    appended: ``t`` becomes one checkpoint of the old rows and the new ones (a view over a union
    of checkpoints trips Spark's constraint rewriting in a later query).
``delete from `t` where <condition>``
    ``t`` becomes a checkpoint of its rows where the condition does not hold (NULL keeps a row,
    as a delete does).
``drop table if exists `t```, ``drop view if exists `t```
    the view is dropped and the rows of a table this plan kept are released.

Any other statement (``create or replace temporary view``, ...) runs as Spark SQL. Nothing is
collected to the driver but what :meth:`SparkPlan.rows` reads (a family's counts, an aggregate
no larger than its lattice or pattern count). :meth:`SparkPlan.close` (or the plan being
collected) drops every view the plan made and releases its rows. :class:`SparkPlanResult` is a
:class:`~sqlpriv.engine.spark.run.SparkResult` whose query reads the plan's tables: running it
first runs the steps it needs; ``.sql`` prints those steps and the query.

pyspark is needed only when a plan runs.

>>> head("cache table `a``b` as\\nselect 1")
('cache table', 'a`b', 'select 1')
>>> head("insert into `hits`\\nwith x as (select 1) select * from x")
('insert into', 'hits', 'with x as (select 1) select * from x')
>>> head("drop table if exists `t`"), head("delete from `t` where size < 2"), head("select 1")
(('drop', 't', ''), ('delete from', 't', 'size < 2'), None)
"""

from __future__ import annotations

import contextlib
import re
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlpriv.engine.plan import Step, order
from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.spark.run import SparkResult, SparkSource, is_spark_error, render_query
from sqlpriv.errors import ExecutionError, SqlprivError

_NAME = r"`((?:[^`]|``)+)`"
_KEEP = re.compile(rf"(cache table|insert into) {_NAME}(?: as)?\n", re.IGNORECASE)
_DROP = re.compile(rf"drop (?:table|view) if exists {_NAME}\Z", re.IGNORECASE)
_DELETE = re.compile(rf"delete from {_NAME}(?:\s+where\s+|\Z)", re.IGNORECASE)


def head(statement: str) -> tuple[str, str, str] | None:
    """How the runner reads a statement: ``(kind, table, text)`` for a round table kept
    (``cache table``, the select), appended to (``insert into``, the select), deleted from
    (``delete from``, the condition) or dropped (``drop``), else None."""
    text = statement.strip()
    kept = _KEEP.match(text)
    if kept:
        return kept.group(1).lower(), kept.group(2).replace("``", "`"), text[kept.end() :].strip()
    dropped = _DROP.match(text)
    if dropped:
        return "drop", dropped.group(1).replace("``", "`"), ""
    deleted = _DELETE.match(text)
    if deleted:
        return "delete from", deleted.group(1).replace("``", "`"), text[deleted.end() :].strip()
    return None


TUNING = {
    # inferring constraints walks every join condition of a round's long chain of joins on
    # NULL-safe equalities again and again, and filters nothing a round needs
    "spark.sql.constraintPropagation.enabled": "false",
}


@contextlib.contextmanager
def tuned(spark: Any) -> Iterator[None]:
    """Run a plan's statements with :data:`TUNING` set in the session, then leave each setting as
    it was found (unset stays unset); a session that refuses a setting runs as it is."""
    found: dict[str, str | None] = {}
    with contextlib.suppress(Exception):  # no session (a script only), or a conf not settable
        settings = spark.conf.getAll  # what the session sets itself (not Spark's defaults)
        for key, value in TUNING.items():
            found[key] = settings.get(key)
            spark.conf.set(key, value)
    try:
        yield
    finally:
        for key, before in found.items():
            with contextlib.suppress(Exception):  # the session may be stopped already
                if before is None:
                    spark.conf.unset(key)
                else:
                    spark.conf.set(key, before)


def _release(frames: Sequence[Any]) -> None:
    """Free the executors' blocks of checkpointed frames (best effort: Spark's cleaner frees them
    anyway once nothing refers to them)."""
    for frame in frames:
        with contextlib.suppress(Exception):  # not a checkpoint, or a pyspark without the method
            frame._jdf.queryExecution().analyzed().rdd().unpersist(False)


def without_estimate(frame: Any) -> Any:
    """The checkpoint ``frame``, or a DataFrame over its rows without the size estimate Spark kept
    from the plan that computed them where that estimate is past a long (meaningless).

    A checkpoint's ``LogicalRDD`` carries its origin's statistics, and a join's estimate is the
    product of its inputs': a round that joins the round before three times triples the estimate's
    digits, so by round 10 the driver spent minutes multiplying numbers of 400,000 digits before
    running anything. Such a checkpoint is read as a fresh RDD, estimated as any RDD is
    (``spark.sql.defaultSizeInBytes``); one whose estimate fits a long keeps it (a small table may
    still be broadcast). ``frame`` itself where the session has no ``internalCreateDataFrame``."""
    from pyspark.sql import DataFrame

    jdf = frame._jdf
    try:
        if int(jdf.queryExecution().optimizedPlan().stats().sizeInBytes()) < 2**63:
            return frame
    except (ValueError, TypeError):  # past Python's 4,300 digits of an int read from text; no number
        pass
    try:
        session = frame.sparkSession
        rows = session._jsparkSession.internalCreateDataFrame(jdf.queryExecution().toRdd(), jdf.schema(), False)
    except Exception:  # py4j's error for a missing method: keep the estimate
        return frame
    return DataFrame(rows, session)


def _drop_all(spark: Any, made: dict[str, Any]) -> None:
    """Drop every view a plan made and release its rows (also when the plan is collected)."""
    for name, frame in list(made.items()):
        with contextlib.suppress(Exception):  # the session may be stopped already
            spark.catalog.dropTempView(name)
        _release([frame])
    made.clear()


@dataclass
class SparkPlan:
    """Named, dependent steps of Spark SQL statements, each run at most once (module docstring).

    >>> p = SparkPlan(spark=None)
    >>> p.add("a", ["cache table `t` as\\nselect 1 as x"]); p.add("b", ["select 2"], deps=["a"])
    >>> p.order(["b"])
    ['a', 'b']
    >>> print(p.script(["b"], "select x from `t`").splitlines()[-1])
    select x from `t`;
    """

    spark: Any
    source: SparkSource | None = None
    steps: dict[str, Step] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    progress: bool | None = None  # False: never a progress bar; None: on a terminal
    guards: list[Callable[[], None]] = field(default_factory=list)  # run before every ensure(); raise to refuse

    def __post_init__(self) -> None:
        self._made: dict[str, Any] = {}  # view name -> its checkpointed DataFrame
        self._closer = weakref.finalize(self, _drop_all, self.spark, self._made)

    def close(self) -> None:
        """Drop the views this plan made and release their rows; its results cannot be read afterwards."""
        self._closer()

    def add(self, name: str, statements: Sequence[str], deps: Iterable[str] = ()) -> None:
        """Declare step ``name``; re-declaring replaces it and forgets it ran."""
        self.steps[name] = Step(name, list(statements), tuple(deps))
        self.done.discard(name)

    def order(self, names: Iterable[str]) -> list[str]:
        """The steps needed for ``names``, dependencies first."""
        return order(self.steps, names)

    def ensure(self, names: Iterable[str]) -> None:
        """Run every not-yet-run step needed for ``names``."""
        from sqlpriv.progress import Bar

        for guard in self.guards:
            guard()
        todo = [n for n in self.order(names) if n not in self.done]
        with tuned(self.spark), Bar(len(todo), "sqlpriv", enabled_=self.progress, delay=1.0) as bar:
            for n in todo:
                for statement in self.steps[n].statements:
                    self.execute(statement)
                self.done.add(n)
                bar.step(n)

    def execute(self, statement: str) -> None:
        """Run one statement (module docstring: how round tables are kept, appended and dropped)."""
        read = head(statement)
        if read is None:
            self.frame(statement)
        elif read[0] == "cache table":
            self._keep(read[1], self._checkpoint(self.frame(read[2])))
        elif read[0] == "insert into":
            self._append(read[1], read[2])
        elif read[0] == "delete from":
            self._delete(read[1], read[2])
        else:
            self._drop(read[1])

    def frame(self, sql: str) -> Any:
        """``spark.sql(sql)`` (a lazy DataFrame; a command runs now), Spark's errors as ours."""
        return self._guarded(lambda: spark_sql.run(self.spark, sql))

    def rows(self, sql: str) -> list[tuple[Any, ...]]:
        """The rows of one small query (an aggregate) collected to the driver."""
        with tuned(self.spark):
            frame = self.frame(sql)
            return [tuple(row) for row in self._guarded(frame.collect)]

    def _guarded(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except Exception as exc:
            if not is_spark_error(exc):
                raise
            raise spark_failure(exc) from None

    def _checkpoint(self, frame: Any) -> Any:
        return self._guarded(lambda: frame.localCheckpoint(eager=True))

    def _keep(self, name: str, frame: Any) -> None:
        """Make ``name`` the view of the checkpointed ``frame`` (without its origin's size estimate),
        releasing the rows it held before."""
        self._guarded(lambda: without_estimate(frame).createOrReplaceTempView(name))
        old = self._made.get(name)
        self._made[name] = frame
        if old is not None:
            _release([old])

    def _append(self, name: str, sql: str) -> None:
        """Append a select's rows to the round table ``name``, cast to its column types by position."""
        self._check_made(name, "append to")
        target = self.spark.table(spark_sql_quote(name))
        added = self.frame(sql)
        if len(added.columns) != len(target.columns):
            raise ExecutionError(
                f"cannot append {len(added.columns)} columns to {name!r}, which has {len(target.columns)} "
                "(a sqlpriv bug, please report it)"
            )
        cast = added.toDF(*[f"_{i}" for i in range(len(added.columns))]).select(
            *[added_column(f"_{i}").cast(f.dataType).alias(f.name) for i, f in enumerate(target.schema.fields)]
        )
        # one checkpoint of the union: a view over a union of checkpoints trips Spark's constraint
        # rewriting of a Union (NoSuchElementException: key not found) in a later query
        self._keep(name, self._checkpoint(target.union(cast)))

    def _delete(self, name: str, condition: str) -> None:
        """Delete the rows of the round table ``name`` where ``condition`` holds (a NULL keeps the row)."""
        self._check_made(name, "delete from")
        rest = render_query("engine_rows_kept", name=name, condition=condition or "true")
        self._keep(name, self._checkpoint(self.frame(rest)))

    def _check_made(self, name: str, what: str) -> None:
        if name not in self._made:
            raise ExecutionError(
                f"cannot {what} {name!r} on Spark: this plan did not make it as a table first "
                "(a sqlpriv bug, please report it)"
            )

    def _drop(self, name: str) -> None:
        """Drop the temp view ``name`` (a round table or a view) and release its rows."""
        self._guarded(lambda: self.spark.catalog.dropTempView(name))
        old = self._made.pop(name, None)
        if old is not None:
            _release([old])

    def script(self, names: Iterable[str], query: str | Sequence[str] | None = None) -> str:
        """The Spark SQL of the steps needed for ``names`` and the final queries, in order (the round
        tables as ``cache table``; an ``insert into`` one is run by the plan as a union)."""
        parts = ["-- generated by sqlpriv for Spark SQL"]
        if self.source is not None and self.source.comment:
            parts += ["-- source", self.source.comment]
        for n in self.order(names):
            parts.append(f"-- step: {n}")
            parts += [s + ";" for s in self.steps[n].statements]
        for q in [query] if isinstance(query, str) else list(query or []):
            parts += ["-- result", q + ";"]
        return "\n".join(parts) + "\n"


def spark_sql_quote(name: str) -> str:
    """A temp view's name for ``spark.table`` (backticks, inner ones doubled)."""
    return "`" + name.replace("`", "``") + "`"


def added_column(name: str) -> Any:
    from pyspark.sql import functions

    return functions.col(spark_sql_quote(name))


def spark_failure(exc: BaseException) -> SqlprivError:
    """A Spark error of a generated statement as ours: a guard's own message (``sqlpriv: ...``
    raised inside the SQL) as a :class:`SqlprivError`, anything else as an ExecutionError."""
    message = str(exc)
    marker = "sqlpriv:"
    if marker in message:
        text = message[message.index(marker) + len(marker) :].strip().splitlines()[0]
        return SqlprivError(re.sub(r"[\"']?\s*SQLSTATE: \w+.*$", "", text).strip())
    lines = [
        line for line in message.strip().splitlines() if line.strip() and "error occurred while calling" not in line
    ]
    first = re.sub(r"\s*SQLSTATE: \w+.*$", "", lines[0].lstrip(": ") if lines else type(exc).__name__)
    return ExecutionError(f"Spark failed on a generated statement: {first}")


class SparkPlanResult(SparkResult):
    """A query over a :class:`SparkPlan`'s tables: running it (``.spark()``, ``.df()``, a writer)
    first runs the steps it ``needs``; ``.sql`` prints those steps, then the query."""

    def __init__(self, plan: SparkPlan, query: str, needs: Sequence[str]) -> None:
        if plan.source is None:
            raise ValueError("a SparkPlanResult needs a plan with a source")
        super().__init__(plan.source, query)
        self.plan = plan
        self.needs = list(needs)

    @property
    def sql(self) -> str:
        return self.plan.script(self.needs, self.query)

    def runnable(self) -> str:
        self.plan.ensure(self.needs)
        return self.query


__all__ = ["SparkPlan", "SparkPlanResult", "head", "spark_failure"]

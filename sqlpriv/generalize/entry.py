"""``sqlpriv.generalize``: where the search runs (DuckDB, or Spark for a Spark source) and how much
of the lattice it evaluates (docs/measures.md §7).

``evaluate="search"`` (the default) evaluates the nodes the exact search needs: it skips those it
decides by monotonicity, so ``candidates()``, ``pareto()`` and the report's chart show the
evaluated nodes. ``evaluate="all"`` then evaluates every remaining node of the lattice (at most
``max_evaluate``, refused before any query above), so they show the whole lattice and its whole
Pareto front; the best node is the search's either way. ``evaluate="climbs"`` is the search with
every node its climbs probe evaluated, also those over a node meeting the policy, which the
default takes as passing unevaluated (a monotone policy): a few more nodes, more points of the
Pareto front for the report's chart (its "What to do" section asks for it).

>>> import pandas as pd
>>> from sqlpriv.generalize.hierarchy import intervals
>>> df = pd.DataFrame({"age": [31, 32, 33, 34, 41, 45], "sex": ["F", "F", "M", "M", "F", "M"]})
>>> h = {"age": intervals(5, 10), "sex": {"F": ["*"], "M": ["*"]}}
>>> g = generalize(df, h, k=2, evaluate="all")
>>> g.best, len(g.candidates().df())  # 4 x 2 nodes, every one evaluated
({'age': 3, 'sex': 0}, 8)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import duckdb

from sqlpriv.engine import checks
from sqlpriv.engine.spark.run import wants_spark
from sqlpriv.errors import ParameterError
from sqlpriv.generalize import apply
from sqlpriv.generalize.apply import Generalization
from sqlpriv.generalize.cells import MAX_CELLS_NODES, CellsGeneralization, check_suppression
from sqlpriv.generalize.hierarchy import from_spec
from sqlpriv.generalize.search import MAX_NODES, LatticeTooLargeError
from sqlpriv.generalize.spark_search import MAX_PATTERNS, generalize_spark

#: the most lattice nodes ``evaluate="all"`` evaluates
MAX_EVALUATE = 20_000
EVALUATE = ("search", "climbs", "all")


def generalize(
    source: Any,
    hierarchies: Mapping[str, Any],
    *,
    k: int = 2,
    suppression_limit: float = 0.0,
    max_unique_share: float | None = None,
    metric: str = "loss",
    key: str | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    batch: int = 64,
    max_nodes: int = MAX_NODES,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    evaluate: str = "search",
    max_evaluate: int = MAX_EVALUATE,
    spark: Any = None,
    max_patterns: int = MAX_PATTERNS,
    suppression: str = "records",
    cells_method: str = "greedy",
    max_cells_nodes: int = MAX_CELLS_NODES,
    entity: str | None = None,
) -> Generalization:
    """The globally optimal generalization of ``source`` for ``metric`` under the policy (k with
    record suppression up to ``suppression_limit`` of the rows, optionally ``max_unique_share``).
    ``hierarchies`` maps each quasi-identifier to a hierarchy (a file, a dict, a list of SQL
    expressions or a builder of :mod:`sqlpriv.hierarchy`). ``key`` is accepted for symmetry
    with the other measures (the released table keeps every column, so it keeps the key too).

    ``evaluate="all"``: also evaluate every other lattice node (at most ``max_evaluate``), for
    the whole Pareto front; ``evaluate="climbs"``: also the nodes the search's climbs take as
    passing unevaluated (more points of the front, as the report's chart draws it). A Spark DataFrame source, or ``spark=`` (a SparkSession) with a table
    name or file: Spark aggregates the distinct patterns (at most ``max_patterns``, estimated
    first), the search runs on them on the driver, and ``apply()``, ``sql`` and ``compare()``
    run on Spark (:mod:`sqlpriv.generalize.spark_search`).

    ``suppression="cells"``: the records still at risk at a node are treated by local
    suppression (``cells_method``: "greedy" or "sdcmicro", as :func:`sqlpriv.local_suppression`;
    at most ``max_cells_nodes`` nodes, each one local suppression, else it warns and keeps the best found;
    a few key cells blanked, NULL, k reached with a NULL matching any value) instead of record
    suppression, a blanked cell costing 1 in its column's loss (metric "loss" only, DuckDB only;
    :mod:`sqlpriv.generalize.cells`); the default "records" suppresses whole records up to
    ``suppression_limit``.
    run on Spark (:mod:`sqlpriv.generalize.spark_search`). ``entity`` (DuckDB) names a column
    identifying the person behind each row (panel data): k, the suppression limit and the
    release count a class's distinct entities, not its rows (each entity's quasi-identifiers must
    not change between its rows; ``n`` is then the entities, ``rows`` the rows).
    """
    suppression = check_suppression(suppression, metric, max_unique_share, cells_method)
    if suppression == "cells" and entity is not None:
        raise ParameterError("suppression='cells' counts rows, not entities; leave entity= out or use 'records'")
    evaluate = checks.choice("evaluate", evaluate, EVALUATE)
    max_evaluate = checks.positive_int("max_evaluate", max_evaluate)
    max_patterns = checks.positive_int("max_patterns", max_patterns)
    if evaluate == "all" and isinstance(hierarchies, Mapping) and hierarchies:
        heights = [from_spec(spec).levels for spec in hierarchies.values()]
        size = 1
        for h in heights:
            size *= h
        if size > max_evaluate:
            raise LatticeTooLargeError(
                f"evaluate='all' evaluates every node of the lattice: {size:,} (the product of the hierarchy "
                f"heights {heights}), more than max_evaluate={max_evaluate:,}; use evaluate='search' (the best "
                "node is the same, the chart shows the nodes the search evaluated), fewer quasi-identifiers or "
                "levels, or raise max_evaluate="
            )
    g: Generalization
    if wants_spark(source, spark):
        if suppression == "cells":
            raise ParameterError("suppression='cells' runs on DuckDB only; collect the Spark table or use 'records'")
        if entity is not None:
            raise ParameterError("entity= is not available on Spark yet; generalize on DuckDB or leave entity out")
        given = [name for name, v in (("con", con), ("threads", threads), ("memory_limit", memory_limit)) if v]
        if given or temp_directory:
            raise ParameterError(
                f"{', '.join(given + (['temp_directory'] if temp_directory else []))}= are DuckDB options; "
                "a Spark source runs its statements on the SparkSession (spark=)"
            )
        g = generalize_spark(
            source,
            hierarchies,
            spark=spark,
            k=k,
            suppression_limit=suppression_limit,
            max_unique_share=max_unique_share,
            metric=metric,
            key=key,
            batch=batch,
            max_nodes=max_nodes,
            max_patterns=max_patterns,
            climbs=evaluate == "climbs",
        )
    else:
        g = apply.generalize(
            source,
            hierarchies,
            k=k,
            suppression_limit=suppression_limit,
            max_unique_share=max_unique_share,
            metric=metric,
            key=key,
            con=con,
            batch=batch,
            max_nodes=max_nodes,
            threads=threads,
            memory_limit=memory_limit,
            temp_directory=temp_directory,
            climbs=evaluate == "climbs",
            entity=entity,
        )
    if evaluate == "all":
        evaluate_all(g)
    if suppression == "cells":
        return CellsGeneralization(g, cells_method, max_nodes, checks.positive_int("max_cells_nodes", max_cells_nodes))
    return g


def evaluate_all(g: Generalization) -> None:
    """Evaluate every lattice node the search skipped (batches of the search's batch size), so
    that ``g.candidates()`` holds the whole lattice. The best node stays the search's."""
    s = g.search
    todo = [node for node in itertools.product(*[range(h) for h in s.heights]) if node not in s.seen]
    for lo in range(0, len(todo), s.batch):
        s.evaluate(todo[lo : lo + s.batch])
    g.stats_added()

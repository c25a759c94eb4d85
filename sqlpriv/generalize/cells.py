"""``generalize(..., suppression="cells")``: the least-loss lattice node when the records still at
risk at a node are treated by local suppression (a few key cells blanked, NULL, until every record's
class has k rows with a NULL matching any value, as sdcMicro measures it) instead of record
suppression: ARX's local recoding idea with sdcMicro's ``localSuppression`` (docs/measures.md §7,
"Cells instead of records").

For each node the search makes the node's generalized table (generalize/release.sql, nothing
suppressed), runs the greedy local suppression on it (its rounds, SQL statements) and reads the
node's figures in one query (generalize/cells_stats.sql): ARX's loss with a blanked cell costing
1 in its column, as a suppressed record's cell does. The nodes are visited by increasing a-priori
bound (each column's loss with nothing suppressed, which blanking only raises) and the search stops
at the first bound above the best loss found, so the node it returns is the least-loss one over
the whole lattice (ties: the lower level sum, then the levels).

The local suppression itself lives in another family (:mod:`sqlpriv.suppress`), which this one may
not import: the presentation layer registers it as the view ``local_suppression`` of
:class:`CellsGeneralization` (:func:`sqlpriv.engine.presentable.view_of`), as it registers
``compare_figures``.

>>> import pandas as pd
>>> from sqlpriv.generalize.entry import generalize
>>> df = pd.DataFrame({"a": [1, 1, 2, 2, 3], "b": ["x", "y", "x", "y", "x"]})
>>> g = generalize(df, {"a": {1: ["*"], 2: ["*"], 3: ["*"]}, "b": {"x": ["*"], "y": ["*"]}}, k=2, suppression="cells")
>>> g.best, g.cells_suppressed
({'a': 0, 'b': 0}, 2)
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

from sqlpriv.engine.connection import allow_source, connect
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import run
from sqlpriv.engine.presentable import view_of
from sqlpriv.engine.result import Result
from sqlpriv.engine.templates import create_table, render
from sqlpriv.errors import ColumnError, OutputError, ParameterError, SqlprivWarning, caller_stacklevel
from sqlpriv.generalize.apply import Generalization
from sqlpriv.generalize.search import lattice

#: how the records still at risk at a node are treated
SUPPRESSION = ("records", "cells")
#: the most nodes the cells search evaluates (one local suppression each) before it stops, warned
MAX_CELLS_NODES = 500
#: the local suppression rule the search runs at each node (sqlpriv.local_suppression's method)
CELLS_METHODS = ("greedy", "sdcmicro")

#: the headings suppression="cells" adds to the candidate table (a quasi-identifier's name may not be one)
CELLS_HEADINGS = ("suppression", "cells_suppressed")

Node = tuple[int, ...]


class CellsGeneralization(Generalization):
    """:class:`Generalization` with ``suppression="cells"``: ``best`` is the least-loss node once
    its records at risk had cells blanked; ``apply()`` / ``sql`` release that node's generalized
    values with the blanked cells NULL (k-anonymous with a NULL matching any value);
    ``candidates()`` holds both kinds (column ``suppression``: 'records' for the record search's
    nodes, 'cells' for these); ``record_best`` is the record search's best node."""

    def __init__(self, base: Generalization, method: str, max_nodes: int, max_cells_nodes: int = 0) -> None:
        for q in base.columns:
            if q.lower() in CELLS_HEADINGS:
                raise ColumnError(
                    f"the quasi-identifier {q!r} has the name of a column of the candidate table "
                    f"({q.lower()}); rename it in the source (a view, a DataFrame's rename) and in hierarchies="
                )
        self.__dict__.update(base.__dict__)
        self.record_best = base.best
        self.suppression = "cells"
        self.cells_method = method
        self.cells: dict[Node, dict[str, Any]] = {}
        self.cells_node: Node | None = None
        self.cells_exact = True  # False: the search stopped at its node cap (warned)
        self.max_cells_nodes = max_cells_nodes or MAX_CELLS_NODES
        self._search_cells(max_nodes)

    # -- the search ----------------------------------------------------------------------------
    def _search_cells(self, max_nodes: int) -> None:
        heights = self.search.heights
        nodes = lattice(heights, max_nodes)
        rows = run(self.plan.con, render("generalize/bound_rows.sql", bounds=self.search.bounds)).fetchall()
        bound = {(int(j), int(level)): float(b) for j, level, b, _ in rows}

        def lower(node: Node) -> list[float]:
            return sorted((bound[(j, lvl)] for j, lvl in enumerate(node)), reverse=True)

        best: tuple[Any, ...] | None = None
        for node in sorted(nodes, key=lambda nd: (lower(nd), sum(nd), nd)):
            if best is not None and lower(node) > best[0]:
                break  # every node left has a bound above the best loss: none can beat it
            if len(self.cells) >= self.max_cells_nodes:
                warnings.warn(
                    f"suppression='cells' stopped after {self.max_cells_nodes} nodes (each runs a local suppression) "
                    "before proving the best node found the least-loss one; raise max_cells_nodes=, give the "
                    "hierarchies fewer levels, or recode some columns first",
                    SqlprivWarning,
                    stacklevel=caller_stacklevel(),
                )
                self.cells_exact = False
                break
            figures = self._evaluate_cells(node)
            key = (figures["loss"], sum(node), node)
            if best is None or key < best:
                best = key
        self.cells_node = None if best is None else best[2]

    def _evaluate_cells(self, node: Node) -> dict[str, Any]:
        """The node's generalized table, its local suppression and figures (made once per node)."""
        if node in self.cells:
            return self.cells[node]
        hook = view_of(self, "local_suppression")
        if hook is None:  # pragma: no cover - `import sqlpriv` registers it
            raise ParameterError("suppression='cells' needs sqlpriv.local_suppression: import sqlpriv first")
        levels = dict(zip(self.columns, node))
        con = self.plan.con
        select = self._release_select(levels, flag=False, suppress=False)
        table = temp_name("sqlpriv_gen_cells", con)
        run(con, create_table(table, select))
        ls = hook(table, self.columns, k=self.policy.k, method=self.cells_method, con=con)
        qis = [
            {"coded": q.coded, "label": "key" if lvl == 0 else f"l{lvl}", "share": f"s{lvl}"}
            for q, lvl in zip(self.qis, node)
        ]
        stats_sql = render("generalize/cells_stats.sql", relation=ls.spec["state"], qis=qis, n=float(self.n))
        cur = run(con, stats_sql)
        names = [d[0] for d in cur.description]
        row = dict(zip(names, cur.fetchall()[0]))
        d = len(self.columns)
        if any(int(row[f"unmatched_{j}"]) for j in range(d)):  # pragma: no cover - a label the hierarchy lacks
            raise ParameterError("a generalized label is missing from its hierarchy; this is a sqlpriv bug")
        losses = [float(row[f"loss_{j}"]) for j in range(d)]
        figures = {
            "node": node,
            "table": table,
            "select": select,
            "ls": ls,
            "losses": losses,
            "loss": sorted(losses, reverse=True),
            "blanked": [int(row[f"blanked_{j}"]) for j in range(d)],
            "classes": int(row["classes"]),
            "smallest_class": float(row["smallest_class"]),
            "risk_sum": float(row["risk_sum"]),
        }
        figures["cells_suppressed"] = sum(figures["blanked"])
        self.cells[node] = figures
        return figures

    # -- what it found -------------------------------------------------------------------------
    @property
    def meets_policy(self) -> bool:
        return self.cells_node is not None

    @property
    def best(self) -> dict[str, int] | None:
        return None if self.cells_node is None else dict(zip(self.columns, self.cells_node))

    @property
    def best_score(self) -> Any:
        return None if self.cells_node is None else self.cells[self.cells_node]["loss"]

    @property
    def cells_suppressed(self) -> int | None:
        """The cells the best node's local suppression blanks."""
        return None if self.cells_node is None else int(self.cells[self.cells_node]["cells_suppressed"])

    @property
    def nodes_evaluated(self) -> int:
        return self.search.evaluated + len(self.cells)

    def _cells_figures(self, levels: Mapping[str, int] | None) -> dict[str, Any]:
        chosen, _ = self._node(levels)
        return self._evaluate_cells(tuple(chosen[c] for c in self.columns))

    def candidates(self) -> Result:
        """Every node of the record search (``suppression`` 'records', cells_suppressed: its
        suppressed records x quasi-identifiers) and every node evaluated with cells blanked
        (``suppression`` 'cells': classes and smallest_class under wildcard semantics,
        kept_classes the sum of 1 / class size over the records, cells_suppressed)."""
        rows = [
            (
                *f["node"],
                f["classes"],
                f["smallest_class"],
                f["risk_sum"],
                f["cells_suppressed"],
                *f["losses"],
            )
            for f in self.cells.values()
        ]
        body = render("generalize/cells_candidates.sql", body=self._candidates_sql, qis=self.columns, rows=rows)
        return Result(self.plan, body, ["gen_fill"])

    # -- the release ---------------------------------------------------------------------------
    def _release_result(self, levels: Mapping[str, int] | None) -> tuple[str, list[str]]:
        """The released table's query and its steps, copied into this plan (so that ``.sql`` is
        one script: the source, the node's generalized table, the local suppression's rounds)."""
        f = self._cells_figures(levels)
        released = f["ls"].released()
        table = f["table"]
        if table not in self.plan.steps:
            self.plan.add(table, [create_table(table, f["select"])])
            self.plan.done.add(table)
            other = released.plan
            view = f"{table}_source"
            self.plan.add(view, [] if other.source is None else list(other.source.statements), deps=[table])
            self.plan.done.add(view)
            for name in other.order(released.needs):
                self.plan.add(name, other.steps[name].statements, deps=[*other.steps[name].deps, view])
                self.plan.done.add(name)
        return released.query, list(released.needs)

    def apply(self, levels: Mapping[str, int] | None = None) -> Result:
        """The released table: every row in the source's order, the quasi-identifiers generalized
        to the node's levels (text) and the cells the local suppression blanked NULL. A file it is
        written to is read back before it is renamed into place (:meth:`verify_release`)."""
        return Result(self.plan, *self._release_result(levels), verify=self.verify_release)

    def release_sql(
        self,
        levels: Mapping[str, int] | None = None,
        *,
        flag: bool = False,
        dialect: str | None = None,
        relation: str | None = None,
    ) -> str:
        """The release's script (its rounds are statements, not one SELECT): DuckDB only."""
        if flag or dialect not in (None, "duckdb") or relation is not None:
            raise ParameterError(
                "suppression='cells' releases by a script of rounds on DuckDB (flag=, dialect= and relation= "
                "are for record suppression); use .apply().sql"
            )
        return self.apply(levels).sql

    @property
    def sql(self) -> str:
        """The best node's release as a script: the source, the generalized table, each round."""
        return self.apply().sql

    def compare(self, levels: Mapping[str, int] | None = None, *, measures: bool = True) -> Result:
        """Before/after figures of the quasi-identifiers (columns figure, before, after): rows,
        cells changed (generalized or blanked), cells blanked, smallest class (k) and average and
        highest re-identification risk (1 / class size), "after" with a NULL matching any value."""
        f = self._cells_figures(levels)
        query = render(
            "generalize/cells_compare.sql",
            source=self.plan.source.ref if self.plan.source else "",
            qis=self.columns,
            state=f["ls"].spec["state"],
            levels=list(f["node"]),
            n=self.n,
        )
        return Result(self.plan, query, [])

    def kept_table(self, levels: Mapping[str, int] | None = None) -> tuple[str, int]:
        """A temp table (name, rows) of the released quasi-identifiers (blanked cells NULL)."""
        f = self._cells_figures(levels)
        made = f.get("kept")
        if made is None:
            query, needs = self._release_result(levels)
            self.plan.ensure(needs)
            name = temp_name("sqlpriv_gen_kept", self.plan.con)
            kept = render("generalize/kept.sql", body=query, qis=self.columns, flagged=False)
            run(self.plan.con, create_table(name, kept))
            made = f["kept"] = (name, self.n)
        return made

    def verify_release(self, path: str, fmt: str = "parquet", suppressed: bool = True) -> None:
        """Refuse (OutputError) the file ``path`` when, read back, a record's wildcard class (a NULL
        matching any value) is smaller than k or it does not hold the n rows measured. Run on a
        fresh connection that may read that file only."""
        checker = connect()
        allow_source(checker, path)
        relation = render("engine/read_written.sql", fmt=fmt, path=path)
        try:
            row = run(checker, render("generalize/cells_verify.sql", relation=relation, qis=self.columns)).fetchone()
        finally:
            checker.close()
        smallest, rows = row if row is not None else (None, 0)
        if (smallest is not None and int(smallest) < self.policy.k) or int(rows) != self.n:
            raise OutputError(
                f"refusing to write the released table: read back, it holds {rows} rows (the search measured "
                f"{self.n}) and its smallest class, a blank matching any value, holds {smallest} (k = "
                f"{self.policy.k}), so it is not the release the search measured; nothing was written"
            )


def check_suppression(suppression: Any, metric: str, max_unique_share: float | None, method: str) -> str:
    """``suppression`` is "records" or "cells"; cells combine with the loss metric and k only."""
    if suppression not in SUPPRESSION:
        raise ParameterError(f"suppression must be 'records' or 'cells', got {suppression!r}")
    if suppression == "cells":
        if metric != "loss":
            raise ParameterError(
                f"suppression='cells' ranks nodes by loss (a blanked cell costs 1 in its column); got metric={metric!r}"
            )
        if max_unique_share is not None:
            raise ParameterError("suppression='cells' reaches k-anonymity only; leave max_unique_share= out")
        if method not in CELLS_METHODS:
            raise ParameterError(f"cells_method must be one of {', '.join(map(repr, CELLS_METHODS))}, got {method!r}")
    return str(suppression)

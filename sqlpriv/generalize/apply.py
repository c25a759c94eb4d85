"""``sqlpriv.generalize``: find, apply and verify the least-loss generalization that meets a
policy (docs/measures.md §7).

>>> import pandas as pd
>>> from sqlpriv.generalize.hierarchy import intervals
>>> df = pd.DataFrame({"age": [31, 32, 33, 34, 41, 45], "sex": ["F", "F", "M", "M", "F", "M"]})
>>> g = generalize(df, {"age": intervals(5, 10), "sex": {"F": ["*"], "M": ["*"]}}, k=2)
>>> g.best, g.best_score
({'age': 3, 'sex': 0}, [1.0, 0.0])
>>> sorted(g.apply().df()["sex"].tolist())
['F', 'F', 'F', 'M', 'M', 'M']
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping
from typing import Any

import duckdb

from sqlpriv.engine import checks
from sqlpriv.engine.connection import allow_source, connect
from sqlpriv.engine.names import temp_name, temp_names
from sqlpriv.engine.plan import Plan, run, scalar
from sqlpriv.engine.presentable import Presentable, view_of
from sqlpriv.engine.result import Result
from sqlpriv.engine.sources import resolve_source
from sqlpriv.engine.templates import call, create_table, quote, render, use_dialect
from sqlpriv.errors import EmptyInputError, OutputError, ParameterError
from sqlpriv.generalize import compile as compile_
from sqlpriv.generalize import recode
from sqlpriv.generalize import search as search_
from sqlpriv.generalize.entity import check_entity, stable_guard
from sqlpriv.generalize.hierarchy import from_spec
from sqlpriv.generalize.policy import Policy
from sqlpriv.generalize.search import MAX_NODES, METRICS, Search, pack
from sqlpriv.generalize.sweeps import run_search

#: the search's own tables (search_lattice), after the keys and the coded hierarchies (compile)
TABLES = ("sqlpriv_gen_patterns", "sqlpriv_gen_bounds", "sqlpriv_gen_stats", "sqlpriv_gen_shares")


class Generalization(Presentable):
    """The outcome of :func:`generalize`: the best node (``best``, ``best_score``), every
    evaluated node (``candidates()``), the released table (``apply()``, ``sql``) and the
    before/after figures (``compare()``); ``plot("pareto")`` draws loss against risk."""

    def __init__(self, plan: Plan, qis: list[compile_.Compiled], policy: Policy, n: int, search: Search) -> None:
        self.plan = plan
        self.qis = qis
        self.policy = policy
        self.n = n
        self.search = search
        self.metric = search.metric
        self.columns = [q.name for q in qis]
        self._candidates_sql = search.candidates_sql
        row = run(
            plan.con, render("generalize/best.sql", body=self._candidates_sql, metric=self.metric, qis=self.columns)
        )
        rows = row.fetchall()
        best = rows[0] if rows else None
        names = [d[0] for d in row.description]
        self.best_row: dict[str, Any] | None = dict(zip(names, best)) if best is not None else None
        self._kept: dict[tuple[int, ...], tuple[str, int]] = {}
        self._suppressed: dict[tuple[int, ...], str] = {}
        self.stable: Callable[[], None] | None = None  # set by generalize(): the source cannot change unseen
        self.entity: str | None = None  # issue 46: classes count its distinct values (n: the entities)
        self.rows = n  # the source's rows (n, without entity)

    @property
    def meets_policy(self) -> bool:
        """True when some node meets the policy."""
        return self.best_row is not None

    @property
    def best(self) -> dict[str, int] | None:
        """Column -> level of the best node (0 = original values), None when no node meets the policy."""
        return None if self.best_row is None else {q: int(self.best_row[q]) for q in self.columns}

    @property
    def best_score(self) -> Any:
        """The best node's metric value as ARX reports it (loss: the per-column losses sorted descending)."""
        return None if self.best_row is None else self.best_row[self.metric]

    @property
    def nodes_evaluated(self) -> int:
        return self.search.evaluated

    def candidates(self) -> Result:
        """Every evaluated node: a level per quasi-identifier, classes, smallest_class, suppressed
        rows, every metric and meets_policy, in the order the search evaluated them."""
        return Result(self.plan, render("generalize/ordered.sql", body=self._candidates_sql), ["gen_fill"])

    def stats_added(self) -> None:
        """Record the search's statements (run already) after it evaluated more nodes, and the
        fill of the figures it left out (run when the candidates are read)."""
        self.plan.add("gen_stats", self.search.statements, deps=["gen_tables"])
        self.plan.done.add("gen_stats")
        shares = ["gen_shares"] if "gen_shares" in self.plan.steps else []  # made for the fill only
        self.plan.add("gen_fill", self.search.fill(), deps=["gen_stats", *shares])

    def _node(self, levels: Mapping[str, int] | None) -> tuple[dict[str, int], bool]:
        """The node asked for (default: the best) and whether it suppresses records (its classes
        smaller than k hold at most the limit's rows, and some rows)."""
        chosen = self.best if levels is None else dict(levels)
        if chosen is None:
            raise ParameterError(
                f"no node meets the policy ({self.policy.describe()}); pass levels= to apply one anyway"
            )
        unknown = [c for c in chosen if c not in self.columns]
        if unknown:
            raise ParameterError(
                f"levels= names {unknown[0]!r}, which is not a quasi-identifier; the quasi-identifiers: "
                + ", ".join(repr(c) for c in self.columns)
            )
        node: list[int] = []
        for q in self.qis:
            if q.name not in chosen:
                raise ParameterError(f"levels= needs a level for every quasi-identifier; {q.name!r} has none")
            lvl = chosen[q.name]
            # any integer, a NumPy one too (a level read from candidates().df()), taken as a Python int
            if not isinstance(lvl, numbers.Integral) or isinstance(lvl, bool) or not 0 <= lvl < q.levels:
                raise ParameterError(f"levels= needs an integer level 0..{q.levels - 1} for {q.name!r}, got {lvl!r}")
            chosen[q.name] = int(lvl)
            node.append(int(lvl))
        if tuple(node) not in self.search.seen:
            self.search.evaluate([tuple(node)])
            self.stats_added()
        # the rows the node suppresses: those of its classes smaller than k when they are within the
        # limit, else none (the node fails and keeps every record; candidates.sql reports 0 then)
        return chosen, self.search.seen[tuple(node)][3] > 0

    def release_sql(
        self,
        levels: Mapping[str, int] | None = None,
        *,
        flag: bool = False,
        dialect: str | None = None,
        relation: str | None = None,
    ) -> str:
        """The transformation as one SELECT over the source (DuckDB, its rows in the source's
        order; ``dialect="spark"`` for Spark SQL, which has no row order to keep), or over the
        table or view named ``relation`` (quoted here for the dialect)."""
        return self._release_select(levels, flag=flag, dialect=dialect, relation=relation)

    def _release_select(
        self,
        levels: Mapping[str, int] | None,
        *,
        flag: bool,
        dialect: str | None = None,
        relation: str | None = None,
        ordered: bool = True,
        suppress: bool | None = None,
    ) -> str:
        """:meth:`release_sql`; ``ordered=False`` leaves the rows in the order the window leaves
        them (for a caller that only counts them, :meth:`compare`: no sort); ``suppress=False``:
        no record suppressed (the node's generalization alone, what suppression="cells" treats)."""
        if dialect is not None:
            with use_dialect(dialect):
                return self._release_select(levels, flag=flag, relation=relation, ordered=ordered, suppress=suppress)
        chosen, applied = self._node(levels)
        applied = applied if suppress is None else suppress
        names = [c for c, _ in self.plan.source.columns] if self.plan.source else self.columns
        qis = []
        for i, q in enumerate(self.qis):
            level = chosen[q.name]
            rows = q.level_rows(level) if level > 0 and level < q.levels - 1 else None
            expr = None if rows is not None else q.level_expr(level, names) if q.hierarchy.kind != "table" else None
            if q.hierarchy.kind == "table" and rows is None:
                expr = render("generalize/key.sql", column=q.name, dialect=dialect) if level == 0 else "'*'"
            qis.append({"name": q.name, "index": i, "rows": rows, "expr": expr})
        source = self.plan.source.ref if self.plan.source else ""
        if relation is not None:
            source = call("quote", name=relation, dialect=dialect)
        return render(
            "generalize/release.sql",
            dialect=dialect,
            source=source,
            columns=names,
            qis=qis,
            k=self.policy.k,
            suppress=applied,
            flag=flag,
            ordered=ordered,
            entity=self.entity,
        )

    @property
    def sql(self) -> str:
        """The best node's transformation as one SELECT (runnable where the source view exists)."""
        return self.release_sql()

    def apply(self, levels: Mapping[str, int] | None = None) -> Result:
        """The released table: every row in the source's order (row i of the release is row i of
        the source, for every kind of source: a file, a DataFrame, a relation, a table; Spark has
        no row order), the quasi-identifiers generalized to the node's levels (text), a
        suppressed record with every quasi-identifier ``*``. A file it is written to is read back
        before it is renamed into place: where the search found the node meets k, its classes of
        records not suppressed must all hold k rows or more, and its suppressed rows stay within
        the limit, else nothing is written (:meth:`verify_release`)."""
        chosen, applied = self._node(levels)
        meets = bool(self.search.seen[tuple(chosen[c] for c in self.columns)][0])
        verify = (lambda path, fmt: self.verify_release(path, fmt, applied)) if meets else None
        return Result(self.plan, *self._released(levels), verify=verify)

    def verify_release(self, path: str, fmt: str = "parquet", suppressed: bool = True) -> None:
        """Refuse (OutputError) the released rows of the file ``path`` (``fmt``: parquet or csv) when
        a class is smaller than k (with ``suppressed``: a class of records not suppressed, those
        with every quasi-identifier ``*`` left out) or the file does not hold the rows the search
        measured. Run on a fresh connection of its own that may read that file only."""
        checker = connect()
        allow_source(checker, path)
        relation = render("engine/read_written.sql", fmt=fmt, path=path)
        try:
            query = render(
                "generalize/verify_k.sql",
                relation=relation,
                qis=self.columns,
                suppressed=suppressed,
                entity=self.entity,
            )
            row = run(checker, query).fetchone()
        finally:
            checker.close()
        classes, smallest, rows = row if row is not None else (0, None, 0)
        if (classes and int(smallest) < self.policy.k) or int(rows) != self.rows:
            raise OutputError(
                f"refusing to write the released table: read back, it holds {rows} rows (the search measured "
                f"{self.n}) and its smallest class holds {smallest} (k = {self.policy.k}), so it is not the "
                "release the search measured (did the source change while it was read?); nothing was written"
            )

    def _released(
        self, levels: Mapping[str, int] | None, *, flag: bool = False, ordered: bool = True
    ) -> tuple[str, list[str]]:
        """The released table's query and the plan steps it needs. A file or pyarrow source (which
        cannot change unseen, :func:`_stable_guard`) is released from the search's tables
        (generalize/released.sql: the rows joined to each middle level's mapping and to the small
        table of the node's suppressed classes, generalize/suppressed.sql); any other source by the
        standalone SELECT :meth:`release_sql`, which counts the classes of the rows as they are
        (``ordered=False``: without its sort back to the source's order)."""
        if self.stable is None:
            return self._release_select(levels, flag=flag, ordered=ordered), []
        chosen, applied = self._node(levels)
        node = tuple(chosen[c] for c in self.columns)
        qis = [
            {"name": q.name, "j": j, "level": node[j], "top": node[j] == q.levels - 1, "mapping": q.mapping}
            for j, q in enumerate(self.qis)
        ]
        needs = ["gen_tables"]
        suppressed = None
        if applied:
            suppressed = self._suppressed.get(node)
            if suppressed is None:
                suppressed = self._suppressed[node] = temp_name("sqlpriv_gen_suppressed", self.plan.con)
                cols = [{**q, "coded": c.coded} for q, c in zip(qis, self.qis) if not q["top"]]
                body = render("generalize/suppressed.sql", patterns=self.search.patterns, cols=cols, k=self.policy.k)
                self.plan.add(suppressed, [create_table(suppressed, body)], deps=["gen_tables"])
            needs.append(suppressed)
        names = [c for c, _ in self.plan.source.columns] if self.plan.source else self.columns
        source = self.plan.source.ref if self.plan.source else ""
        query = render(
            "generalize/released.sql",
            source=source,
            columns=names,
            qis=qis,
            suppressed=suppressed,
            flag=flag,
            ordered=ordered,
        )
        return query, needs

    def compare(self, levels: Mapping[str, int] | None = None, *, measures: bool = True) -> Result:
        """Before/after figures, one row each (columns ``figure``, ``before``, ``after``, and the
        text ``before_decision`` / ``after_decision``): rows, suppressed rows, classes, smallest
        class (k), unique share, average and highest re-identification risk (SQL over the source
        and the released table); with ``measures`` (the default) also each quasi-identifier's
        uniqueness Shapley value, PIF_95 and the gate's score with its decision, measured by those
        families on the quasi-identifiers of the source and of the released records that are not
        suppressed (docs/measures.md §7; the presentation layer registers how, see
        :func:`sqlpriv.engine.presentable.view_of`). With ``entity``, the class figures count
        distinct entities, the rows ``entities`` / ``suppressed_entities`` are added and the row
        ``counted_in`` says so (``distinct <entity>``)."""
        extra: list[dict[str, Any]] = []
        figures = view_of(self, "compare_figures") if measures else None
        if figures is not None:
            extra = figures(self, levels)
        body, needs = self._released(levels, flag=True, ordered=False)  # counted only: no sort
        source = self.plan.source.ref if self.plan.source else ""
        query = render(
            "generalize/compare.sql", source=source, body=body, qis=self.columns, extra=extra, entity=self.entity
        )
        return Result(self.plan, query, needs)

    def kept_table(self, levels: Mapping[str, int] | None = None) -> tuple[str, int]:
        """A temp table (name, rows) on this generalization's connection holding the released
        records that are not suppressed, quasi-identifiers only: what :meth:`compare` measures
        as "after" with the other families. Made once per node."""
        chosen, _ = self._node(levels)
        node = tuple(chosen[c] for c in self.columns)
        made = self._kept.get(node)
        if made is None:
            name = temp_name("sqlpriv_gen_kept", self.plan.con)
            released, needs = self._released(chosen, flag=True, ordered=False)  # measured as a whole: no sort
            self.plan.ensure(needs)
            run(self.plan.con, create_table(name, render("generalize/kept.sql", body=released, qis=self.columns)))
            rows = int(scalar(run(self.plan.con, render("engine/count_rows.sql", relation=quote(name)))))
            made = self._kept[node] = (name, rows)
        return made


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
    climbs: bool = False,
    entity: str | None = None,
) -> Generalization:
    """The globally optimal generalization of ``source`` for ``metric`` under the policy (k with
    record suppression up to ``suppression_limit`` of the rows, optionally ``max_unique_share``).
    ``hierarchies`` maps each quasi-identifier to a hierarchy (a file, a dict, a list of SQL
    expressions or a builder of :mod:`sqlpriv.hierarchy`). ``key`` is accepted for symmetry
    with the other measures (the released table keeps every column, so it keeps the key too).
    ``climbs``: the search's climbs evaluate every node they probe, also those over a node
    meeting the policy (``evaluate="climbs"`` of :func:`sqlpriv.generalize`).
    """
    metric = checks.choice("metric", metric, METRICS)
    policy = Policy.build(k, suppression_limit, max_unique_share)
    batch = checks.positive_int("batch", batch)
    if not isinstance(hierarchies, Mapping) or not hierarchies:
        raise ParameterError(
            "hierarchies= must map each quasi-identifier to a hierarchy, e.g. {'age': intervals(5, 10)}"
        )
    specs = {name: from_spec(spec) for name, spec in hierarchies.items()}  # bad hierarchies fail before any query
    conn = connect(con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)
    fresh = con is None  # a connection made here: nothing is on it yet but what this call makes
    view = temp_names(["sqlpriv_source"], conn, fresh=True)[0] if fresh else None
    src = resolve_source(source, conn, name=view)
    names = src.column_names()
    if key is not None:
        checks.match_column(names, key, src.label)
    qis = [compile_.Compiled(checks.match_column(names, name, src.label), h) for name, h in specs.items()]
    if len({q.name for q in qis}) != len(qis):
        raise ParameterError("a quasi-identifier is listed twice in hierarchies=")
    compile_.refuse_headings([q.name for q in qis])
    compile_.check_types(qis, dict(src.columns))
    carried = check_entity(src, entity, [q.name for q in qis], key)  # issue 46: k counted in entities
    for q in qis:  # sdcMicro's break rules: the breaks read from the column (one query each)
        q.hierarchy = recode.resolve(q.hierarchy, q.name, src.ref, lambda sql: run(conn, sql).fetchone())
    plan = Plan(conn, source=src)
    # the files' version before the one scan the search makes; a database's view or a relation was
    # read once into a temp table (engine/sources.py _frozen): it cannot change unseen
    stable = (lambda: None) if src.frozen else stable_guard(source, src.label)
    # every table's name at once: one look at the catalog, none on a connection made here
    tables = temp_names(["sqlpriv_gen_code"] * len(qis) + list(TABLES), conn, fresh=fresh)
    statements = compile_.build(conn, src.ref, names, qis, tables[: len(qis)])
    # the rows n from the patterns, the one scan of the source the search makes (None: count them)
    g = search_lattice(
        plan, qis, policy, None, metric, batch, max_nodes, statements, climbs=climbs, tables=tables[len(qis) :],
        entity=carried[0] if carried else None,
    )  # fmt: skip
    if carried:
        g.entity, g.rows = carried
    g.stable = stable
    if g.stable is not None:
        plan.guards.append(g.stable)
    return g


def pattern_tables(
    plan: Plan,
    qis: list[compile_.Compiled],
    n: int | None,
    patterns: str,
    bounds: str,
    statements: list[str],
    entity: str | None = None,
) -> int:
    """Make the search's patterns and bounds tables (their statements appended to ``statements``)
    and return the rows n: read from the source when ``n`` is None (:func:`search_lattice`)."""
    conn, src = plan.con, plan.source
    assert src is not None
    heights = [q.levels for q in qis]
    coded = [q.coded for q in qis]
    body = render(
        "generalize/patterns.sql",
        source=src.ref,
        columns=[q.name for q in qis],
        coded=coded,
        heights=heights,
        keys=qis[0].keys if n is not None else None,
        outer=n is None,
        entity=entity,
    )
    stmt = create_table(patterns, body)
    run(conn, stmt)
    statements.append(stmt)
    if n is None:
        total, covered = run(conn, render("generalize/total.sql", patterns=patterns, d=len(qis))).fetchall()[0]
        n = int(total or 0)
        if n == 0:
            raise EmptyInputError(f"{src.label} has no rows to generalize")
        if int(covered or 0) != n:  # values a hierarchy lacks (their codes null): one clear error
            compile_.uncovered(conn, qis, src.ref)
    else:
        compile_.covered(conn, patterns, n, qis)  # values a hierarchy lacks: one clear error
    stmt = create_table(
        bounds, render("generalize/bounds.sql", patterns=patterns, coded=coded, heights=heights, n=float(n))
    )
    run(conn, stmt)
    statements.append(stmt)
    return n


def search_lattice(
    plan: Plan,
    qis: list[compile_.Compiled],
    policy: Policy,
    n: int | None,
    metric: str,
    batch: int,
    max_nodes: int,
    statements: list[str],
    climbs: bool = False,
    tables: list[str] | None = None,
    entity: str | None = None,
) -> Generalization:
    """The search over the lattice of ``qis`` (their tables made) and its Generalization;
    ``tables``: the names of the patterns, bounds, statistics and shares tables (:data:`TABLES`),
    where the caller reserved them (else fresh ones). ``n`` None: the patterns are read from the
    source (its one scan: the distinct keys counted and joined to the hierarchies in one
    statement, outer joins) and the rows n are their summed counts; else (``n`` rows) from the
    keys table of the quasi-identifiers (``qis[0].keys``, as Spark's search collects them)."""
    conn, src = plan.con, plan.source
    assert src is not None
    heights = [q.levels for q in qis]
    patterns, bounds, stats, shares = tables or temp_names(list(TABLES), conn)
    coded = [q.coded for q in qis]
    n = pattern_tables(plan, qis, n, patterns, bounds, statements, entity)
    # the suppressed classes' shares: made here where the search reads them (loss or entropy with
    # suppression), made before the fill where only candidates() reads them, never without
    # suppression (nothing reads them then)
    if policy.max_suppressed(n) > 0:
        shares_stmt = create_table(shares, render("generalize/shares.sql", coded=coded, heights=heights))
        if metric in search_.SHARES_METRICS:  # read when the search runs (a test widens it)
            run(conn, shares_stmt)
            statements.append(shares_stmt)
        else:
            plan.add("gen_shares", [shares_stmt], deps=["gen_tables"])
    plan.add("gen_tables", statements)
    plan.done.add("gen_tables")
    candidates_args: dict[str, Any] = {
        "stats": stats,
        "bounds": bounds,
        "qis": [q.name for q in qis],
        "heights": heights,
        "n": float(n),
        "k": policy.k,
        "max_suppressed": policy.max_suppressed(n),
        "criteria": list(policy.criteria),
    }
    candidates_sql = render("generalize/candidates.sql", **candidates_args)
    bases = [q.base + 1 for q in qis]  # found by compile_.build (generalize/sound.sql)
    s = Search(
        conn,
        patterns,
        bounds,
        stats,
        heights,
        candidates_sql,
        metric,
        policy.k,
        batch=batch,
        monotone=policy.monotone,
        shares=shares,
        max_suppressed=policy.max_suppressed(n),
        words=pack(bases),
        bases=bases,
        candidates_args=candidates_args,
        climb_met=not climbs,
    )
    run_search(s, max_nodes)
    g = Generalization(plan, qis, policy, n, s)
    g.stats_added()
    return g

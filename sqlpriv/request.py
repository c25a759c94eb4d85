"""Privacy factor of fields and data requests, with an approve / review / reject gate.

Cave (2023), "How To Quantify Privacy in Datasets" (docs/measures.md §3): with ``f_c``
the count of category ``c`` of a column and ``K`` its categories,
``privacy_factor = (1/K) * sum_c (1 - 1/f_c)``; a data request (a list of
fields) scores the product of its fields' factors (fields reading a common
source column scored together, by the exact factor of their tuple), and
thresholds approve, reject or send it to review; an optional gate policy
(``max_unique_share``, ``min_k``) lets the exact joint figures overrule it. Because the product assumes independent
columns, every assessment also reports the exact figures of the requested
columns together (one GROUP BY): equivalence classes, smallest class
(k-anonymity), rows in classes below ``k``, unique rows, and says when the
two disagree. All the math is SQL in ``sql_templates/request/``.

>>> import pandas as pd
>>> df = pd.DataFrame({"id": [1, 2, 3, 4], "sex": ["f", "f", "m", "m"], "c": [0, 0, 0, 0]})
>>> privacy_profile(df).df()[["column", "privacy_factor", "categories"]].values.tolist()
[['id', 0.0, 4], ['sex', 0.5, 2], ['c', 0.75, 1]]
>>> a = assess_request(df, ["sex", "c"], approve=0.5, reject=0.2, k=2)
>>> a.score, a.decision, a.joint["smallest_class"]
(0.375, 'review', 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import duckdb

from sqlpriv.display import Display
from sqlpriv.engine import checks
from sqlpriv.engine.analysis import Analysis
from sqlpriv.engine.connection import connect
from sqlpriv.engine.names import temp_name
from sqlpriv.engine.plan import Plan
from sqlpriv.engine.result import Result
from sqlpriv.engine.sources import ColumnsArg, ColumnSpec, Source, resolve_columns, resolve_source
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError, SqlprivError

DECISIONS = ("approve", "review", "reject")
STRATEGIES = ("auto", "union", "grouping_sets")
_ROW_READERS = ("read_csv(", "read_json(")


# --------------------------------------------------------------------------- validation


def _check_thresholds(approve: Any, reject: Any) -> tuple[float, float]:
    approve = checks.unit_interval("approve", approve)
    reject = checks.unit_interval("reject", reject)
    if approve < reject:
        raise ParameterError(
            f"approve ({approve!r}) must be at least reject ({reject!r}): scores at or above approve "
            "are approved, scores below reject are rejected, scores in between go to review"
        )
    return approve, reject


def _check_k(k: Any) -> int:
    return checks.positive_int("k", k, hint=" (the k of k-anonymity)")


def _check_policy(max_unique_share: Any, min_k: Any, on_violation: Any) -> tuple[float | None, int | None, str]:
    if max_unique_share is not None:
        max_unique_share = checks.unit_interval("max_unique_share", max_unique_share)
    if min_k is not None:
        min_k = checks.positive_int("min_k", min_k, hint=" (the smallest class allowed) or None")
    on_violation = checks.choice("on_violation", on_violation, ("review", "reject"))
    return max_unique_share, min_k, on_violation


def _wants_spark(source: Any, spark: Any) -> bool:
    from sqlpriv.engine.spark import wants_spark

    return wants_spark(source, spark)


def _is_empty(request: Any) -> bool:
    if request is None:
        return True
    if isinstance(request, str):
        return not request.strip()
    try:
        return len(request) == 0
    except TypeError:
        return False


def _pick_strategy(strategy: str, src: Source) -> str:
    """``auto``: one pass with GROUPING SETS for row-oriented files (CSV, JSON), where every
    extra scan re-parses the file; one aggregate per set otherwise (Parquet, tables, frames),
    where each aggregate reads only its own columns and runs faster."""
    if strategy != "auto":
        return strategy
    if any(reader in stmt for stmt in src.statements for reader in _ROW_READERS):
        return "grouping_sets"
    return "union"


def _read_columns(src: Source, spec: ColumnSpec) -> list[str]:
    """The source columns an expression reads, in order of first use (DuckDB's own parser)."""
    if not spec.is_expression:
        return [spec.name]
    from sqlpriv.engine.sandbox import parse

    try:
        parsed = parse(spec.expr)  # the same parse the expression checker made (DuckDB's own parser)
    except SqlprivError:
        return []
    names = src.column_names()
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("class") == "COLUMN_REF" and node.get("column_names"):
                real = checks.lookup_column(names, node["column_names"][-1])
                if real is not None and real not in found:
                    found.append(real)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(parsed)
    return found


def _check_weights(weights: Any, specs: list[ColumnSpec], src: Source) -> dict[str, float]:
    """Map each weight to a requested field; weights for other source columns are ignored."""
    if weights is None:
        return {}
    if not isinstance(weights, Mapping):
        raise ParameterError(f"weights must be a mapping of field name to a number in [0, 1], got {weights!r}")
    fields = [s.name for s in specs]
    out: dict[str, float] = {}
    for name, value in weights.items():
        if not isinstance(name, str):
            raise ParameterError(f"weights keys must be field names, got {name!r}")
        w = checks.unit_interval(f"weight of {name!r}", value)
        field = checks.lookup_column(fields, name)
        if field is not None:
            out[field] = w
        elif not any(n.lower() == name.lower() for n in src.column_names()):
            raise ColumnError(
                f"weight given for {name!r}, which is neither a requested field nor a column of {src.label}; "
                "requested fields: " + ", ".join(repr(s.name) for s in specs)
            )
    return out


def _field_groups(fields: list[dict[str, Any]]) -> list[list[int]]:
    """Fields scored together: unweighted fields that read a common source column (transitively)
    form one group; a weighted field, or one reading no column, is a group of its own. Groups in
    order of their first field.

    >>> _field_groups([{"sources": [{"name": "id"}], "weight": None}, {"sources": [{"name": "age"}], "weight": None},
    ...                {"sources": [{"name": "id"}], "weight": None}, {"sources": [{"name": "id"}], "weight": 0.9}])
    [[0, 2], [1], [3]]
    """
    parent = list(range(len(fields)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, f in enumerate(fields):
        if f["weight"] is not None:
            continue
        for s in f["sources"]:
            if s["name"] in owner:
                a, b = find(owner[s["name"]]), find(i)
                parent[max(a, b)] = min(a, b)
            else:
                owner[s["name"]] = i
    groups: dict[int, list[int]] = {}
    for i in range(len(fields)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _column_sets(d: int, multi: list[list[int]]) -> tuple[list[dict[str, Any]], dict[tuple[int, ...], int]]:
    """The sets of the class-size histogram: one per analysed column (j = its index) and one per
    distinct multi-column member list (j = -1 for the first, then -3, -4, ...; -2 is dropna's
    row count), larger sets first, as GROUPING() labelling needs. Returns the sets and a map
    from each member tuple to its j.

    >>> sets, of = _column_sets(3, [[0, 1], [0, 1, 2], [0, 1]])
    >>> [(s["j"], s["members"]) for s in sets], of[(0, 1)]
    ([(-3, [0, 1, 2]), (-1, [0, 1]), (0, [0]), (1, [1]), (2, [2])], -1)
    """
    of: dict[tuple[int, ...], int] = {(j,): j for j in range(d)}
    multi_sets: list[dict[str, Any]] = []
    next_j = -3
    for members in multi:
        key = tuple(members)
        if not key or key in of:
            continue
        j = -1 if not multi_sets and -1 not in of.values() else next_j
        if j != -1:
            next_j -= 1
        of[key] = j
        multi_sets.append({"j": j, "members": list(members)})
    multi_sets.sort(key=lambda s: -len(s["members"]))
    return multi_sets + [{"j": j, "members": [j]} for j in range(d)], of


def _engine_options(con: Any, threads: Any, memory_limit: Any, temp_directory: Any) -> dict[str, Any]:
    """The connection arguments every measure passes to :func:`connect` or to its Spark twin."""
    return dict(con=con, threads=threads, memory_limit=memory_limit, temp_directory=temp_directory)


def _names(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    prefix = temp_name("sqlpriv_request", con, "_sizes")
    return {"prefix": prefix, "sizes": f"{prefix}_sizes"}


def _sizes_step(
    t: Mapping[str, str],
    source: str,
    analysed: list[dict[str, Any]],
    sets: list[dict[str, Any]],
    keep: list[int],
    strategy: str,
) -> str:
    """The plan step keeping the class-size histogram (request/sizes.sql) as temp table t["sizes"]."""
    body = render("request/sizes.sql", source=source, analysed=analysed, sets=sets, keep=keep, strategy=strategy)
    return render("engine/create_table.sql", table=t["sizes"], body=body)


# --------------------------------------------------------------------------- profile


def privacy_profile(
    source: Any,
    columns: ColumnsArg = None,
    *,
    con: duckdb.DuckDBPyConnection | str | None = None,
    strategy: str = "auto",
    dropna: bool = False,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> Result:
    """Cave's privacy profile: one row per column (docs/measures.md §3).

    Columns of the result: ``column``, ``privacy_factor`` (``(1/K) sum (1 - 1/f_c)``: 0 for a
    unique ID, ``1 - 1/n`` for a constant), ``probability`` (``1 - privacy_factor``),
    ``shannons`` and ``harts`` (mean log2 / log10 of the category counts), ``values`` (n) and
    ``categories`` (K; NULL is a category). ``columns`` takes names and
    ``{"name": "SQL expression"}`` entries (default: every column). ``strategy``:
    ``"union"`` (one GROUP BY per column, fastest on columnar sources), ``"grouping_sets"``
    (one pass with GROUPING SETS, best for CSV/JSON) or ``"auto"`` (picks by source type).
    ``dropna=True`` leaves out rows with NULL in any profiled column (``values`` is then the
    number of rows kept) instead of counting NULL as a category.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"g": ["a", "a", "a", "b"]})
    >>> privacy_profile(df).df().round(4).values.tolist()
    [['g', 0.3333, 0.6667, 0.7925, 0.2386, 4, 2]]
    """
    strategy = checks.choice("strategy", strategy, STRATEGIES)
    engine = _engine_options(con, threads, memory_limit, temp_directory)
    if _wants_spark(source, spark):  # a Spark DataFrame, or spark= (docs/spark.md)
        from sqlpriv.engine import spark_measures

        return spark_measures.privacy_profile(source, columns, spark=spark, dropna=dropna, **engine)  # type: ignore[return-value]
    conn = connect(**engine)
    src = resolve_source(source, conn)
    specs = resolve_columns(src, columns)
    t = _names(conn)
    analysed = [{"alias": f"a{j}", "expr": s.expr} for j, s in enumerate(specs)]
    sets = [{"j": j, "members": [j]} for j in range(len(specs))]
    keep = list(range(len(specs))) if checks.boolean("dropna", dropna) else []
    plan = Plan(conn, src)
    plan.add("sizes", [_sizes_step(t, src.ref, analysed, sets, keep, _pick_strategy(strategy, src))])
    return Result(plan, render("request/profile.sql", t=t, columns=specs), ["sizes"])


# --------------------------------------------------------------------------- assessment


@dataclass(frozen=True)
class GatePolicy:
    """Cave's thresholds on the score, the k of k-anonymity, and the policy on the joint figures."""

    approve: float = 0.8
    reject: float = 0.2
    k: int = 5
    max_unique_share: float | None = None
    min_k: int | None = None
    on_violation: str = "review"

    def context(self) -> dict[str, Any]:
        """The template arguments of the gate."""
        return dict(
            approve=self.approve,
            reject=self.reject,
            k=self.k,
            max_unique_share=self.max_unique_share,
            min_k=self.min_k,
            on_violation=self.on_violation,
        )


@dataclass(frozen=True)
class RequestSpec:
    """What an assessment reports besides its numbers: the fields, weights, groups, names."""

    request: list[str]
    weights: dict[str, float]
    joint_columns: list[str]
    groups: list[list[str]]
    label: str
    tables: Mapping[str, str]


class Assessment(Display, Analysis):
    """The assessment of one data request (docs/measures.md §3).

    Attributes: ``score`` (product of the field factors, weights overriding measured
    factors), ``decision`` (``"approve"``, ``"review"`` or ``"reject"``), ``joint`` (exact
    figures of the requested columns together: ``columns``, ``n``, ``classes``,
    ``smallest_class``, ``rows_below_k``, ``share_below_k``, ``unique_rows``,
    ``share_unique``, ``guess_probability``, ``privacy_factor``, ``score``, ``decision``),
    ``warnings`` (list of messages where the product and the joint figures disagree),
    ``rule`` / ``score_decision`` / ``violated_rules`` / ``reason`` (the gate policy: which
    rule decided), ``policy``, ``groups`` (fields scored together),
    ``request`` (field names), ``weights``, ``approve``, ``reject``, ``k``, ``n`` (rows
    assessed), ``dropped_rows`` (rows left out by ``dropna=True``).
    ``fields()``, ``uniqueness()`` and ``report()`` return :class:`sqlpriv.Result`.
    """

    disclosure: Any = None  # the sensitive-column rules min_l / max_t (sqlpriv/disclosure_gate.py)

    def __init__(self, plan: Plan, queries: Mapping[str, str], spec: RequestSpec, gate: GatePolicy) -> None:
        self.plan = plan
        self.gate = gate
        self.request = spec.request
        self.weights = spec.weights
        self.groups = spec.groups
        self._fields = Result(plan, queries["fields"], ["sizes"])
        self._report = Result(plan, queries["report"], ["sizes"])
        self._uniqueness = Result(plan, queries["uniqueness"], ["sizes"])
        self._label = spec.label
        self._t = spec.tables
        self._joint_columns = spec.joint_columns
        self._evaluated = False

    @property
    def approve(self) -> float:
        return self.gate.approve

    @property
    def reject(self) -> float:
        return self.gate.reject

    @property
    def k(self) -> int:
        return self.gate.k

    @property
    def policy(self) -> dict[str, Any]:
        """The gate policy on the joint figures: max_unique_share, min_k, on_violation."""
        return {
            "max_unique_share": self.gate.max_unique_share,
            "min_k": self.gate.min_k,
            "on_violation": self.gate.on_violation,
            **(self.disclosure.policy if self.disclosure is not None else {}),
        }

    @property
    def columns(self) -> list[str]:
        """The requested fields, in order."""
        return list(self.request)

    def evaluate(self) -> Assessment:
        """Run the queries (once) and fill ``score``, ``decision``, ``joint``, ``warnings``.

        Every figure calls it on first use; ``.sql`` and ``script()`` never do.
        """
        if self._evaluated:
            return self
        import pandas as pd

        row = self._report.df().iloc[0]
        if row["n"] is None or pd.isna(row["n"]):
            before = row["rows_before_dropna"]
            if before is not None and not pd.isna(before) and before > 0:
                raise EmptyInputError(
                    f"every one of the {int(before)} rows of {self._label} has a NULL in a requested field, "
                    "so dropna=True leaves nothing; use dropna=False (NULL is then a category)"
                )
            raise EmptyInputError(f"{self._label} has no rows; there is nothing to assess")
        self._dropped_rows = int(row["rows_before_dropna"]) - int(row["n"])
        self._score = float(row["score"])
        self._decision = str(row["decision"])
        self._rule = str(row["rule"])
        self._score_decision = str(row["score_decision"])
        self._violated = [r for r in str(row["violated_rules"] or "").split(", ") if r]
        self._joint: dict[str, Any] = {
            "columns": self._joint_columns,
            "n": int(row["n"]),
            "classes": int(row["classes"]),
            "smallest_class": int(row["smallest_class"]),
            "rows_below_k": int(row["rows_below_k"]),
            "share_below_k": float(row["share_below_k"]),
            "unique_rows": int(row["unique_rows"]),
            "share_unique": float(row["share_unique"]),
            "guess_probability": float(row["guess_probability"]),
            "privacy_factor": float(row["joint_factor"]),
            "score": float(row["joint_score"]),
            "decision": str(row["joint_decision"]),
        }
        self._field_rows = _records(self._fields.df())
        self._warnings = self._identifier_warnings() + self._compose_warnings()
        if self.disclosure is not None:  # min_l / max_t on sensitive columns (sqlpriv/disclosure_gate.py)
            from sqlpriv.disclosure_gate import apply

            found = self.disclosure.check()
            self._disclosure_reasons = dict(found)
            self._decision, self._rule = apply(
                self._decision, self._rule, self._violated, found, self.gate.on_violation
            )
        self._evaluated = True
        return self

    @property
    def score(self) -> float:
        """Product of the field factors (weights overriding measured factors)."""
        return self.evaluate()._score

    @property
    def decision(self) -> str:
        """``"approve"``, ``"review"`` or ``"reject"``."""
        return self.evaluate()._decision

    @property
    def rule(self) -> str:
        """The rule that decided: ``"score"`` (Cave's thresholds on the score), or the gate policy
        rule(s) that changed it, ``"max_unique_share"`` and/or ``"min_k"``."""
        return self.evaluate()._rule

    @property
    def score_decision(self) -> str:
        """Cave's decision on the score alone, before the gate policy."""
        return self.evaluate()._score_decision

    @property
    def violated_rules(self) -> list[str]:
        """The gate policy rules the joint figures violate (whether or not they changed the decision)."""
        return list(self.evaluate()._violated)

    @property
    def reason(self) -> str:
        """One sentence: the decision and the rule that fired."""
        j = self.joint
        if self.rule == "score":
            text = f"{self.decision}: score {self.score:.4g} (approve >= {self.approve:g}, reject < {self.reject:g})"
        else:
            parts = []
            if "max_unique_share" in self.rule:
                parts.append(
                    f"max_unique_share: {j['share_unique']:.2%} of rows ({j['unique_rows']:,} of "
                    f"{j['n']:,}) are unique, above {self.policy['max_unique_share']:.2%}"
                )
            if "min_k" in self.rule:
                parts.append(
                    f"min_k: the smallest class has {j['smallest_class']:,} rows, below {self.policy['min_k']}"
                )
            parts += [t for r, t in getattr(self, "_disclosure_reasons", {}).items() if r in self.rule]
            text = (
                f"{self.decision} by rule {'; '.join(parts)} (the score {self.score:.4g} alone gives "
                f"{self.score_decision})"
            )
        return text

    @property
    def joint(self) -> dict[str, Any]:
        """Exact figures of the requested (unweighted) fields together."""
        return self.evaluate()._joint

    @property
    def warnings(self) -> list[str]:
        """Where the product and the joint figures disagree."""
        return self.evaluate()._warnings

    @property
    def n(self) -> int:
        """Rows assessed (after ``dropna``)."""
        return self.joint["n"]

    @property
    def dropped_rows(self) -> int:
        """Rows left out because of a NULL in a requested field (``dropna=True``; else 0)."""
        return self.evaluate()._dropped_rows

    @property
    def sql(self) -> str:
        """The complete script (macros, source, class sizes, the three report queries)."""
        return self.script(self._fields, self._report, self._uniqueness)

    def fields(self) -> Result:
        """One row per requested field: ``field``, ``expression``, ``source_columns``,
        ``factor_before`` (product of the measured factors of the source columns it reads),
        ``factor_after`` (measured factor of the field as requested), ``weight``, ``factor``
        (the field's own factor: ``weight`` if given, else ``factor_after``), ``probability``,
        ``shannons``, ``harts``, ``values``, ``categories``, ``scored_with`` (the fields scored
        jointly with it: those reading a common source column) and ``group_factor`` (the exact
        factor of that tuple of fields, the one the score multiplies)."""
        return self._fields

    def report(self) -> Result:
        """The verdict in one row: score, decision and the joint figures."""
        return self._report

    def uniqueness(self) -> Result:
        """Class-size histogram of the joint columns: ``class_size`` (1, 2, ..., k-1, >=k),
        ``classes``, ``rows``, ``class_share``, ``row_share``."""
        return self._uniqueness

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready Python values."""
        return {
            "request": list(self.request),
            "n": self.n,
            "dropped_rows": self.dropped_rows,
            "score": self.score,
            "decision": self.decision,
            "thresholds": {"approve": self.approve, "reject": self.reject},
            "policy": dict(self.policy),
            "rule": self.rule,
            "score_decision": self.score_decision,
            "violated_rules": self.violated_rules,
            "reason": self.reason,
            "groups": [list(g) for g in self.groups],
            "k": self.k,
            "weights": dict(self.weights),
            "fields": self.evaluate()._field_rows,
            "joint": dict(self.joint),
            "uniqueness": _records(self._uniqueness.df()),
            "warnings": list(self.warnings),
        }

    def _identifier_warnings(self) -> list[str]:
        """Requested fields whose categories (nearly) equal the rows: identifiers (sqlpriv/identifiers.py)."""
        from sqlpriv.identifiers import REQUEST_ADVICE, warn_identifiers

        self.plan.ensure(["sizes"])
        weighted = [name for name in self.request if name in self.weights]
        return warn_identifiers(
            self.plan.con,
            render("request/categories.sql", t=self._t),
            self._joint["n"],
            self.request,
            advice=REQUEST_ADVICE,
            skip=weighted,
            stacklevel=4,
        )

    def _compose_warnings(self) -> list[str]:
        out: list[str] = []
        j, score, decision = self._joint, self._score, self._decision
        cols = ", ".join(j["columns"]) or "(no unweighted field)"
        if j["decision"] != decision:
            direction = "more" if j["score"] < score else "less"
            out.append(
                f"the product of the field factors is {score:.4g} ({decision}), but the exact "
                f"factor of {cols} together gives {j['score']:.4g} ({j['decision']}): the product assumes "
                f"independent fields, and in this data the combination is {direction} identifying than it says"
            )
        if decision == "approve" and j["rows_below_k"] > 0:
            out.append(
                f"the product approves, but {j['rows_below_k']:,} of {j['n']:,} rows ({j['share_below_k']:.1%}) "
                f"are in classes smaller than k={self.k} on {cols}, and {j['unique_rows']:,} "
                f"({j['share_unique']:.1%}) are unique"
            )
        for f in self._field_rows:
            before, after = f["factor_before"], f["factor_after"]
            if f["expression"] is not None and before is not None and after < before - 1e-12:
                out.append(
                    f"field {f['field']!r} = {f['expression']} has factor {after:.4g}, lower than the "
                    f"{before:.4g} of {', '.join(f['source_columns'])}: by Cave's measure this expression "
                    "makes the field more identifying, not less"
                )
        return out

    def __repr__(self) -> str:
        return (
            f"<sqlpriv.request.Assessment {self.decision} score={self.score:.4g} "
            f"fields={self.request} warnings={len(self.warnings)}>"
        )


def _plain(value: Any) -> Any:
    """A pandas cell as a JSON-ready value: numpy scalars/arrays to Python, NA/NaN to None."""
    if hasattr(value, "tolist"):  # numpy scalars and arrays
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    import pandas as pd

    if value is None or pd.isna(value):
        return None
    return value


def _records(df: Any) -> list[dict[str, Any]]:
    return [{k: _plain(v) for k, v in row.items()} for row in df.to_dict("records")]


def assess_request(
    source: Any,
    request: ColumnsArg,
    *,
    approve: float = 0.8,
    reject: float = 0.2,
    k: int = 5,
    weights: Mapping[str, float] | None = None,
    max_unique_share: float | None = None,
    min_k: int | None = None,
    on_violation: str = "review",
    sensitive: Any = None,
    min_l: int | None = None,
    max_t: float | None = None,
    con: duckdb.DuckDBPyConnection | str | None = None,
    strategy: str = "auto",
    dropna: bool = False,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> Assessment:
    """Assess a data request: score, approve / review / reject, and the exact joint figures.

    ``request``: field names and ``{"name": "SQL expression"}`` entries (Cave's anonymity
    functions, e.g. ``{"zip3": "left(zip, 3)"}``). Keyword arguments: ``approve=0.8`` /
    ``reject=0.2``, thresholds in [0, 1] with ``approve >= reject``: a score at or above
    ``approve`` is approved, below ``reject`` rejected, otherwise sent to review.
    ``weights``: ``{field: factor}`` that replaces the measured factor (e.g. an ID re-keyed
    per request); weights naming other columns of the source are ignored, so one weight
    table can serve every request. The joint figures are over the requested fields without a
    weight. ``k=5``: the k of k-anonymity for ``share_below_k`` and the uniqueness histogram.
    ``dropna=True`` leaves out rows with NULL in any requested field (``dropped_rows`` says
    how many) instead of counting NULL as a category. ``sensitive`` with ``min_l`` and/or
    ``max_t``: rules on sensitive columns, violated when a class of the requested fields (those
    without a weight) holds fewer than ``min_l`` distinct values of a sensitive column, or is
    farther than ``max_t`` from its distribution (docs/measures.md §8; applied by ``decision``
    as ``min_k`` is, not by the single-statement ``report()``). ``con``, ``strategy`` (see
    :func:`privacy_profile`), ``threads``, ``memory_limit``, ``temp_directory`` as everywhere
    in sqlpriv.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"id": [1, 2, 3, 4], "age": [30, 31, 40, 41]})
    >>> a = assess_request(df, [{"decade": "age // 10"}, "id"], weights={"id": 0.9}, k=2)
    >>> a.fields().df()[["field", "factor_before", "factor_after", "factor"]].values.tolist()
    [['decade', 0.0, 0.5, 0.5], ['id', 0.0, 0.0, 0.9]]
    >>> round(a.score, 4), a.decision, a.joint["columns"], a.joint["smallest_class"]
    (0.45, 'review', ['decade'], 2)
    """
    gate = _gate_policy(approve, reject, k, max_unique_share, min_k, on_violation)
    engine = _engine_options(con, threads, memory_limit, temp_directory)
    if _wants_spark(source, spark):  # a Spark DataFrame, or spark= (docs/spark.md)
        from sqlpriv.engine import spark_measures

        if sensitive is not None:
            raise ParameterError("sensitive= / min_l / max_t run on DuckDB; measure Spark data with disclosure_query")
        return spark_measures.assess_request(  # type: ignore[return-value]
            source, request, spark=spark, weights=weights, dropna=dropna, **gate.context(), **engine
        )
    strategy = checks.choice("strategy", strategy, STRATEGIES)
    dropna = checks.boolean("dropna", dropna)
    if _is_empty(request):
        raise ParameterError("the request is empty: name at least one field, e.g. request=['gender', 'age']")
    src = resolve_source(source, connect(**engine))
    specs = resolve_columns(src, request)
    weights = _check_weights(weights, specs, src)
    assessment = _plan_assessment(src, specs, weights, gate, strategy, dropna)
    if sensitive is not None or min_l is not None or max_t is not None:
        from sqlpriv.disclosure_gate import DisclosureRule

        if sensitive is None:
            raise ParameterError("min_l / max_t are rules on sensitive columns: name them with sensitive=[...]")
        qis = [{c.name: c.expr} if c.is_expression else c.name for c in specs if c.name not in weights]
        assessment.disclosure = DisclosureRule.build(src.name, qis, sensitive, min_l=min_l, max_t=max_t, con=src.con)
    return assessment


def _plan_assessment(
    src: Source, specs: list[ColumnSpec], weights: dict[str, float], gate: GatePolicy, strategy: str, dropna: bool
) -> Assessment:
    """The assessment's plan: one counting step (every column set at once) and its queries."""
    analysed, fields = _request_fields(src, specs, weights)
    groups = _field_groups(fields)
    joint_members = [i for i, f in enumerate(fields) if f["weight"] is None]
    sets, joint_j, group_rows = _set_layout(len(analysed), joint_members, groups)
    t = _names(src.con)
    plan = Plan(src.con, src)
    keep = list(range(len(specs))) if dropna else []
    plan.add("sizes", [_sizes_step(t, src.ref, analysed, sets, keep, _pick_strategy(strategy, src))])
    ctx = dict(t=t, fields=fields, groups=group_rows, joint_j=joint_j, **gate.context())
    queries = {name: render(f"request/{name}.sql", **ctx) for name in ("fields", "report", "uniqueness")}
    spec = RequestSpec(
        request=[s.name for s in specs],
        weights=weights,
        joint_columns=[fields[i]["name"] for i in joint_members],
        groups=[[fields[i]["name"] for i in members] for members in groups],
        label=src.label,
        tables=t,
    )
    return Assessment(plan, queries, spec, gate)


def _set_layout(
    d: int, joint_members: list[int], groups: list[list[int]]
) -> tuple[list[dict[str, Any]], int, list[dict[str, Any]]]:
    """The column sets to count (each column, the joint set of the unweighted fields, each group of
    fields that read a common column), the joint set's id, and each group with its set."""
    sets, set_of = _column_sets(d, [joint_members] + [g for g in groups if len(g) > 1])
    joint_j = set_of[tuple(joint_members)] if joint_members else -1
    if not joint_members:  # every field weighted: the joint set is empty (the whole table is one class)
        sets.insert(0, {"j": -1, "members": []})
    group_rows = [{"g": g, "j": set_of[tuple(members)], "fields": members} for g, members in enumerate(groups)]
    return sets, joint_j, group_rows


def _gate_policy(approve: Any, reject: Any, k: Any, max_unique_share: Any, min_k: Any, on_violation: Any) -> GatePolicy:
    approve, reject = _check_thresholds(approve, reject)
    max_unique_share, min_k, on_violation = _check_policy(max_unique_share, min_k, on_violation)
    return GatePolicy(approve, reject, _check_k(k), max_unique_share, min_k, on_violation)


def _request_fields(
    src: Source, specs: list[ColumnSpec], weights: dict[str, float]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The analysed expressions (the fields, then each raw source column a field reads that is
    not itself requested) and, per field, its sources and weight."""
    analysed: list[dict[str, Any]] = [{"alias": f"a{i}", "expr": s.expr} for i, s in enumerate(specs)]
    raw_index = {s.name: i for i, s in enumerate(specs) if not s.is_expression}
    fields: list[dict[str, Any]] = []
    for i, s in enumerate(specs):
        sources = []
        for col in _read_columns(src, s):
            if col not in raw_index:
                raw_index[col] = len(analysed)
                analysed.append({"alias": f"a{len(analysed)}", "expr": quote(col)})
            sources.append({"name": col, "j": raw_index[col]})
        fields.append(
            {
                "name": s.name,
                "expression": s.expr[1:-1] if s.is_expression else None,
                "j": i,
                "sources": sources,
                "weight": weights.get(s.name),
            }
        )
    return analysed, fields


# --------------------------------------------------------------------------- small classes


def small_classes(
    source: Any,
    columns: ColumnsArg,
    *,
    k: int = 5,
    con: duckdb.DuckDBPyConnection | str | None = None,
    threads: int | None = None,
    memory_limit: str | None = None,
    temp_directory: str | None = None,
    spark: Any = None,
) -> Result:
    """The equivalence classes of ``columns`` with fewer than ``k`` rows (k-anonymity failures).

    One row per class: the columns' values under their own names and ``class_size`` (rows in
    the class), ordered by ``class_size``, then the values (NULLs last); NULL is a value, as in
    :func:`assess_request`. The rows are those behind ``rows_below_k`` of the assessment
    (their ``class_size`` sums to it). ``columns``: plain column names (for an expression,
    make it a column of the source first). Same SQL as the dbt k-anonymity test
    (``request/small_classes.sql``).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"sex": ["f", "f", "m", "m", "m"], "age": [30, 30, 30, 40, 40]})
    >>> small_classes(df, ["sex", "age"], k=2).df().values.tolist()
    [['m', 30, 1]]
    >>> small_classes(df, ["sex"], k=3).fetchall()
    [('f', 2)]
    """
    k = _check_k(k)
    if _is_empty(columns):
        raise ParameterError("columns is empty: name at least one column, e.g. columns=['gender', 'age']")
    engine = _engine_options(con, threads, memory_limit, temp_directory)
    if _wants_spark(source, spark):  # a Spark DataFrame, or spark= (docs/spark.md)
        from sqlpriv.engine import spark_measures

        return spark_measures.small_classes(source, columns, k, spark=spark, **engine)  # type: ignore[return-value]
    conn = connect(**engine)
    src = resolve_source(source, conn)
    specs = resolve_columns(src, columns)
    expressions = [s.name for s in specs if s.is_expression]
    if expressions:
        raise ParameterError(
            "small_classes takes plain column names, not expressions: "
            + ", ".join(repr(n) for n in expressions)
            + "; add the expression as a column of the source (e.g. a view) first"
        )
    query = render("request/small_classes.sql", source=src.ref, columns=[s.name for s in specs], k=k)
    return Result(Plan(conn, src), query, [])


__all__ = ["DECISIONS", "Assessment", "GatePolicy", "assess_request", "privacy_profile", "small_classes"]

"""The result of the singling-out attack by queries: counts, risk, summary, queries, records.

>>> c = Counts(queries=[], baseline=[], original=[1, 2], baseline_original=[0], control=None)
>>> c.successes(c.original)
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlpriv.attacks.risk import Evaluation, PrivacyRisk, SuccessRate, evaluate
from sqlpriv.attacks.singling_out_predicates import Query, query_text
from sqlpriv.attacks.singling_out_tables import Tables, count, count_sql, distinct_rows, fetch_rows
from sqlpriv.engine.sources import Source

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Counts:
    """The queries of one attack and, for each, the records it matches in each table."""

    queries: list[Query]
    baseline: list[Query]
    original: list[int]
    baseline_original: list[int]
    control: list[int] | None

    @staticmethod
    def successes(matched: list[int]) -> int:
        """Queries that match exactly one record."""
        return sum(1 for n in matched if n == 1)


class SinglingOutQueriesResult:
    """anonymeter's singling-out attack by queries, counted in SQL (docs/measures.md).

    Attributes: ``mode``, ``n_requested`` (queries asked for), ``n_queries`` (made: the
    denominator of every rate), ``seed``, ``attempts`` (synthetic records tried, multivariate),
    ``n_original`` / ``n_synthetic`` / ``n_control`` (distinct records), ``draw`` (numpy or sql).
    """

    draw: str = "numpy"

    def __init__(
        self,
        tables: Tables,
        counts: Counts,
        *,
        mode: str,
        n_requested: int,
        seed: int,
        attempts: int,
        sources: list[Source],
        draw: str = "numpy",
    ) -> None:
        self._tables = tables
        self.counts = counts
        self.mode = mode
        self.n_requested = n_requested
        self.seed = seed
        self.attempts = attempts
        self.draw = draw
        self._sources = sources
        self._positions: dict[bool, dict[int, int]] = {}
        self.n_original = distinct_rows(tables, "original")
        self.n_synthetic = distinct_rows(tables, "synthetic")
        self.n_control = distinct_rows(tables, "control") if "control" in tables.names else None

    @property
    def n_queries(self) -> int:
        """Queries the rates are over: those made, or the ones asked for when none could be made."""
        return len(self.counts.queries) or self.n_requested

    def evaluation(self, confidence_level: float = 0.95) -> Evaluation:
        """The counts as :class:`sqlpriv.attacks.risk.Evaluation` (rates and risk)."""
        c = self.counts
        return evaluate(
            n_attacks=self.n_queries,
            n_success=c.successes(c.original),
            n_baseline=c.successes(c.baseline_original),
            n_control=None if c.control is None else self.n_queries,
            n_control_success=None if c.control is None else c.successes(c.control),
            confidence_level=confidence_level,
        )

    def risk(self, confidence_level: float = 0.95, baseline: bool = False) -> PrivacyRisk:
        """The singling-out risk with its interval: residual over the control where there is one."""
        return self.evaluation(confidence_level).risk(baseline=baseline)

    def summary(self, confidence_level: float = 0.95) -> pd.DataFrame:
        """One row per attack (main, baseline, control): n_attacks, n_success, rate, rate_error."""
        import pandas as pd

        e = self.evaluation(confidence_level)
        rows: list[tuple[str, int | None, int | None, SuccessRate]] = [
            ("main", e.n_attacks, e.n_success, e.attack_rate),
            ("baseline", e.n_attacks, e.n_baseline, e.baseline_rate),
        ]
        if e.control_rate is not None:
            rows.append(("control", e.n_control, e.n_control_success, e.control_rate))
        return pd.DataFrame(
            [(a, n, s, r.value, r.error) for a, n, s, r in rows],
            columns=["attack", "n_attacks", "n_success", "rate", "rate_error"],
        )

    def queries(self, baseline: bool = False) -> pd.DataFrame:
        """One row per query: query_id, query (pandas ``query`` text, as anonymeter writes it),
        original_matches, singled_out, original_position (the input row singled out, from 0) and,
        with a control table, control_matches and control_singled_out (the baseline: no control)."""
        import pandas as pd

        c = self.counts
        qs, matched = (c.baseline, c.baseline_original) if baseline else (c.queries, c.original)
        where = self.positions(baseline)
        frame = pd.DataFrame(
            {
                "query_id": range(len(qs)),
                "query": [query_text(q) for q in qs],
                "original_matches": matched,
                "singled_out": [n == 1 for n in matched],
                "original_position": pd.array([where.get(i) for i in range(len(qs))], dtype="Int64"),
            }
        )
        if c.control is not None and not baseline:
            frame["control_matches"] = c.control
            frame["control_singled_out"] = [n == 1 for n in c.control]
        return frame

    def positions(self, baseline: bool = False) -> dict[int, int]:
        """query_id -> input position (from 0) of the original record it singles out: one more
        scan of the original table, for the queries that single one out, the first time asked."""
        if baseline not in self._positions:
            c = self.counts
            qs, matched = (c.baseline, c.baseline_original) if baseline else (c.queries, c.original)
            ids = [i for i, n in enumerate(matched) if n == 1]
            found = count(self._tables, "original", [qs[i] for i in ids], positions=True) if ids else []
            self._positions[baseline] = {i: p for i, p in zip(ids, found) if p is not None}
        return self._positions[baseline]

    def per_row(self) -> pd.DataFrame:
        """One row per original record singled out by some query: original_position, n_queries,
        query_ids, then the record's values (fetched by SQL, only those records)."""
        import pandas as pd

        hits: dict[int, list[int]] = {}
        for i, p in self.positions().items():
            hits.setdefault(p, []).append(i)
        records = fetch_rows(self._tables, "original", "__sqlpriv_pos", sorted(hits))
        rows = [
            {"original_position": p, "n_queries": len(ids), "query_ids": ids, **records[p]}
            for p, ids in sorted(hits.items())
        ]
        return pd.DataFrame(rows, columns=["original_position", "n_queries", "query_ids", *self._tables.columns])

    @property
    def sql(self) -> str:
        """The counting scans for the DuckDB shell: the queries were generated from the synthetic
        table by seeded Python and are fixed in the text (rerunning it recounts, never redraws)."""
        t = self._tables
        c = self.counts
        roles = ["original", *(["control"] if c.control is not None else [])]
        scans = count_sql(t, "original", c.queries + c.baseline)
        if c.control is not None:
            scans += count_sql(t, "control", c.queries)
        head = (
            f"-- singling out by queries ({self.mode}, seed={self.seed}): the {len(c.queries)} queries and "
            f"{len(c.baseline)} baseline guesses were generated from the synthetic table by "
            f"{'the seeded SQL draw (attacks/so_draw.sql)' if self.draw == 'sql' else 'seeded Python'} and "
            "are fixed in this script; it recounts them (n_i: records matched, 1 = singled out), it never redraws them"
        )
        return head + "\n" + t.plan.script(roles, scans)


__all__ = ["Counts", "SinglingOutQueriesResult"]

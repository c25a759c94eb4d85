"""The objects of the personal information factors: one analysis (:class:`InformationFactors`)
sharing one plan, and its per-row results (:class:`PifResult`) (docs/measures.md §2).

The plan steps (priors, per-pattern values, leave-one-out contexts, cells, entropies) are
declared here; every output (per row, RIG, percentile, top rows, heatmap) is its own
template in ``sql_templates/pif/``, rendered by :meth:`InformationFactors.query`.

>>> import pandas as pd
>>> from sqlpriv.engine import cohorts
>>> from sqlpriv.engine.connection import connect
>>> frame = cohorts.prepare(pd.DataFrame({"a": [1, 1, 2], "b": ["x", "y", "y"]}), None, connect())
>>> f = InformationFactors(frame, {}, {})
>>> f.cig().measure, f.accuracies, f.key_name
('cig', [1.0, 1.0], 'row')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlpriv.engine import checks, cohorts
from sqlpriv.engine.limits import WORD_MASK
from sqlpriv.engine.plan import run
from sqlpriv.engine.presentable import Presentable
from sqlpriv.engine.result import ChunkedResult, Result, position_chunks
from sqlpriv.engine.sandbox import sql_type
from sqlpriv.engine.templates import create_table, quote, render
from sqlpriv.errors import ParameterError, SqlprivError

MEASURES = ("cig", "wcig", "csf")
PRIOR_TOLERANCE = checks.PRIOR_TOLERANCE

PriorsArg = Mapping[str, Mapping[Any, float]]
AccuraciesArg = Mapping[str, float]


class PifResult(Presentable, ChunkedResult):
    """Per-row values of one measure (``cig``, ``wcig`` or ``csf``): the row key, then one
    float column per analysed column, in input row order.

    A :class:`sqlpriv.Result` (``.df()``, ``.arrow()``, ``.relation``, ``.to_parquet()``,
    ``.sql``) that also knows its analysis, so :func:`rig`, :func:`fig` and :func:`pif`
    can summarise it in SQL. Files are written chunk by chunk of input positions.
    """

    def __init__(self, factors: InformationFactors, measure: str) -> None:
        self.factors = factors
        self.measure = measure
        super().__init__(
            factors.frame.plan,
            factors.query(measure, "per_row"),
            factors.needs(measure),
            factors.chunks(measure, "per_row"),
            factors.chunk_needs(measure),
        )

    @property
    def columns(self) -> list[str]:
        return self.factors.columns

    @property
    def key_name(self) -> str:
        return self.factors.key_name


class InformationFactors(Presentable, cohorts.FrameMeasure):
    """CIG, wCIG and CSF of one source, column list, priors and accuracies, sharing one plan.

    Made by :func:`information_factors`; ``cig()``, ``wcig()``, ``csf()`` return
    :class:`PifResult`; ``weights()`` the wCIG weights with the entropies behind them.
    Attributes: ``n`` (rows analysed), ``dropped_rows``, ``columns``, ``key_name``,
    ``accuracies`` (per column, 1 where not given).
    """

    def __init__(
        self, frame: cohorts.CohortFrame, priors: dict[int, dict[Any, float]], accuracies: dict[int, float]
    ) -> None:
        self.frame = frame
        self.priors = priors
        self.accuracies = [float(accuracies.get(j, 1.0)) for j in range(frame.d)]
        names = frame.names
        prefix = names["prefix"]
        names["pif_prior"] = f"{prefix}_pif_prior"
        names["pif_values"] = f"{prefix}_pif_values"
        names["pif_context"] = [f"{prefix}_pif_context_{j}" for j in range(frame.d)]
        names["pif_cells"] = f"{prefix}_pif_cells"
        names["pif_entropies"] = f"{prefix}_pif_entropies"
        self.key_name = frame.key or self.free_name("row")
        self.rig_name = self.free_name("rig", (self.key_name,))
        self.cols = self._column_info()
        self._add_steps()

    def _column_info(self) -> list[dict[str, Any]]:
        frame = self.frame
        types = {
            row[0]: row[1]
            for row in run(
                frame.plan.con, render("engine/describe.sql", relation=quote(frame.names["analysed"]))
            ).fetchall()
        }
        cols = []
        for w, word in enumerate(frame.words):
            for f in word:
                j = f["j"]
                cols.append(
                    {
                        "j": j,
                        "name": frame.columns[j].name,
                        "type": self._prior_type(j, types[frame.columns[j].name]),
                        "word": w,
                        "offset": f["offset"],
                        "bitmask": (1 << f["bits"]) - 1,
                        "ctx_mask": WORD_MASK ^ f["mask"],
                        "accuracy": self.accuracies[j],
                        "prior": j in self.priors,
                    }
                )
        return sorted(cols, key=lambda c: c["j"])

    def _prior_type(self, j: int, type_string: str) -> str | None:
        """The column's type as written into the prior's cast: a built-in type only (never text
        taken from the data, such as ENUM labels or STRUCT field names)."""
        checked = sql_type(type_string)
        if checked is None and j in self.priors:
            raise ParameterError(
                f"a prior for column {self.frame.columns[j].name!r} needs a column of a plain type (numbers, "
                f"text, dates, lists of those), not {type_string.split('(')[0]}; add a column expression "
                "casting it to VARCHAR and give the prior for that"
            )
        return checked

    def context(self, **extra: Any) -> dict[str, Any]:
        return self.frame.context(cols=self.cols, key_name=self.key_name, rig_name=self.rig_name, **extra)

    def _add_steps(self) -> None:
        plan, t = self.frame.plan, self.frame.names
        value_deps = ["patterns"]
        if self.priors:
            entries = [
                {"j": j, "value": None if v is None else str(v), "q": float(q)}
                for j, prior in sorted(self.priors.items())
                for v, q in prior.items()
            ]
            prior_cols = [c for c in self.cols if c["prior"]]
            plan.add(
                "pif_prior",
                [render("pif/prior.sql", **self.context(entries=entries, prior_cols=prior_cols))],
                deps=["dictionaries"],
            )
            value_deps.append("pif_prior")
            try:
                plan.ensure(["pif_prior"])  # bad priors fail now, with the column and value named
            except SqlprivError as exc:
                if type(exc) is not SqlprivError:  # not the guard's message: a real failure
                    raise
                raise ParameterError(str(exc)) from None
        plan.add(
            "pif_values", [create_table(t["pif_values"], render("pif/values.sql", **self.context()))], deps=value_deps
        )
        plan.add(
            "pif_context",
            [create_table(t["pif_context"][c["j"]], render("pif/context.sql", **self.context(c=c))) for c in self.cols],
            deps=["pif_values"],
        )
        plan.add(
            "pif_cells", [create_table(t["pif_cells"], render("pif/cells.sql", **self.context()))], deps=["pif_context"]
        )
        plan.add(
            "pif_entropies",
            [create_table(t["pif_entropies"], render("pif/entropies.sql", **self.context()))],
            deps=["pif_context"],
        )

    def needs(self, measure: str) -> list[str]:
        """The plan steps an in-memory per-row output of ``measure`` reads: the per-row codes
        table (built once, shared by every output of this analysis) and the per-pattern values."""
        return ["codes", *self.chunk_needs(measure)]

    def chunk_needs(self, measure: str) -> list[str]:
        """The steps a file writer's chunks read: the rows are packed on the fly (no codes table)."""
        return ["pif_cells"] + (["pif_entropies"] if measure == "wcig" else [])

    def query(self, measure: str, output: str, **extra: Any) -> str:
        """The SQL of one per-row output (``per_row``, ``rig``, ``percentile``, ``top_rows`` or
        ``heatmap``, each its own template in ``sql_templates/pif/``) of ``measure``."""
        if measure not in MEASURES:
            raise ParameterError(f"measure must be one of {', '.join(MEASURES)}, got {measure!r}")
        return render(f"pif/{output}.sql", **self.context(measure=measure, **extra))

    def chunks(self, measure: str, output: str) -> list[str]:
        """``output`` (``per_row`` or ``rig``) of ``measure`` once per chunk of input positions
        (:func:`sqlpriv.engine.result.position_chunks`), each packing its rows on the fly: what
        the file writers stream, so that writing never builds a per-row table or sorts more
        than one chunk."""
        return [self.query(measure, output, coded=True, lo=lo, hi=hi) for lo, hi in position_chunks(self.frame)]

    def cig(self) -> PifResult:
        """Cell information gain per row and column (bits)."""
        return PifResult(self, "cig")

    def wcig(self) -> PifResult:
        """Weighted CIG: CIG times H(j | others) / H(j) (not rounded)."""
        return PifResult(self, "wcig")

    def csf(self) -> PifResult:
        """Cell surprise factor |p'(x) - q(x)| per row and column (in [0, 1])."""
        return PifResult(self, "csf")

    def measure(self, name: str) -> PifResult:
        """``cig()``, ``wcig()`` or ``csf()`` by name."""
        if name not in MEASURES:
            raise ParameterError(f"measure must be one of {', '.join(MEASURES)}, got {name!r}")
        return PifResult(self, name)

    def weights(self) -> Result:
        """Per column: entropy H(j), conditional_entropy H(j | others) and weight (bits)."""
        return Result(
            self.frame.plan,
            render("pif/weights.sql", t=self.frame.names),
            ["pif_entropies"],
        )


__all__ = ["MEASURES", "PRIOR_TOLERANCE", "AccuraciesArg", "InformationFactors", "PifResult", "PriorsArg"]

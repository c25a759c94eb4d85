"""What both faces of :func:`sqlpriv.microaggregate` (DuckDB and Spark) share: the checks of
microaggregation/facts.sql's row, and the eigenvalue measure from the correlation rows of
microaggregation/corr.sql (small aggregates; the rows stay in SQL)."""

from __future__ import annotations

from typing import Any

from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError


def eigen_loss(values: list[Any]) -> float:
    """sum |e1 - e2| / e1 over the eigenvalues (decreasing) of the two correlation matrices
    ``values`` (original, released); NaN where either is None (a constant column)."""
    if any(m is None for m in values):
        return float("nan")
    import numpy as np  # only here: importing sqlpriv leaves numpy / pandas to first use

    e1, e2 = (np.linalg.eigvalsh(m)[::-1] for m in values)
    return float(np.sum(np.abs(e1 - e2) / e1))


def correlation(row: list[Any], d: int) -> Any:
    """The d x d correlation matrix from microaggregation/corr.sql's row; None if a column is constant."""
    import numpy as np

    sds, pairs = row[:d], row[d:]
    if any(sd is None or sd == 0 for sd in sds) or any(r is None for r in pairs):
        return None
    m = np.eye(d)
    it = iter(pairs)
    for i in range(d):
        for j in range(i + 1, d):
            m[i, j] = m[j, i] = next(it)
    return m


def check_facts(label: str, names: list[str], by: list[str], aggr: int, facts: list[int]) -> None:
    """Refuse what microaggregation cannot release safely (microaggregation/facts.sql's row): no
    rows, a NULL cell (a locally suppressed key, most often), a table or stratum below ``aggr``."""
    n, nulls, smallest, per_column = facts[0], facts[1], facts[2], facts[3:]
    if n == 0:
        raise EmptyInputError(f"{label} has no rows to microaggregate")
    if nulls:
        cells = ", ".join(f"{c} ({k})" for c, k in zip(names, per_column) if k)
        raise ColumnError(
            f"{nulls} row(s) have a NULL in the columns to microaggregate, NULL cells per column: {cells}; "
            "microaggregation needs complete values. A locally suppressed key cannot also be microaggregated: "
            "microaggregate the numeric keys first, then run sqlpriv.local_suppression with the other keys; "
            "or impute or drop those rows"
        )
    if aggr > n:
        raise ParameterError(f"aggr={aggr} is larger than the table ({n} rows); lower aggr")
    if by and aggr > smallest:
        raise ParameterError(
            f"aggr={aggr} is larger than the smallest stratum of {', '.join(by)} ({smallest} rows): its values would "
            "be released in a group below aggr; lower aggr or merge strata"
        )

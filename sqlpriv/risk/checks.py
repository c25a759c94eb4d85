"""Argument and input checks of the risk measure (sqlpriv/risk/measure.py), shared by its DuckDB and
Spark forms: one clear error each, before the measure's own queries run.

>>> check_fraction(0.1, None, None)
0.1
>>> population_size(100, None, 250, None, None)
250.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError


def check_fraction(sampling_fraction: Any, population_size: Any, weight: Any) -> float | None:
    """The sampling fraction when given, checked in (0, 1]; at most one way of sizing the population
    (sampling weights size it too: the population is their sum)."""
    given = [
        name
        for name, v in (("sampling_fraction", sampling_fraction), ("population_size", population_size))
        if v is not None
    ]
    if len(given) > 1:
        raise ParameterError(
            "give sampling_fraction or population_size, not both (the population is n / sampling_fraction)"
        )
    if given and weight is not None:
        raise ParameterError(
            f"give weight= or {given[0]}=, not both: with sampling weights the population is their sum "
            "(each class's estimated population size sums its records' weights)"
        )
    if sampling_fraction is not None:
        f = checks.finite_number("sampling_fraction", sampling_fraction)
        if not 0 < f <= 1:
            raise ParameterError(
                f"sampling_fraction must be in (0, 1] (the share of the population in the table), got {sampling_fraction!r}"
            )
        return f
    if population_size is not None:
        checks.finite_number("population_size", population_size, minimum=1)
    return None


def refuse_overlap(names: Sequence[str], **carried: str | None) -> None:
    """A weight, household or key column that is also a quasi-identifier is refused."""
    taken = {n.lower() for n in names}
    for role, name in carried.items():
        if name and name.lower() in taken:
            raise ColumnError(
                f"column {name!r} is both the {role} column and a quasi-identifier; drop it from columns= "
                f"or choose another {role} column"
            )


def carried_columns(names: Sequence[str], label: str, **columns: str | None) -> tuple[str | None, ...]:
    """Each carried column (key, weight, household, entity) matched to the source's spelling,
    in the order given; None stays None. One clear error for a column the source lacks."""
    return tuple(checks.match_column(names, c, label) if c is not None else None for c in columns.values())


def refuse_entity_weight(entity: str | None, weight: str | None, household: str | None = None) -> None:
    """Class sizes in entities do not mix with per-row sampling weights or household risk."""
    if entity and weight:
        raise ParameterError(
            f"entity={entity!r} with weight={weight!r}: sampling weights are per row and a class counted in "
            "entities has no per-entity weight; give sampling_fraction or population_size instead of weight"
        )
    if entity and household:
        raise ParameterError(
            f"entity={entity!r} with household={household!r}: household risk multiplies the risks of a "
            "household's records, and with entities a person's rows would count several times; leave one out"
        )


def check_rows(
    row: Sequence[Any], label: str, weight: str | None, household: str | None, entity: str | None = None
) -> tuple[int, float | None]:
    """Rows, and the weights' sum, from risk/check.sql's one row; one clear error for NULL,
    non-positive or non-finite weights, NULL households and NULL entities."""
    n, null_w, bad_w, weight_sum, null_h, null_e = row
    if not n:
        raise EmptyInputError(f"{label} has no rows; there is nothing to measure")
    if weight and null_w:
        raise ParameterError(
            f"weight column {weight!r} has {null_w:,} NULL values; every record needs a sampling weight"
        )
    if weight and bad_w:
        raise ParameterError(
            f"weight column {weight!r} has {bad_w:,} values below 1 or not finite (NaN, infinity); a sampling "
            "weight is the number of people a record stands for (at least 1, finite: a weight below 1 gives "
            "probabilities above 1)"
        )
    if weight and not math.isfinite(float(weight_sum)):
        raise ParameterError(
            f"the weights in {weight!r} sum to {weight_sum}, past the largest number a DOUBLE holds; "
            "give weights whose sum is a population size"
        )
    if household and null_h:
        raise ParameterError(
            f"household column {household!r} has {null_h:,} NULL (or NaN) values; give every record a household "
            "(a record living alone is a household of its own)"
        )
    if entity and null_e:
        raise ParameterError(
            f"entity column {entity!r} has {null_e:,} NULL values; every row needs the entity (person) it "
            "belongs to, or leave entity out to count rows"
        )
    return int(n), (float(weight_sum) if weight else None)


def population_size(
    n: int, fraction: float | None, population_size: Any, weight_sum: float | None, weight: Any
) -> float:
    if fraction is not None:
        return n / fraction
    if population_size is not None:
        if float(population_size) < n:
            raise ParameterError(
                f"population_size {population_size!r} is smaller than the table's {n:,} records; "
                "the population must hold the sample"
            )
        return float(population_size)
    if weight_sum is not None:
        if weight_sum < n:
            raise ParameterError(
                f"the weights in {weight!r} sum to {weight_sum:g}, fewer people than the {n:,} records; "
                "sampling weights are at least 1 on average (each record stands for itself at least)"
            )
        return weight_sum
    return float(n)


def check_missing(missing: Any, alpha: Any, *, entity: str | None = None, spark: bool = False) -> float:
    """``missing`` is "category" or "wildcard"; ``alpha`` (sdcMicro's weight of another record
    with a NULL) a number in [0, 1]; the wildcard classes count rows on DuckDB (no ``entity``, no
    Spark yet). Returns alpha as a float.

    >>> check_missing("wildcard", 1)
    1.0
    """
    if missing not in ("category", "wildcard"):
        raise ParameterError(
            f"missing must be 'category' (NULL is a value) or 'wildcard' (NULL matches any value), got {missing!r}"
        )
    a = checks.finite_number("alpha", alpha)
    if not 0 <= a <= 1:
        raise ParameterError(f"alpha must be in [0, 1] (how much another record with a NULL counts), got {alpha!r}")
    if missing == "wildcard" and entity is not None:
        raise ParameterError("missing='wildcard' counts rows: it cannot be combined with entity=")
    if missing == "wildcard" and spark:
        raise ParameterError("missing='wildcard' runs on DuckDB: pass a DuckDB source or a pandas DataFrame, not Spark")
    return a

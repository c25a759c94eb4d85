"""The request gate's ``min_k`` counted in entities (issue 46): with ``entity=`` (a column naming
the person behind each row: panel data, claims), a class of the joint fields has as many members
as it has distinct entities, not rows; a person with five rows in a class of one is still alone.

>>> import pandas as pd
>>> from sqlpriv.engine.connection import connect
>>> from sqlpriv.engine.sources import resolve_columns, resolve_source
>>> df = pd.DataFrame({"pid": [1, 1, 1, 2, 3], "age": [30, 30, 30, 40, 40]})
>>> src = resolve_source(df, connect())
>>> rule = EntityRule.build(src, resolve_columns(src, ["age"]), resolve_columns(src, ["age"]), "pid", 2, False)
>>> rule.check()
[('min_k', 'min_k: the smallest class of age has 1 entity (distinct pid), below 2')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlpriv.engine import checks
from sqlpriv.engine.plan import run
from sqlpriv.engine.rows import one_row
from sqlpriv.engine.sources import ColumnSpec, Source
from sqlpriv.engine.templates import render
from sqlpriv.errors import ColumnError, ParameterError


@dataclass
class EntityRule:
    """``min_k`` on the classes of the joint fields counted in distinct ``entity`` values."""

    entity: str
    columns: list[str]
    query: str
    min_k: int
    src: Source

    @classmethod
    def build(
        cls, src: Source, fields: list[ColumnSpec], joint: list[ColumnSpec], entity: Any, min_k: Any, dropna: bool
    ) -> EntityRule:
        """Check ``entity`` (one column of the source, not a requested field) and render the query."""
        if not isinstance(entity, str):
            raise ParameterError(f"entity must be one column name, got {entity!r}")
        if min_k is None:
            raise ParameterError(
                f"entity={entity!r} counts the classes of min_k in entities: give min_k (e.g. min_k=5), "
                "or leave entity out"
            )
        name = checks.match_column(src.column_names(), entity, src.label)
        if name.lower() in {f.name.lower() for f in fields}:
            raise ColumnError(
                f"column {name!r} is both the entity and a requested field; the entity says whose row it is "
                "(it is counted, not released): drop it from the request or name another entity"
            )
        query = render(
            "request/entity_classes.sql", source=src.ref, columns=joint, fields=fields, entity=name, dropna=dropna
        )
        return cls(name, [c.name for c in joint], query, int(min_k), src)

    def check(self) -> list[tuple[str, str]]:
        """The violated rule, as (name, sentence); a NULL entity is refused."""
        smallest, _, nulls = one_row(run(self.src.con, self.query))
        if nulls:
            raise ParameterError(
                f"entity column {self.entity!r} has {int(nulls):,} NULL values; every row needs the entity "
                "(person) it belongs to, or leave entity out to count rows"
            )
        self.smallest = None if smallest is None else int(smallest)
        if self.smallest is None or self.smallest >= self.min_k:
            return []
        cols = ", ".join(self.columns) or "the request"
        unit = "entity" if self.smallest == 1 else "entities"
        return [
            (
                "min_k",
                f"min_k: the smallest class of {cols} has {self.smallest:,} {unit} (distinct {self.entity}), "
                f"below {self.min_k}",
            )
        ]

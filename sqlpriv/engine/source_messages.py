"""What to say about a source sqlpriv cannot read as given: a frame DuckDB cannot scan (which columns, how to convert them), and a frame's column names.

>>> import pandas as pd
>>> frame_names(pd.DataFrame({"a": [1], "b": [2]}))
['a', 'b']
"""

from __future__ import annotations

from typing import Any

import duckdb


def unreadable_frame(source: Any, label: str, exc: duckdb.Error) -> str:
    """What to say when DuckDB cannot register a frame: its message, and the columns whose dtype
    it names with what to do about them.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"g": [1], "p": pd.period_range("2020-01", periods=1, freq="M")})
    >>> print(unreadable_frame(df, "a frame", duckdb.NotImplementedException("Data type 'period[M]' not recognized")))
    cannot read a frame: Data type 'period[M]' not recognized; DuckDB cannot read the type of column 'p': convert it first (e.g. df['p'] = df['p'].astype(str)) or leave it out of the frame
    """
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    dtypes: Any = getattr(source, "dtypes", None)
    named = [str(c) for c, t in dtypes.items() if f"'{t}'" in first] if hasattr(dtypes, "items") else []
    if not named:
        return f"cannot read {label}: {first}; convert the columns of that type first, or leave them out of the frame"
    example = named[0]
    return (
        f"cannot read {label}: {first}; DuckDB cannot read the type of column "
        + ", ".join(repr(c) for c in named)
        + f": convert it first (e.g. df[{example!r}] = df[{example!r}].astype(str)) or leave it out of the frame"
    )


def frame_names(source: Any) -> list[str]:
    if hasattr(source, "schema") and hasattr(source.schema, "names"):  # pyarrow Table / RecordBatch
        return [str(n) for n in source.schema.names]
    columns = getattr(source, "columns", None)
    return [str(n) for n in columns] if columns is not None else []

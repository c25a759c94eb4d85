"""What to say about a source sqlpriv cannot read as given: a folder (which glob to pass), a
frame DuckDB cannot scan (which columns, how to convert them), and a frame's column names.

>>> import pandas as pd
>>> frame_names(pd.DataFrame({"a": [1], "b": [2]}))
['a', 'b']
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import duckdb


def folder_message(path: str, suffixes_read: Iterable[str]) -> str:
    """What to say when the source is a folder: what it is and which glob to pass."""
    folder = Path(path)
    readable = set(suffixes_read)
    suffixes: dict[str, int] = {}
    for child in folder.rglob("*"):
        if child.is_file():
            ext = "".join(child.suffixes[-2:]) if child.suffix.lower() in (".gz", ".zst") else child.suffix
            if ext.lower().split(".")[1:2] and "." + ext.lower().split(".")[1] in readable:
                suffixes[ext] = suffixes.get(ext, 0) + 1
    if suffixes:
        ext = max(suffixes, key=lambda e: suffixes[e])
        flat = any(c.is_file() and "".join(c.suffixes[-2:]).endswith(ext) for c in folder.iterdir())
        pattern = str(folder / ("*" + ext if flat else "**/*" + ext))
        return (
            f"{path!r} is a folder, not a file; pass a glob of the files it holds, e.g. {pattern!r} "
            f"({suffixes[ext]} {ext} file{'s' if suffixes[ext] != 1 else ''})"
        )
    return (
        f"{path!r} is a folder, not a file, and holds no .csv, .parquet or .json files; "
        "pass a file, or a glob such as 'folder/*.parquet'"
    )


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

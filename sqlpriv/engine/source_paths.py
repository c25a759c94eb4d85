"""Where a source path points: its reader from the extension, whether it is a path at all (or a
table name), whether a glob matches files, and what to say about a folder (docs/security.md: a
path is read only through the reader its extension names).

>>> reader_for("data/part-1.csv.gz"), looks_like_path("main.people"), looks_like_path("a/b.parquet")
('read_csv', False, True)
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

from sqlpriv.errors import SourceError

READERS = {
    ".csv": "read_csv",
    ".tsv": "read_csv",
    ".txt": "read_csv",
    ".parquet": "read_parquet",
    ".pq": "read_parquet",
    ".json": "read_json",
    ".jsonl": "read_json",
    ".ndjson": "read_json",
}


def reader_for(path: str) -> str:
    lowered = path.lower()
    for compressed in (".gz", ".zst"):
        if lowered.endswith(compressed):
            lowered = lowered[: -len(compressed)]
    suffix = os.path.splitext(lowered)[1]
    if suffix not in READERS:
        raise SourceError(
            f"cannot tell the format of {path!r} from its extension {suffix or '(none)'!r}; "
            "use .csv, .tsv, .parquet or .json, or load it yourself and pass a DataFrame or relation"
        )
    return READERS[suffix]


def looks_like_path(text: str) -> bool:
    lowered = text.lower()
    return any(ch in text for ch in "/\\*?") or any(
        lowered.endswith(ext) or lowered.endswith(ext + ".gz") for ext in READERS
    )


def folder_message(path: str) -> str:
    """What to say when the source is a folder: what it is and which glob to pass."""
    folder = Path(path)
    suffixes: dict[str, int] = {}
    for child in folder.rglob("*"):
        if child.is_file():
            ext = "".join(child.suffixes[-2:]) if child.suffix.lower() in (".gz", ".zst") else child.suffix
            if ext.lower().split(".")[1:2] and "." + ext.lower().split(".")[1] in READERS:
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


def checked_glob(path: str) -> bool:
    """Whether ``path`` is a glob pattern to read as one (a file named like ``data[1].csv`` is read
    as itself); one clear :class:`SourceError` when it names no file."""
    magic = any(ch in path for ch in "*?[")
    if magic and not glob.glob(path, recursive=True):
        if not Path(path).is_file():
            raise SourceError(f"no file matches {path!r}; check the path or glob pattern")
        magic = False  # a file named like data[1].csv that no glob matches: DuckDB reads it as itself
    elif not magic and Path(path).is_dir():
        raise SourceError(folder_message(path))
    elif not magic and not Path(path).is_file():
        hint = " (or, if it is a table, pass the connection holding it as con=)" if not looks_like_path(path) else ""
        if hint and "." in path.strip("."):  # schema.table: only a table of the main schema is looked up
            hint = (
                " (or, if it is a table of another schema or database, pass it as a relation, "
                f"e.g. con.table({path!r}), with that connection as con=)"
            )
        raise SourceError(f"file {path!r} does not exist{hint}")
    return magic

"""A CSV source's view pins what DuckDB's sniffer found (sqlpriv.engine.sources.sniffed_csv), so
binding it does not sniff the file again (issue 28, sessions gen8 and gen12). The oracle is
DuckDB's own auto-detection: on files of many shapes the pinned view must read exactly the same
rows and types as ``select * from read_csv(path)``, with the same row estimate (so every plan over
the view is the unpinned view's: gen8's first pin, ``auto_detect=false``, made DuckDB assume 42
rows, which turned the release's joins around and changed its row order), and a file it cannot pin
reads as before."""

from __future__ import annotations

import gzip

import duckdb
import pytest

import sqlpriv
from sqlpriv.engine.connection import connect
from sqlpriv.engine.sources import resolve_source

FILES = {
    "plain.csv": "a,b,c\n1,x,2.5\n2,y,\n3,,4\n",
    "semicolon_crlf.csv": "sex;age;race\r\nMale;39;White\r\nFemale;50;Black\r\n",
    "tab.tsv": "a\tb\n1\tx y\n2\tz\n",
    "pipe.csv": "a|b\n1|x\n2|y\n",
    "quoted.csv": 'id,text\n1,"a, b"\n2,"say ""hi"""\n3,"two\nlines"\n',
    "dates.csv": "d,t,n\n2024-01-02,2024-01-02 10:00:00,1\n2024-02-03,2024-03-02 11:30:00,2\n",
    "dmy.csv": "d,n\n02/01/2024,1\n31/12/2023,2\n",
    "odd_names.csv": '"x""y","a\'b","sel ect",""\n1,2,3,4\n5,6,7,8\n',
    "no_header.csv": "1,2\n3,4\n5,6\n",
    "header_only.csv": "a,b\n",
    "one_column.csv": "v\n1\n2\n3\n",
    "nulls.csv": "a,b\n,\n1,\n,x\n",
    "preamble.csv": "title line\nsecond\na,b\n1,2\n3,4\n",
    "booleans.csv": "f,g\ntrue,1.5e3\nfalse,-2\n",
    "wide_ints.csv": "big\n12345678901234567890\n1\n",
}


def _write(tmp_path, name, text):
    path = tmp_path / name
    if name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return str(path)


def _estimate(con, relation):
    """The row estimate of DuckDB's plan for ``select * from relation`` (EXPLAIN's text)."""
    plan = con.execute(f"explain select * from {relation}").fetchall()[0][1]
    return [line.strip(" │") for line in plan.splitlines() if "rows" in line]


def _auto(path):
    con = duckdb.connect()
    try:
        rows = con.execute("select * from read_csv(?)", [path]).fetchall()
        types = [(d[0], str(d[1])) for d in con.execute("describe select * from read_csv(?)", [path]).fetchall()]
        return rows, types
    except duckdb.Error as exc:
        return type(exc).__name__, []


@pytest.mark.parametrize("name", [*FILES, "plain.csv.gz"])
def test_the_pinned_view_reads_what_auto_detection_reads(name, tmp_path):
    text = FILES[name.removesuffix(".gz")]
    path = _write(tmp_path, name, text)
    want_rows, want_types = _auto(path)
    con = connect(None)
    if isinstance(want_rows, str):  # DuckDB cannot read it: neither can the source
        with pytest.raises(sqlpriv.SourceError):
            resolve_source(path, con)
        return
    src = resolve_source(path, con)
    assert [(n, t) for n, t in src.columns] == want_types
    assert con.execute(f"select * from {src.ref}").fetchall() == want_rows
    assert "sample_size=1" in src.statements[-1]
    assert _estimate(con, src.ref) == _estimate(duckdb.connect(), f"read_csv('{path}')")
    # the printed statement runs alone in a fresh DuckDB and reads the same
    fresh = duckdb.connect()
    fresh.execute(src.statements[-1])
    assert fresh.execute(f"select * from {src.ref}").fetchall() == want_rows


def test_the_view_is_pinned_and_falls_back_when_the_sniffer_says_no(tmp_path, monkeypatch):
    path = _write(tmp_path, "plain.csv", FILES["plain.csv"])
    src = resolve_source(path, connect(None))
    assert "sample_size=1" in src.statements[-1]
    from sqlpriv.engine import sources

    monkeypatch.setattr(sources, "sniffed_csv", lambda con, p: None)
    src = resolve_source(path, connect(None))
    assert "sample_size" not in src.statements[-1]
    assert src.columns == [("a", "BIGINT"), ("b", "VARCHAR"), ("c", "DOUBLE")]


def test_a_file_changed_since_its_sniff_is_sniffed_again(tmp_path):
    """The sniff is kept per file version (size, modification time, inode): reading the same file
    again does not sniff it (one sniff_csv query in all), a file rewritten in place is sniffed
    again and read with its new dialect and types."""
    import os

    from sqlpriv.engine import sources

    path = _write(tmp_path, "changing.csv", "a;b\n1;x\n2;y\n")
    calls = []
    real = sources._sniff

    def counting(con, p):
        calls.append(p)
        return real(con, p)

    sources._SNIFFED.clear()
    try:
        sources._sniff = counting
        first = resolve_source(path, connect(None))
        again = resolve_source(path, connect(None))
        assert len(calls) == 1 and first.statements == again.statements
        assert first.columns == [("a", "BIGINT"), ("b", "VARCHAR")]
        stat = os.stat(path)
        _write(tmp_path, "changing.csv", "a,b,c\n1.5,2024-01-02,z\n")
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
        con = connect(None)
        changed = resolve_source(path, con)
        assert len(calls) == 2
        assert changed.columns == [("a", "DOUBLE"), ("b", "DATE"), ("c", "VARCHAR")]
        assert con.execute(f"select * from {changed.ref}").fetchall() == _auto(path)[0]
    finally:
        sources._sniff = real
        sources._SNIFFED.clear()

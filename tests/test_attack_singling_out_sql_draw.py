"""The SQL draw of the singling-out queries (``draw="sql"``, sql_templates/attacks/_draw.sql), the
one dbt's ``sqlpriv.singling_out_queries_risk`` runs, against an oracle written here:

* the draw: the same queries and baseline guesses as a Python reimplementation of its documented
  rule (hashlib's MD5 of "<seed>:<tag>:...", pandas for the tables), univariate and multivariate,
  on a random table with NULLs, booleans, numbers and text;
* the counts: each drawn predicate evaluated by brute force on the distinct original and control
  rows gives ``original_matches`` / ``control_matches``;
* the one statement of the dbt model (attacks/so_query.sql, rendered here on DuckDB) equals the
  Python API's summary and risks to 1e-9.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from contextlib import nullcontext
from itertools import count

import duckdb
import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv.attacks.singling_out_tables import column_kind
from sqlpriv.engine.templates import quote, render
from sqlpriv.errors import ParameterError

OPS = {
    "==": lambda x, v: x == v,
    "!=": lambda x, v: x != v,
    "<": lambda x, v: x < v,
    ">": lambda x, v: x > v,
    "<=": lambda x, v: x <= v,
    ">=": lambda x, v: x >= v,
}


def h(*parts: object) -> int:
    """md5_int of "<a>:<b>:..." (sql_templates/dialect/md5_int.sql)."""
    return int(hashlib.md5(":".join(map(str, parts)).encode()).hexdigest()[:15], 16)


KINDS = {"age": "number", "city": "text", "flag": "boolean", "score": "number"}


def table(rng: np.random.Generator, n: int) -> pd.DataFrame:
    def holes(values, p=0.08):
        return [None if rng.random() < p else v for v in values]

    return pd.DataFrame(
        {
            "age": pd.array(holes(rng.integers(18, 26, n).tolist()), dtype="Int64"),
            "city": pd.array(holes(rng.choice(list("abcdefg"), n).tolist()), dtype="string"),
            "flag": pd.array(holes(rng.random(n) < 0.3), dtype="boolean"),
            "score": rng.normal(size=n).round(1),
        }
    )


def rows(df: pd.DataFrame) -> list[tuple]:
    """The distinct records in first-occurrence order, NULL as None."""
    out = []
    for r in df.astype(object).itertuples(index=False):
        t = tuple(None if v is pd.NA or (isinstance(v, float) and np.isnan(v)) else v for v in r)
        if t not in out:
            out.append(t)
    return out


def matches(query, record: tuple, cols: list[str]) -> bool:
    for column, op, value in query:
        x = record[cols.index(column)]
        if op == "isna":
            ok = x is None
        elif op == "notna":
            ok = x is not None
        elif op in ("is", "not"):
            ok = x is not None and bool(x) == (op == "is")
        else:
            ok = x is not None and bool(OPS[op](x, value))
        if not ok:
            return False
    return True


def n_matching(query, records, cols) -> int:
    return sum(matches(query, r, cols) for r in records)


def oracle(syn: pd.DataFrame, mode: str, seed: int, n_attacks: int, n_cols: int):
    """The documented draw, in Python: (queries, guesses), each a list of (column, op, value) tuples."""
    cols = list(syn.columns)
    kinds = KINDS
    recs = rows(syn)
    values = []  # per column: distinct values, NULL first
    for j in range(len(cols)):
        col = [r[j] for r in recs]
        values.append(([None] if None in col else []) + sorted({v for v in col if v is not None}))
    if mode == "univariate":
        cands = []
        for j, c in enumerate(cols):
            cnt = Counter(r[j] for r in recs)
            for idx, v in enumerate(values[j]):
                if cnt[v] == 1:
                    cands.append(
                        (j, 0 if v is None else 3, idx, ((c, "isna", None),) if v is None else ((c, "==", v),))
                    )
            nonnull = [i for i, v in enumerate(values[j]) if v is not None]
            if kinds[c] == "number" and nonnull:
                for kind, idx, op in ((1, nonnull[0], "<="), (2, nonnull[-1], ">=")):
                    if cnt[values[j][idx]] == 1:
                        cands.append((j, kind, idx, ((c, op, values[j][idx]),)))
        cands.sort(key=lambda t: (h(seed, "u", t[0], t[1], t[2]), t[0], t[1], t[2]))
        queries = [t[3] for t in cands[:n_attacks]]
    else:
        medians = {
            c: pd.Series([r[j] for r in recs], dtype="float").median()
            for j, c in enumerate(cols)
            if kinds[c] == "number"
        }
        queries, kept = [], set()
        for i in count():
            if len(queries) == n_attacks or i == 200 * n_attacks:
                break
            rk = h(seed, "r", i) % len(recs)
            picked = sorted(sorted(range(len(cols)), key=lambda j: (h(seed, "c", i, j), j))[:n_cols])
            q = []
            for j in sorted(picked, key=lambda j: cols[j]):
                c, v = cols[j], recs[rk][j]
                op = "isna" if v is None else ((">=" if v > medians[c] else "<=") if kinds[c] == "number" else "==")
                q.append((c, op, None if v is None else v))
            q = tuple(q)
            if (rk, tuple(picked)) not in kept and n_matching(q, recs, cols) == 1:
                kept.add((rk, tuple(picked)))
                queries.append(q)
    guesses = []
    for g in range(len(queries) or n_attacks):
        picked = sorted(range(len(cols)), key=lambda j: (h(seed, "bc", g, j), j))[
            : 1 if mode == "univariate" else n_cols
        ]
        q = []
        for j in sorted(picked, key=lambda j: cols[j]):
            c = cols[j]
            v = values[j][h(seed, "bv", g, j) % len(values[j])]
            ho = h(seed, "bo", g, j)
            if v is None:
                q.append((c, "isna" if ho % 2 == 0 else "notna", None))
            elif kinds[c] == "boolean":
                q.append((c, "is" if ho % 2 == 0 else "not", None))
            elif kinds[c] == "number":
                q.append((c, ("==", "!=", "<", ">", "<=", ">=")[ho % 6], v))
            else:
                q.append((c, "==" if ho % 2 == 0 else "!=", v))
        guesses.append(tuple(q))
    return queries, guesses


def plain(queries) -> list[tuple]:
    return [tuple((c.column, c.op, c.value) for c in q) for q in queries]


@pytest.mark.parametrize("mode", ["univariate", "multivariate"])
def test_sql_draw_equals_its_python_oracle_and_counts_equal_a_brute_force(mode):
    rng = np.random.default_rng(7 if mode == "univariate" else 16)
    ori, syn, ctl = table(rng, 120), table(rng, 100), table(rng, 60)
    n_attacks = 200 if mode == "univariate" else 40
    with pytest.warns(sqlpriv.SqlprivWarning) if mode == "univariate" else nullcontext():
        r = sqlpriv.singling_out_queries(
            ori, syn, control=ctl, mode=mode, n_attacks=n_attacks, n_cols=2, seed=3, draw="sql"
        )
    queries, guesses = oracle(syn, mode, 3, n_attacks, 2)
    assert len(queries) > 10 and (mode == "univariate" or len(queries) == n_attacks)
    assert plain(r.counts.queries) == queries
    assert plain(r.counts.baseline) == guesses
    o, c, s = rows(ori), rows(ctl), rows(syn)
    assert all(n_matching(q, s, list(syn.columns)) == 1 for q in queries)  # each singles out one synthetic record
    assert r.counts.original == [n_matching(q, o, list(ori.columns)) for q in queries]
    assert r.counts.control == [n_matching(q, c, list(ori.columns)) for q in queries]
    assert r.counts.baseline_original == [n_matching(q, o, list(ori.columns)) for q in guesses]
    assert 0 < r.evaluation().n_success < len(queries)
    if mode == "multivariate":
        assert r.attempts > n_attacks  # some attempts failed or repeated
        med = {
            c: pd.Series([x[j] for x in s], dtype="float").median()
            for j, c in enumerate(syn.columns)
            if c in ("age", "score")
        }
        assert any(c in med and v == med[c] for q in queries for c, _, v in q)  # the median's side rule is exercised


@pytest.mark.parametrize("mode", ["univariate", "multivariate"])
def test_the_dbt_statement_equals_the_python_api(mode):
    """attacks/so_query.sql (the dbt model's one statement) gives sqlpriv.singling_out_queries(draw="sql")'s
    summary and risks: the counts exactly, the figures to 1e-9."""
    rng = np.random.default_rng(5)
    ori, syn, ctl = table(rng, 90), table(rng, 80), table(rng, 50)
    con = duckdb.connect()
    for name, df in (("o", ori), ("s", syn), ("c", ctl)):
        con.register(f"{name}_df", df)
        con.execute(f"create table {name} as select * from {name}_df")
    types = dict(
        con.execute("select column_name, data_type from information_schema.columns where table_name = 's'").fetchall()
    )
    columns = [{"name": c, "kind": column_kind(types[c])} for c in syn.columns]
    sql = render(
        "attacks/so_query.sql", original=quote("o"), synthetic=quote("s"), columns=columns, control=quote("c"),
        mode=mode, seed=1, n_attacks=30, n_cols=3, attempts=600, confidence_level=0.9,
    )  # fmt: skip
    got = con.execute(sql).df().set_index("attack")
    with pytest.warns(sqlpriv.SqlprivWarning) if mode == "univariate" else nullcontext():
        r = sqlpriv.singling_out_queries(ori, syn, control=ctl, mode=mode, n_attacks=30, n_cols=3, seed=1, draw="sql")
    want = r.summary(0.9).set_index("attack")
    assert (
        got.loc[want.index, ["n_attacks", "n_success"]].astype(int).values.tolist()
        == want[["n_attacks", "n_success"]].values.tolist()
    )
    np.testing.assert_allclose(
        got.loc[want.index, ["rate", "rate_error"]].to_numpy(float),
        want[["rate", "rate_error"]].to_numpy(float),
        atol=1e-9,
    )
    for attack, risk in (("main", r.risk(0.9)), ("baseline", r.risk(0.9, baseline=True))):
        np.testing.assert_allclose(
            got.loc[attack, ["risk", "risk_low", "risk_high"]].to_numpy(float), [risk.value, *risk.ci], atol=1e-9
        )
    assert got.loc["control", ["risk", "risk_low", "risk_high"]].isna().all()


def test_draw_is_checked_and_sql_stays_on_duckdb():
    df = pd.DataFrame({"a": [1, 2, 3], "b": ["x", "y", "y"]})
    with pytest.raises(ParameterError, match="draw"):
        sqlpriv.singling_out_queries(df, df, draw="python")
    r = sqlpriv.singling_out_queries(df, df, mode="multivariate", n_cols=2, n_attacks=2, draw="sql")
    assert r.draw == "sql" and "seeded SQL draw" in r.sql
    # 3 records x 1 column set: 3 possible queries; the rounds stop once every one was built, long
    # before anonymeter's 10 million attempts
    with pytest.warns(sqlpriv.SqlprivWarning, match="only 3 of the 10"):
        r = sqlpriv.singling_out_queries(df, df, mode="multivariate", n_cols=2, n_attacks=10, draw="sql")
    every = {(("a", "<=", 1), ("b", "==", "x")), (("a", "<=", 2), ("b", "==", "y")), (("a", ">=", 3), ("b", "==", "y"))}
    assert sorted(plain(r.counts.queries)) == sorted(every)  # median 2: a <= 2 for the middle record
    assert r.attempts < 1000


def test_cli_draw_sql_equals_the_python_api(tmp_path, capsys):
    """`sqlpriv singling-out-queries --draw sql`: the summary of sqlpriv.singling_out_queries(draw="sql"), gated."""
    import json

    from sqlpriv.cli import main

    rng = np.random.default_rng(2)
    paths = {}
    for name, n in (("ori", 80), ("syn", 70)):
        paths[name] = str(tmp_path / f"{name}.csv")
        table(rng, n).to_csv(paths[name], index=False)
    r = sqlpriv.singling_out_queries(
        paths["ori"], paths["syn"], mode="multivariate", n_attacks=20, n_cols=2, draw="sql"
    )
    argv = ["singling-out-queries", paths["ori"], paths["syn"], "--mode", "multivariate", "--n-attacks", "20"]
    code = main([*argv, "--n-cols", "2", "--draw", "sql", "--format", "json", "--max-risk", "0.999"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    got = pd.DataFrame(out["summary"])[["attack", "n_attacks", "n_success"]].values.tolist()
    assert got == r.summary()[["attack", "n_attacks", "n_success"]].values.tolist()
    assert got[0][2] > 0

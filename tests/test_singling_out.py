"""Singling-out (docs/measures.md §4): exhaustive mode and sample uniques against brute-force oracles,
PETsARD-parity mode against a saved PETsARD 1.10.1 output, global metrics by hand, bad inputs."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sqlpriv.errors import ColumnError, EmptyInputError, ParameterError
from sqlpriv.singling_out import sample_uniques, singling_out

DATA = Path(__file__).parent / "data" / "singling_out"


def _key(v):
    """Oracle value key: NULL equals NULL, numbers compare by value."""
    if v is None or v is pd.NA or v is pd.NaT or (isinstance(v, float) and math.isnan(v)):
        return ("<null>",)
    if isinstance(v, (np.integer, np.floating)):
        return v.item()
    return v


def _dedup(df: pd.DataFrame) -> list[tuple]:
    seen, out = set(), []
    for row in df.itertuples(index=False):
        k = tuple(_key(v) for v in row)
        if k not in seen:
            seen.add(k)
            out.append(k)
    return out


def _rows(df: pd.DataFrame) -> list[tuple]:
    return [tuple(_key(v) for v in row) for row in df.itertuples(index=False)]


def oracle(ori: pd.DataFrame, syn: pd.DataFrame, max_cols: int | None, dedup: bool = False):
    """Every column subset, explicit counting over ROWS (over distinct rows with ``dedup``, PETsARD's
    preprocessing): {syn_idx: (size, {(cols, ori_idx)})}."""
    o, s = (_dedup(ori), _dedup(syn)) if dedup else (_rows(ori), _rows(syn))
    cols = list(ori.columns)
    found: dict[int, tuple[int, set]] = {}
    for size in range(1, (max_cols or len(cols)) + 1):
        for combo in itertools.combinations(range(len(cols)), size):
            proj = lambda r: tuple(r[j] for j in combo)  # noqa: E731
            for i, r in enumerate(s):
                if i in found and found[i][0] < size:
                    continue
                key = proj(r)
                if sum(proj(x) == key for x in s) != 1:
                    continue
                matches = [k for k, x in enumerate(o) if proj(x) == key]
                if len(matches) == 1:
                    names = frozenset(cols[j] for j in combo)
                    found.setdefault(i, (size, set()))[1].add((names, matches[0]))
    return found, len(s)


def found(r) -> dict:
    """A result's details in the oracle's shape: syn_idx -> (smallest size, {(column set, ori_idx)})."""
    return {
        int(row.syn_idx): (
            int(row.combo_size),
            {(frozenset(m["field_combo"]), int(m["ori_idx"])) for m in row.minimal_sets},
        )
        for row in r.details().df().itertuples()
    }


def random_pair(seed: int, n_ori: int = 40, n_syn: int = 35):
    rng = np.random.default_rng(seed)

    def table(n):
        a = rng.integers(0, 4, n).astype(object)
        a[rng.random(n) < 0.15] = None
        f = np.round(rng.integers(0, 5, n) * 0.1 + rng.choice([0, 1e-13], n), 13)
        f[rng.random(n) < 0.1] = np.nan
        dt = pd.to_datetime("2024-01-01") + pd.to_timedelta(rng.integers(0, 3, n), unit="h")
        return pd.DataFrame(
            {
                "a": pd.array(a, dtype="Int64"),
                "s": rng.choice(["x", "y", "z", None], n),
                "f": f,
                "t": pd.Series(dt).where(rng.random(n) > 0.1),
                "b": rng.integers(0, 2, n),
            }
        )

    ori, syn = table(n_ori), table(n_syn)
    syn = pd.concat([syn, syn.iloc[:4], ori.iloc[:5]], ignore_index=True)  # duplicates and copies
    return ori, syn


def rounded(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["f"] = out["f"].round(10)  # what numeric precision detection (<= 10 decimals) does
    return out


@pytest.mark.parametrize("seed,max_cols", [(0, None), (1, 2), (2, 3), (3, None), (4, 1)])
def test_exhaustive_matches_brute_force(seed, max_cols):
    ori, syn = random_pair(seed)
    r = singling_out(ori, syn, max_cols=max_cols, progress=False)
    expected, n_syn = oracle(rounded(ori), rounded(syn), max_cols)
    det = r.details().df()
    got = {
        int(row.syn_idx): (
            int(row.combo_size),
            {(frozenset(m["field_combo"]), int(m["ori_idx"])) for m in row.minimal_sets},
        )
        for row in det.itertuples()
    }
    assert got == expected
    assert r.n_syn == n_syn
    s = r.summary().df().iloc[0]
    assert s.total_identified == len(expected)
    assert s.total_syn_records == n_syn
    assert math.isclose(s.identification_rate, len(expected) / n_syn)
    w = sum(0.5 ** (size - 1) for size, _ in expected.values())
    assert math.isclose(s.weighted_identification_rate, w / n_syn)
    # the listed set is one of the minimal ones, with its own original match
    for row in det.itertuples():
        assert (frozenset(row.field_combo), int(row.ori_idx)) in got[int(row.syn_idx)][1]
        assert row.combo_size == len(row.field_combo) == len(row.value_combo)


@pytest.mark.parametrize("refine_from,seed,max_cols", [(1, 0, None), (2, 3, None), (3, 5, 4), (2, 6, 3)])
def test_partition_refinement_matches_brute_force_and_chunked_search(monkeypatch, refine_from, seed, max_cols):
    """The refined levels (refine.sql) give the oracle's records and sets, and the same tree as
    the chunked search, whichever level the refinement starts from."""
    from sqlpriv.singling_out import search as so

    ori, syn = random_pair(seed, n_ori=60, n_syn=50)
    chunked = singling_out(ori, syn, max_cols=max_cols, progress=False)
    monkeypatch.setattr(so, "REFINE_FROM", refine_from)
    monkeypatch.setattr(so, "REFINE_MIN_MAX_COLS", 1)
    monkeypatch.setattr(so, "MASK_MAX_PAIRS", 0)  # the refinement, never the mask path
    r = singling_out(ori, syn, max_cols=max_cols, progress=False)
    assert any("refine.sql" in stmt or "level_sets" in stmt for stmt in r.sql.split(";"))
    expected, _ = oracle(rounded(ori), rounded(syn), max_cols)
    got = found(r)
    assert got == expected
    pd.testing.assert_frame_equal(r.tree().df(), chunked.tree().df())
    pd.testing.assert_frame_equal(r.summary().df(), chunked.summary().df())


def test_duplicates_counted_and_nulls_match():
    ori = pd.DataFrame({"a": [None, None, 1.0], "b": ["x", "x", "y"]})
    syn = pd.DataFrame({"a": [None, 1.0, 1.0, 2.0], "b": ["x", "y", "y", "y"]})
    r = singling_out(ori, syn, mode="petsard", progress=False)
    assert r.duplicates == {"ori": 1, "syn": 1}
    assert (r.n_ori, r.n_syn) == (2, 3)
    det = r.details().df()
    # petsard parity: syn (NULL, x) is unique in syn and matches the single distinct original (NULL, x)
    assert sorted(det.syn_idx.tolist()) == [0, 1]
    # rows counted: (NULL, x) is in TWO original rows and (1, y) in two synthetic rows; nothing is singled out
    r = singling_out(ori, syn, progress=False)
    assert r.duplicates == {"ori": 0, "syn": 0}
    assert (r.n_ori, r.n_syn) == (3, 4)
    assert r.details().df().empty and r.summary().df().total_identified.iloc[0] == 0


def test_hand_computed_global_metrics_and_risk_levels():
    # ori cardinalities: a 3, b 2 -> baseline (all columns) = 1 - 1/6
    ori = pd.DataFrame({"a": [1, 2, 3, 1], "b": ["x", "y", "x", "y"]})
    syn = pd.DataFrame({"a": [1, 2, 2, 4, 4], "b": ["x", "y", "x", "x", "y"]})
    r = singling_out(ori, syn, progress=False)
    # size 1: a=1 syn-unique (row 0) but ori has a=1 twice; b: no syn-unique values.
    # size 2: (1,x) row0 -> ori (1,x) once: yes; (2,y) row1 -> once: yes; (2,x) row2 -> none;
    # (4,x),(4,y) -> none. So 2 of 5 identified, both by {a, b}.
    s = r.summary().df().iloc[0]
    assert s.total_identified == 2 and s.total_syn_records == 5
    assert math.isclose(s.identification_rate, 0.4)
    assert math.isclose(s.main_protection, 0.6)
    assert math.isclose(s.baseline_protection, 1 - 1 / 6)
    assert math.isclose(s.overall_protection, 0.6 / (5 / 6))
    assert math.isclose(s.privacy_risk_score, 1 - 0.72)
    assert math.isclose(s.weighted_identification_rate, 2 * 0.5 / 5)
    det = r.details().df()
    assert det.risk_level.tolist() == ["high", "high"]
    assert det.baseline_protection.tolist() == pytest.approx([1 - 1 / 6] * 2)
    tree = r.tree().df()
    assert [list(x) for x in tree.field_combo] == [["a"], ["b"], ["a", "b"]]
    assert tree.mpuccs_collision_cnt.tolist() == [0, 0, 2]
    assert tree.baseline_protection.tolist() == pytest.approx([2 / 3, 1 / 2, 5 / 6])
    # size 2: every one of the 5 records is syn-unique on {a, b}; 2 identified
    assert tree.mpuccs_cnt.tolist()[2] == 5
    assert tree.overall_protection.tolist()[2] == pytest.approx(min((1 - 2 / 5) / (5 / 6), 1))
    nb = singling_out(ori, syn, calculate_baseline=False, progress=False).summary().df().iloc[0]
    assert pd.isna(nb.baseline_protection) and math.isclose(nb.privacy_risk_score, 0.4)


def test_search_order_is_synthetic_cardinality_descending():
    ori = pd.DataFrame({"low": [1, 1, 2, 2], "high": [1, 2, 3, 4]})
    syn = pd.DataFrame({"low": [1, 1, 2, 2], "high": [1, 2, 3, 5]})
    r = singling_out(ori, syn, progress=False)
    assert r.columns == ["high", "low"]
    assert [list(x) for x in r.details().df().field_combo] == [["high"]] * 3


def test_numeric_and_datetime_precision():
    ori = pd.DataFrame(
        {"x": [0.123, 0.3, 1.0], "t": pd.to_datetime(["2024-01-01 10:15", "2024-01-01 10:45", "2024-01-02 00:00"])}
    )
    syn = pd.DataFrame(
        {
            "x": [0.1 + 0.2, 0.12301, 5.0],
            "t": pd.to_datetime(["2024-01-01 10:59", "2024-01-01 11:00", "2024-01-03 00:00"]),
        }
    )
    # detected precision: 3 decimals; 0.30000000000000004 -> 0.3 matches ori 0.3
    r = singling_out(ori, syn, max_cols=1, progress=False)
    assert r.numeric_precision == 3
    assert sorted(r.details().df().syn_idx.tolist()) == [0, 1]
    # flooring to the hour (case-insensitive): 10:59 -> 10:00 then occurs twice in ori
    r = singling_out(ori, syn, numeric_precision=0, datetime_precision="h", progress=False)
    assert r.numeric_precision == 0
    tree = r.tree().df()
    assert tree.loc[tree.field_combo.apply(tuple) == ("t",), "mpuccs_collision_cnt"].item() == 0


@pytest.mark.parametrize(
    "kwargs,error,text",
    [
        (dict(max_cols=0), ParameterError, "max_cols"),
        (dict(max_cols=4), ParameterError, "larger than the number of columns (2)"),
        (dict(datetime_precision="fortnight"), ParameterError, "'fortnight'"),
        (dict(numeric_precision=-1), ParameterError, "numeric_precision"),
        (dict(mode="fast"), ParameterError, "mode"),
        (dict(renyi_alpha=float("nan")), ParameterError, "renyi_alpha"),
    ],
)
def test_bad_parameters(kwargs, error, text):
    ori = pd.DataFrame({"a": [1, 2], "b": [1, 2]})
    with pytest.raises(error, match=None) as exc:
        singling_out(ori, ori.copy(), progress=False, **kwargs)
    assert text in str(exc.value)


def test_bad_tables_and_inputs_untouched():
    ori = pd.DataFrame({"a": [1, 2], "b": ["x", "y"]})
    before = ori.copy()
    with pytest.raises(ColumnError, match="missing from the synthetic table: 'b'.*only in the synthetic table: 'c'"):
        singling_out(ori, pd.DataFrame({"a": [1], "c": [2]}), progress=False)
    with pytest.raises(ColumnError, match="column 'b' is VARCHAR in the original table but BIGINT"):
        singling_out(ori, pd.DataFrame({"a": [1], "b": [2]}), progress=False)
    with pytest.raises(ColumnError, match="__sqlpriv_row"):
        singling_out(ori.assign(__sqlpriv_row=1), ori.assign(__sqlpriv_row=1), progress=False)
    with pytest.raises(EmptyInputError, match="synthetic table"):
        singling_out(ori, ori.iloc[:0], progress=False)
    pd.testing.assert_frame_equal(ori, before)


# ----------------------------------------------------------------------------- sample uniques


def msu_oracle(df: pd.DataFrame, max_cols: int | None):
    rows = [tuple(_key(v) for v in r) for r in df.itertuples(index=False)]
    cols = list(df.columns)
    out = {i: [] for i in range(len(rows))}
    for size in range(1, (max_cols or len(cols)) + 1):
        for combo in itertools.combinations(range(len(cols)), size):
            proj = lambda r: tuple(r[j] for j in combo)  # noqa: E731
            for i, r in enumerate(rows):
                if sum(proj(x) == proj(r) for x in rows) != 1:
                    continue
                if any(set(m) <= set(combo) for m in out[i]):
                    continue
                out[i].append(combo)
    return {i: [frozenset(cols[j] for j in m) for m in ms] for i, ms in out.items()}


@pytest.mark.parametrize("seed,max_cols", [(0, None), (5, 2), (6, None)])
def test_sample_uniques_match_brute_force(seed, max_cols):
    ori, _ = random_pair(seed, n_ori=30)
    ori = pd.concat([ori, ori.iloc[:3]], ignore_index=True)
    u = sample_uniques(ori, max_cols=max_cols)
    pr = u.per_row().df()
    expected = msu_oracle(ori, max_cols)
    got = {int(r.row): {frozenset(m) for m in r.msus} for r in pr.itertuples()}
    assert got == {i: set(v) for i, v in expected.items()}
    assert pr.msu_count.tolist() == [len(expected[i]) for i in range(len(ori))]
    sizes = [min((len(m) for m in expected[i]), default=None) for i in range(len(ori))]
    assert [None if pd.isna(x) else int(x) for x in pr.smallest_msu_size] == sizes
    summ = u.summary().df().set_index("column")
    for c in ori.columns:
        assert summ.loc[c, "msu_count"] == sum(c in m for ms in expected.values() for m in ms)


def test_exhaustive_restricted_counting_matches_oracle():
    # most synthetic records are copies of unique original rows, so after size 1 fewer than a
    # quarter remain and the synthetic counting is restricted to the remaining keys
    ori, syn = random_pair(7, n_ori=40, n_syn=6)
    ori = ori.assign(id=range(len(ori)))
    syn = pd.concat(
        [ori.iloc[:30], syn.assign(id=[1, 2, 3, 99, 98, 97, 1, 2, 3, 96, 1, 2, 3, 4, 5])], ignore_index=True
    )
    r = singling_out(ori, syn, progress=False)
    expected, _ = oracle(rounded(ori), rounded(syn), None)
    got = found(r)
    assert got == expected and len(got) > 30


# ----------------------------------------------------------------------------- PETsARD parity


def _combo(text: str) -> tuple:
    import ast

    return tuple(ast.literal_eval(text))


@pytest.mark.parametrize("tag,max_cols", [("2", 2), ("all", None)])
def test_petsard_mode_matches_saved_petsard_output(tag, max_cols):
    """Saved output of PETsARD 1.10.1 (see tests/data/singling_out/make_petsard_fixture.py)."""
    pet_global = pd.read_csv(DATA / f"petsard_{tag}_global.csv").iloc[0]
    pet_details = pd.read_csv(DATA / f"petsard_{tag}_details.csv")
    pet_tree = pd.read_csv(DATA / f"petsard_{tag}_tree.csv")
    r = singling_out(DATA / "ori.csv", DATA / "syn.csv", mode="petsard", max_cols=max_cols, progress=False)
    s = r.summary().df().iloc[0]
    for name in (
        "privacy_risk_score",
        "overall_protection",
        "main_protection",
        "baseline_protection",
        "identification_rate",
        "total_identified",
        "total_syn_records",
    ):
        assert s[name] == pytest.approx(pet_global[name], abs=1e-9), name
    # PETsARD lists a record again when a smaller set identifies it later; its last row is final
    final = pet_details.drop_duplicates("syn_idx", keep="last").set_index("syn_idx").sort_index()
    det = r.details().df().set_index("syn_idx").sort_index()
    assert det.index.tolist() == final.index.tolist()
    assert det.ori_idx.tolist() == final.ori_idx.tolist()
    assert [tuple(c) for c in det.field_combo] == [_combo(c) for c in final.field_combo]
    tree = r.tree().df()
    assert [tuple(c) for c in tree.field_combo] == [_combo(c) for c in pet_tree.field_combo]
    assert tree.is_pruned.tolist() == pet_tree.is_pruned.tolist()
    assert tree.mpuccs_cnt.tolist() == pet_tree.mpuccs_cnt.tolist()
    assert tree.mpuccs_collision_cnt.tolist() == pet_tree.mpuccs_collision_cnt.tolist()
    gains = pet_tree.entropy_gain.to_numpy(dtype=float)
    ours = tree.entropy_gain.to_numpy(dtype=float)
    assert np.allclose(ours[~np.isnan(gains)], gains[~np.isnan(gains)], atol=1e-9)
    # on the de-duplicated tables (PETsARD's preprocessing), exhaustive mode finds every record PETsARD finds
    ori, syn = (pd.read_csv(DATA / f).drop_duplicates(ignore_index=True) for f in ("ori.csv", "syn.csv"))
    ex = singling_out(ori, syn, max_cols=max_cols, progress=False)
    assert set(final.index) <= set(ex.details().df().syn_idx)
    # on the tables as they are, it counts rows: a record repeated in either table is never singled out
    ex = singling_out(DATA / "ori.csv", DATA / "syn.csv", max_cols=max_cols, progress=False).details().df()
    raw = pd.read_csv(DATA / "syn.csv")
    repeated = raw.duplicated(keep=False)
    assert not repeated[ex.syn_idx].any() and ex.syn_idx.max() < len(raw)


# ----------------------------------------------------------------------------- CLI


def test_cli_and_sql_through_duckdb_shell(tmp_path, capsys):
    import shutil
    import subprocess

    from sqlpriv.cli import main

    ori, syn = DATA / "ori.csv", DATA / "syn.csv"
    assert (
        main(
            [
                "singling-out",
                str(ori),
                str(syn),
                "--max-cols",
                "2",
                "--format",
                "csv",
                "--quiet",
                "--details",
                str(tmp_path / "d.csv"),
                "--tree",
                str(tmp_path / "t.parquet"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    api = singling_out(ori, syn, max_cols=2, progress=False)
    expected = api.summary().df()
    got = pd.read_csv(__import__("io").StringIO(out))
    assert got.total_identified.item() == expected.total_identified.item()
    assert len(pd.read_csv(tmp_path / "d.csv")) == expected.total_identified.item()
    assert len(pd.read_parquet(tmp_path / "t.parquet")) == len(api.tree().df())
    assert main(["singling-out", str(ori), str(syn), "--max-cols", "7"]) == 2
    assert "larger than the number of columns" in capsys.readouterr().err

    duckdb_bin = shutil.which("duckdb")
    if duckdb_bin is None:
        pytest.skip("duckdb shell not installed")
    assert (
        main(
            [
                "singling-out",
                str(ori),
                str(syn),
                "--mode",
                "petsard",
                "--max-cols",
                "3",
                "--sql",
                "--details",
                str(tmp_path / "sql_d.csv"),
            ]
        )
        == 0
    )
    script = capsys.readouterr().out
    proc = subprocess.run([duckdb_bin, "-csv"], input=script, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    shell = pd.read_csv(__import__("io").StringIO(proc.stdout))
    api = singling_out(ori, syn, mode="petsard", max_cols=3, progress=False)
    assert shell.total_identified.item() == api.summary().df().total_identified.item()
    assert pd.read_csv(tmp_path / "sql_d.csv").syn_idx.tolist() == api.details().df().syn_idx.tolist()

    assert main(["uniques", str(syn), "--max-cols", "2", "--sql", "--out", str(tmp_path / "u.csv")]) == 0
    proc = subprocess.run(
        [duckdb_bin, "-csv"], input=capsys.readouterr().out, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    u = sample_uniques(syn, max_cols=2).per_row().df()
    assert pd.read_csv(tmp_path / "u.csv").msu_count.tolist() == u.msu_count.tolist()


@pytest.mark.peer
def test_petsard_mode_matches_live_petsard():
    """Differential run against an installed PETsARD 1.10.1 (peer venv only)."""
    import importlib.util
    import sys
    import types

    spec = importlib.util.find_spec("petsard")
    if spec is None:
        pytest.skip("petsard is not installed")
    try:
        import petsard.evaluator.mpuccs as mpuccs
    except ImportError:  # petsard/__init__ imports optional extras; load the evaluator alone
        root = Path(spec.origin).parent
        for name, folder in (("petsard", root), ("petsard.evaluator", root / "evaluator")):
            module = types.ModuleType(name)
            module.__path__ = [str(folder)]
            sys.modules[name] = module
        import petsard.evaluator.mpuccs as mpuccs
    ori, syn = pd.read_csv(DATA / "ori.csv"), pd.read_csv(DATA / "syn.csv")
    for k in (1, 3, 4):
        res = mpuccs.MPUCCs({"eval_method": "mpuccs", "max_baseline_cols": k}).eval({"ori": ori, "syn": syn})
        final = res["details"].drop_duplicates("syn_idx", keep="last").set_index("syn_idx").sort_index()
        det = singling_out(ori, syn, mode="petsard", max_cols=k, progress=False).details().df()
        det = det.set_index("syn_idx").sort_index()
        assert det.index.tolist() == final.index.tolist()
        assert [tuple(c) for c in det.field_combo] == [_combo(c) for c in final.field_combo]


@pytest.mark.parametrize("seed", [11, 12])
def test_identities_between_modes_and_sizes(seed):
    """PETsARD's heuristic finds a subset of the exact answer; raising max_cols only adds records
    (with sizes above the old limit); records' smallest sizes never change."""
    ori, syn = random_pair(seed, n_ori=60, n_syn=50)
    ori, syn = (rounded(x).drop_duplicates(ignore_index=True) for x in (ori, syn))  # parity mode's preprocessing
    by_k = {}
    for k in (1, 2, 3, 5):
        det = singling_out(ori, syn, max_cols=k, progress=False).details().df()
        by_k[k] = dict(zip(det.syn_idx, det.combo_size))
        pet = singling_out(ori, syn, mode="petsard", max_cols=k, progress=False).details().df()
        assert set(pet.syn_idx) <= set(by_k[k])
        assert all(size >= by_k[k][i] for i, size in zip(pet.syn_idx, pet.combo_size))
    for small, big in ((1, 2), (2, 3), (3, 5)):
        assert {i: s for i, s in by_k[big].items() if s <= small} == by_k[small]


def test_cardinality_ties_follow_synthetic_column_order():
    ori = pd.DataFrame({"a": [1, 2, 3], "b": [1, 2, 3]})
    syn = pd.DataFrame({"b": [1, 2, 4], "a": [1, 2, 4]})
    r = singling_out(ori, syn, mode="petsard", progress=False)
    assert r.columns == ["b", "a"]
    assert [list(c) for c in r.details().df().field_combo] == [["b"], ["b"]]


def test_odd_column_names(tmp_path):
    cols = ["it's", 'say "hi"', "a, b"]
    ori = pd.DataFrame({cols[0]: [1, 2, 3], cols[1]: ["x", "y", "y"], cols[2]: [0, 0, 1]})
    syn = pd.DataFrame({cols[0]: [1, 5, 6], cols[1]: ["x", "y", "z"], cols[2]: [0, 0, 1]})
    r = singling_out(ori, syn, progress=False)
    det = r.details().df()
    # search order: it's (3 values), say "hi" (3), a, b (2)
    assert [list(c) for c in det.field_combo] == [["it's"], ['say "hi"', "a, b"], ["a, b"]]
    assert det.baseline_protection.tolist() == pytest.approx([1 - 1 / 3, 1 - 1 / 4, 1 - 1 / 2])
    assert [list(m["field_combo"]) for m in det.minimal_sets[0]] == [["it's"], ['say "hi"']]
    ori.to_csv(tmp_path / "o.csv", index=False)
    syn.to_csv(tmp_path / "s.csv", index=False)
    assert "select" in singling_out(tmp_path / "o.csv", tmp_path / "s.csv", progress=False).sql


def test_the_search_is_lazy_and_its_script_is_one_call():
    ori = pd.DataFrame({"a": [1, 2, 3, 3], "b": ["x", "y", "y", "z"]})
    syn = pd.DataFrame({"a": [1, 2, 4, 3], "b": ["x", "x", "y", "z"]})
    r = singling_out(ori, syn, progress=False)
    assert not any(step.startswith("level_") for step in r.plan.done)  # nothing searched yet
    text = r.script(r.summary(), (r.details(), "details.csv"))
    assert "-- step: level_1" in text and "to 'details.csv'" in text.lower()
    assert not any(step.startswith("level_") for step in r.plan.done)  # printing runs nothing
    total = int(r.summary().df()["total_identified"].iloc[0])
    assert "final" in r.plan.done
    # brute force: syn rows whose values on some column set are unique in syn and in ori
    import itertools

    found = 0
    for _, row in syn.iterrows():
        for size in (1, 2):
            hit = False
            for cols in itertools.combinations(["a", "b"], size):
                key = tuple(row[c] for c in cols)
                n_syn = sum(tuple(x[c] for c in cols) == key for _, x in syn.iterrows())
                n_ori = sum(tuple(x[c] for c in cols) == key for _, x in ori.iterrows())
                hit = hit or (n_syn == 1 and n_ori == 1)
            if hit:
                found += 1
                break
    assert total == found

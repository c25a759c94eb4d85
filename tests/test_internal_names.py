"""No user column name collides with a name sqlpriv uses internally (issue 23 item 2, issue 24 item 5).

The internal names are collected automatically: every alias in sql_templates/ (``as x``, and
``x0``/``x1`` for the generated ``x{{ loop.index0 }}`` ones), every ``__sqlpriv_*`` name, and
every heading the Python code reads from a frame (``df["x"]``) or pushes aside (``free_name``).
Tables whose columns are named after them are analysed by every family and compared with a
copy whose columns are plainly renamed: same numbers, same shapes, headings that are data
columns in the same places. Names with the reserved ``__sqlpriv`` prefix are refused instead,
with a clear error, in every family."""

from __future__ import annotations

import ast
import html.parser
import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import sqlpriv
from sqlpriv import hierarchy
from sqlpriv.errors import ColumnError
from sqlpriv.report import views

ROOT = Path(__file__).resolve().parent.parent
BATCH = 12  # columns per table (Shapley stays exact up to 12)


def internal_names() -> list[str]:
    names: set[str] = set()
    for path in (ROOT / "sql_templates").rglob("*.sql"):
        text = re.sub(r"\{#.*?#\}", " ", path.read_text(), flags=re.S)
        names |= {m.lower() for m in re.findall(r"\b(__sqlpriv_[A-Za-z0-9_]+)", text)}
        names |= {m.lower() + "0" for m in re.findall(r"\b([A-Za-z_]+)\{\{\s*loop\.index0?\s*\}\}", text)}
        names |= {m.lower() + "1" for m in re.findall(r"\b([A-Za-z_]+)\{\{\s*loop\.index0?\s*\}\}", text)}
        text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", " ", text, flags=re.S)
        names |= {m.lower() for m in re.findall(r"\bas\s+\"?([A-Za-z_][A-Za-z0-9_]*)\"?", text)}
    for path in (ROOT / "sqlpriv").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                value = node.slice.value
                if isinstance(value, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value):
                    names.add(value.lower())
            call = isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "free_name" and node.args
            if call and isinstance(node.args[0], ast.Constant):
                names.add(str(node.args[0].value).lower())
            if isinstance(node, (ast.DictComp, ast.ListComp)) and "free_name" in ast.dump(node):
                for gen in node.generators:
                    names |= {str(c.value).lower() for c in ast.walk(gen.iter) if isinstance(c, ast.Constant)}
    return sorted(names)


def is_reserved(name: str) -> bool:
    return name.lower().startswith("__sqlpriv")


NAMES = internal_names()
USABLE = [n for n in NAMES if not is_reserved(n)]
RESERVED = [n for n in NAMES if is_reserved(n)]


def test_the_collected_names_cover_the_known_collisions():
    for name in ("rank", "total", "level", "n", "share", "row", "rig", "w", "k0", "phi0", "rank_sample", "column"):
        assert name in USABLE
    assert {"__sqlpriv_w", "__sqlpriv_pos", "__sqlpriv_row", "__sqlpriv_copies"} <= set(RESERVED)
    assert len(USABLE) > 150


def _tables(d: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    rng = np.random.default_rng(d)
    n = 40
    plain = pd.DataFrame({f"c{i}": rng.integers(0, 2 + i % 4, n) for i in range(d)})
    plain["c0"] = plain["c0"].map(lambda v: f"v{v}")
    syn = plain.sample(frac=1, random_state=d).reset_index(drop=True)
    syn["c1"] = rng.integers(0, 3, n)
    return plain, syn


def _back(value, inv):
    if isinstance(value, str):
        return inv.get(value, value)
    if isinstance(value, (list, tuple, np.ndarray)):
        return [_back(v, inv) for v in value]
    if isinstance(value, dict):
        return {k: _back(v, inv) for k, v in value.items()}
    return value


def _same(plain: pd.DataFrame, named: pd.DataFrame, ren: dict[str, str], what: str) -> None:
    """Same shape and numbers; the headings that are data columns sit in the same places."""
    inv = {v: k for k, v in ren.items()}
    assert named.shape == plain.shape, what
    here = {ren[a] for a in plain.columns if a in ren}  # data columns shown in this frame
    for a, b in zip(plain.columns, named.columns):
        if a in ren:  # a data column's heading is the data column's name
            assert b == ren[a], (what, list(plain.columns), list(named.columns))
        else:  # sqlpriv's own heading: never a data column's name shown next to it; pushed aside
            # (a leading "_") only when a data column has its name
            assert b not in here, (what, list(plain.columns), list(named.columns))
            assert b == a or (b.lstrip("_") == a and a in inv), (what, list(plain.columns), list(named.columns))
    for a, b in zip(plain.columns, named.columns):
        x, y = plain[a], named[b]
        if pd.api.types.is_numeric_dtype(x) and not pd.api.types.is_bool_dtype(x):
            np.testing.assert_allclose(x.to_numpy(float), y.to_numpy(float), rtol=1e-9, atol=1e-12, err_msg=what)
            continue
        for u, v in zip(x, y):  # text naming a column names the renamed one
            u, v = str(_back(u, {})), (str(_back(v, {})), str(_back(v, inv)))
            assert u in v, (what, a, u, v)


def _families(t: pd.DataFrame, s: pd.DataFrame) -> dict[str, pd.DataFrame]:
    c = list(t.columns)
    out: dict[str, pd.DataFrame] = {}
    sh = sqlpriv.uniqueness_shapley(t)
    out["shapley.summary"] = sh.summary().df()
    out["shapley.entropies"] = sh.entropies().df()
    out["shapley.per_row"] = sh.per_row().df()
    out["shapley.rows"] = views.shapley_rows(sh, rows=7).df()
    by = sqlpriv.uniqueness_shapley(t, columns=c[1:])
    out["shapley.by"] = by.by(c[0]).df()
    cig = sqlpriv.cig(t)
    out["pif.cig"] = cig.df()
    out["pif.rig"] = sqlpriv.rig(cig).df()
    out["pif.fig"] = sqlpriv.fig(cig).df()
    out["pif.pif"] = pd.DataFrame({"pif": [sqlpriv.pif(cig)]})
    out["pif.riskiest"] = views.riskiest_rows(cig, 5).df()
    u = sqlpriv.sample_uniques(t, max_cols=2)
    out["uniques.per_row"] = u.per_row().df()
    out["uniques.summary"] = u.summary().df()
    so = sqlpriv.singling_out(t, s, max_cols=2, progress=False)
    out["so.details"] = so.details().df()
    out["so.summary"] = so.summary().df()
    out["so.tree"] = so.tree().df()
    out["profile"] = sqlpriv.privacy_profile(t).df()
    a = sqlpriv.assess_request(t, c[:4], max_unique_share=0.5, min_k=2)
    out["request.fields"] = a.fields().df()
    out["request.report"] = a.report().df()
    out["request.joint"] = pd.DataFrame([a.joint])
    out["request.decision"] = pd.DataFrame([{"d": a.decision, "r": a.rule}])
    out["small_classes"] = sqlpriv.small_classes(t, c[-3:], k=3).df()
    g = sqlpriv.generalize(
        t, {c[1]: hierarchy.intervals(2, 4), c[2]: hierarchy.intervals(2)}, k=3, suppression_limit=0.2
    )
    out["generalize.apply"] = g.apply().df()
    cand = g.candidates().df()  # the per-column metrics are headed after the column: loss_<qi>
    out["generalize.candidates"] = cand.rename(
        columns={f"{m}_{q}": f"{m}_#{j}" for j, q in enumerate(c[1:3]) for m in ("loss", "entropy")}
    )
    out["generalize.compare"] = g.compare(measures=False).df()
    return out


_PLAIN: dict[int, dict[str, pd.DataFrame]] = {}


#: the candidate table's own headings: a quasi-identifier of that name is refused (see below), so
#: the generalization's two quasi-identifiers (columns 1 and 2) are never given one
HEADINGS = {"classes", "smallest_class", "suppressed", "kept_classes", "loss", "discernibility", "aecs", "precision"}
HEADINGS |= {"entropy", "unique_rows", "level_sum", "dm_star", "dm_bound", "meets_policy", "node"}


def _check(names: list[str]) -> None:
    names = list(names)

    def refused(name: str) -> bool:
        return name.lower() in HEADINGS or name.lower().startswith(("loss_", "entropy_"))

    for i in (1, 2):  # a name the generalization refuses for a quasi-identifier moves further on
        if refused(names[i]):
            j = next(j for j in range(3, len(names)) if not refused(names[j]))
            names[i], names[j] = names[j], names[i]
    plain, syn = _tables(len(names))
    ren = dict(zip(plain.columns, names))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if len(names) not in _PLAIN:
            _PLAIN[len(names)] = _families(plain, syn)
        want = _PLAIN[len(names)]
        got = _families(plain.rename(columns=ren), syn.rename(columns=ren))
    for what in want:
        _same(want[what], got[what], ren, what)


#: the collisions issue 23 met on real data, and the headings sqlpriv pushes aside
KNOWN = ["rank", "total", "level", "n", "share", "row", "rig", "key", "rank_sample", "class_size", "w", "k0"]


def test_every_family_on_columns_named_after_known_collisions():
    _check(KNOWN)


#: the columns the generalization's release adds or reads (before they were reserved names, a
#: source column named so was read in their place: the released labels, the classes, compare())
RELEASE = ["__class_size", "__g_1", "__k_1", "__suppressed", "__hit", "__l_1", "m_1", "src", "r", "c", "s", "g"]


def test_every_family_on_columns_named_after_the_release_columns():
    _check(RELEASE)


@pytest.mark.parametrize("name", sorted(HEADINGS) + ["Loss_age", "entropy_age"])
def test_a_quasi_identifier_named_like_a_candidate_heading_is_refused(name):
    t = pd.DataFrame({"age": [20, 31, 45, 52, 38, 27], name: [1, 2, 1, 2, 1, 2]})
    with pytest.raises(ColumnError, match="candidate table") as err:
        sqlpriv.generalize(t, {"age": hierarchy.intervals(10), name: hierarchy.intervals(2)})
    assert repr(name) in str(err.value) and "rename it" in str(err.value)
    # as any other column it is released as it is
    g = sqlpriv.generalize(t, {"age": hierarchy.intervals(10, 20)}, k=2)
    assert g.apply().df()[name].tolist() == t[name].tolist()


#: the names in batches of at most BATCH, sizes differing by one at most (every batch needs at
#: least 4 columns: a request of 4, small classes of 3 and a by() over the others)
BATCHES = -(-len(USABLE) // BATCH)


#: the default run (CI) checks every other batch, about 100 s of the 200; the odd batches are
#: heavy (``python -m pytest -m heavy``): every name is checked there
HALF = [pytest.param(b, marks=pytest.mark.heavy) if b % 2 else b for b in range(BATCHES)]


@pytest.mark.slow
@pytest.mark.parametrize("batch", HALF)
def test_every_family_on_columns_named_after_internal_names(batch):
    names = USABLE[batch::BATCHES]
    assert 4 <= len(names) <= BATCH
    _check(names)


@pytest.mark.parametrize("name", ["__sqlpriv_w", "__sqlpriv_pos", "__SQLPRIV_row", "__sqlpriv_anything"])
def test_reserved_names_are_refused_in_every_family(name):
    t = pd.DataFrame({"a": [1, 2, 3, 3], name: [1, 1, 2, 9]})
    calls = {
        "shapley": lambda: sqlpriv.uniqueness_shapley(t),
        "shapley (not analysed)": lambda: sqlpriv.uniqueness_shapley(t, columns=["a"]),
        "pif": lambda: sqlpriv.cig(t),
        "uniques": lambda: sqlpriv.sample_uniques(t),
        "singling_out": lambda: sqlpriv.singling_out(t, t, progress=False),
        "profile": lambda: sqlpriv.privacy_profile(t),
        "request": lambda: sqlpriv.assess_request(t, ["a"]),
        "request (computed)": lambda: sqlpriv.assess_request(t[["a"]], [{name: "a + 1"}]),
        "small_classes": lambda: sqlpriv.small_classes(t, ["a"]),
        "risk": lambda: sqlpriv.reidentification_risk(t, ["a"]),
        "disclosure": lambda: sqlpriv.attribute_disclosure(t, ["a"], sensitive=[name]),
        "generalize": lambda: sqlpriv.generalize(t, {"a": ["a // 2"]}),
    }
    for what, call in calls.items():
        with pytest.raises(ColumnError, match="reserved") as err:
            call()
        assert name in str(err.value) and "rename it" in str(err.value), what


class _Tables(html.parser.HTMLParser):
    """Every <table id=...> of a report: header texts and rows of (text, exact value)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[tuple[str, str | None]]]] = {}
        self._id: str | None = None
        self._row: list | None = None
        self._cell: list | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and "id" in a:
            self._id = a["id"]
            self.tables[self._id] = []
        elif tag == "tr" and self._id:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = ["", a.get("data-value")]

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[0] += data

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(tuple(self._cell))
            self._cell = None
        elif tag == "tr" and self._row is not None and self._id:
            self.tables[self._id].append(self._row)
            self._row = None
        elif tag == "table":
            self._id = None


def _report_tables(path: Path) -> dict[str, list[list[tuple[str, str | None]]]]:
    p = _Tables()
    p.feed(path.read_text(encoding="utf-8"))
    return p.tables


def test_report_on_columns_named_after_known_collisions(tmp_path):
    """The report of a table whose columns are called rank, total, level, n, share, row: the same
    tables and numbers as the renamed copy's, headings where the data columns are, and Figure 2
    plots the data's Shapley values (at most log2(n) bits a row), not the report's own ranks."""
    pytest.importorskip("matplotlib")
    from sqlpriv.plot import charts as plot

    names = KNOWN[:6]
    plain, syn = _tables(len(names))
    ren = dict(zip(plain.columns, names))
    inv = {v: k for k, v in ren.items()}
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for tag, t, s in (("plain", plain, syn), ("named", plain.rename(columns=ren), syn.rename(columns=ren))):
            c = list(t.columns)
            out[tag] = _report_tables(
                sqlpriv.report(
                    t, by=[c[0]], synthetic=s, request=c[:3], output=tmp_path / f"{tag}.html", progress=False, k=3
                )
            )
        r = sqlpriv.uniqueness_shapley(plain.rename(columns=ren))
        ax = plot.per_row_stacked(r, 20).axes[0]
    assert ax.get_ylim()[1] <= np.log2(len(plain)) * 1.05 + 1e-9
    assert out["plain"].keys() == out["named"].keys() and "shapley-rows-table" in out["plain"]

    def norm(cell, mapping):
        text, value = cell
        if value is not None and re.fullmatch(r"-?[\d.e+-]+|nan|inf", value):
            return f"{float(value):.9g}"

        def one(word: str) -> str:  # a data column's name -> the plain name; a pushed-aside heading unpushed
            return word.lstrip("_") if word.startswith("_") and word.lstrip("_") in mapping else mapping.get(word, word)

        return re.sub(r"[A-Za-z_][A-Za-z0-9_]*", lambda m: one(m[0]), text)

    for table_id, rows in out["plain"].items():
        got = out["named"][table_id]
        header = [text for text, _ in got[0]]
        assert len(set(header)) == len(header), (table_id, header)  # no heading twice (rank, rank_1)
        assert len(rows[0]) == len(got[0]), table_id
        for (h, _), (g, _) in zip(rows[0], got[0]):  # data columns' headings in the same places
            assert g == ren[h] if h in ren else (g == h or (g.lstrip("_") == h and h in inv)), (table_id, header)
        # same rows (in any order: ties are broken by name), text naming a data column mapped back
        want = sorted(tuple(norm(c, {}) for c in row) for row in rows[1:])
        have = sorted(tuple(norm(c, inv) for c in row) for row in got[1:])
        assert want == have, table_id

"""The template library is also a dbt package: every file one macro named for its folder and
file, cross-calls and quoting only through the ``sqlpriv`` namespace, names unique across the
whole package, and nothing dbt's Jinja cannot render."""

from __future__ import annotations

import re

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlpriv.engine import macros
from sqlpriv.engine.templates import call, literal, macro_index, macro_path, quote, template_dir
from sqlpriv.errors import ColumnError

ROOT = template_dir()
FILES = sorted(p for p in ROOT.rglob("*.sql"))
DIALECT_PREFIXES = ("default", "duckdb", "spark")
DEFINES = re.compile(r"\{%-?\s*(?:macro|test|materialization)\s+(\w+)\s*[(,]")


def rel(path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_every_template_file_defines_the_macro_named_for_it():
    for path in FILES:
        folder, name = rel(path).split("/")[-2:]
        defined = DEFINES.findall(path.read_text(encoding="utf-8"))
        assert defined, rel(path)
        if folder == "dbt":  # the dbt layer: public names, one macro or generic test per file, its adapter variants
            stem = name[:-4].removeprefix("test_")
            assert defined[0] == stem, rel(path)
            assert all(d.split("__", 1) in [[p, stem] for p in DIALECT_PREFIXES] for d in defined[1:]), rel(path)
        elif name.startswith("_"):  # helper libraries: every macro prefixed with the folder
            assert all(d.startswith(folder + "_") for d in defined), rel(path)
        elif folder == "dialect":  # a public shim named as the file, then its dialect variants
            stem = name[:-4]
            assert defined[0] == stem and len(defined) > 1, rel(path)
            assert all(d.split("__", 1) in [[p, stem] for p in DIALECT_PREFIXES] for d in defined[1:]), rel(path)
            assert f"default__{stem}" in defined, rel(path)
            assert re.search(r'adapter\.dispatch\("%s", "sqlpriv"\)' % stem, path.read_text(encoding="utf-8")), rel(
                path
            )
        else:
            assert defined == [f"{folder}_{name[:-4]}"], rel(path)


def test_macro_names_are_unique_across_the_package():
    seen: dict[str, str] = {}
    for path in FILES:
        for name in DEFINES.findall(path.read_text(encoding="utf-8")):
            assert name not in seen, f"{name} in {seen.get(name)} and {rel(path)}"
            seen[name] = rel(path)
    assert set(macro_index()) == {n for n, f in seen.items() if not f.startswith("dbt/")}


def test_macro_path_by_the_naming_rules_equals_the_index_of_every_template():
    """The lookup by naming rules (no reading of every template) finds each macro where the full
    index does; a dispatched macro (<dialect>__<name>) is only looked for in dialect/<name>.sql,
    so every one must be there, and a name no template defines is None either way."""
    index = macro_index()
    assert index, "no macro found"
    for name, path in index.items():
        assert macro_path(name) == path, name
        if "__" in name:
            assert path == f"dialect/{name.split('__', 1)[1]}.sql", name
    for name in ("nope", "duckdb__literal", "generalize_nope", "default__nope"):
        assert name not in index and macro_path(name) is None


def test_templates_use_only_what_dbt_jinja_renders():
    forbidden = re.compile(r"\|\s*(quote|literal)\b|\{%-?\s*(from|import|include|extends)\b")
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert not forbidden.search(text), rel(path)
        if not rel(path).startswith("dbt/"):  # `do` is a dbt extension, not in the Python environment
            assert not re.search(r"\{%-?\s*do\b", text), rel(path)


def test_dbt_hook_creates_the_duckdb_macros_in_dependency_order():
    text = (ROOT / "dbt" / "create_duckdb_macros.sql").read_text(encoding="utf-8")
    assert re.findall(r'"(sqlpriv_\w+)"', text) == macros.names()


@settings(deadline=None)  # rendering is fast, but a loaded machine must not make it flaky
@given(st.text(max_size=30))
def test_quote_and_literal_macros_equal_their_python_twins(text):
    # a string constant reads back exactly, NUL and line breaks included (sqlpriv/engine/sql_text.py);
    # a name holding NUL or CR is refused (no SQL text carries it exactly through the duckdb shell)
    assert call("literal", value=text) == literal(text)
    if "\x00" in text or "\r" in text:
        with pytest.raises(ColumnError):
            call("quote", name=text)
        return
    assert call("quote", name=text) == quote(text)
    con = duckdb.connect()
    assert con.execute(f"select {literal(text)} as {quote(text or 'x')}").fetchone()[0] == text


def test_literal_macro_renders_every_constant_kind():
    for value, sql in [(None, "NULL"), (True, "true"), (False, "false"), (3, "3"), (0.25, "0.25"), ("it's", "'it''s'")]:
        assert call("literal", value=value) == sql == literal(value)


def test_render_passes_a_macro_only_the_arguments_it_declares_and_refuses_unknown_ones():
    # the shared analysis context (t, words, sampled, ...) may be handed to any macro and ignored
    assert call("engine_count_rows", relation='"t"', words=[], sampled=False) == 'select count(*) as n from "t"'
    # anything else is a mistake: shapley_query(ouptut=...) once silently rendered the per-row query
    with pytest.raises(TypeError, match="takes no argument 'ouptut'"):
        call("shapley_query", source='"t"', columns=["a"], ouptut="summary")


def test_dbt_package_version_is_the_python_version():
    import sqlpriv

    text = (
        (ROOT.parent / "dbt_project.yml").read_text(encoding="utf-8")
        if (ROOT.parent / "dbt_project.yml").exists()
        else None
    )
    if text is None:  # installed wheel: the dbt package is the repository, not the wheel
        return
    assert re.search(r'^version: "([^"]+)"', text, re.M).group(1) == sqlpriv.__version__


def test_every_public_dbt_macro_is_documented_with_its_arguments():
    yaml = __import__("pytest").importorskip("yaml")  # PyYAML comes with dbt-core (test extra)
    documented = {
        m["name"]: [a["name"] for a in m.get("arguments", [])]
        for m in yaml.safe_load((ROOT / "dbt" / "macros.yml").read_text(encoding="utf-8"))["macros"]
    }
    public = {}
    for path in sorted((ROOT / "dbt").glob("*.sql")):
        if path.stem.startswith("check_"):
            continue
        text = path.read_text(encoding="utf-8")
        materialization = re.search(r"\{%-?\s*materialization\s+(\w+),\s*(\w+)", text)
        if materialization:  # dbt names it materialization_<name>_<adapter>; its arguments are config keys
            public["materialization_{}_{}".format(*materialization.groups())] = []
            continue
        m = re.search(r"\{%-?\s*(macro|test)\s+(\w+)\((.*?)\)", text, re.S)
        name = ("test_" if m.group(1) == "test" else "") + m.group(2)
        public[name] = [a.split("=")[0].strip() for a in m.group(3).split(",") if a.strip()]
    assert documented == public

"""Template lint (issue 16): every ``{{ ... }}`` in ``sql_templates/`` is a safe form.

Safe forms: an identifier through ``sqlpriv.quote``, a value through ``sqlpriv.literal``, a call
of another template macro (itself linted), a constant, a conditional choosing between safe
forms, or one of the explicitly allow-listed interpolations below, each with the reason it
cannot carry text from a user or from the data. A new unquoted, unescaped interpolation makes
this test fail: quote it, render it as a literal, or add it here with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import jinja2
import pytest
from jinja2 import nodes

ROOT = Path(__file__).resolve().parents[1] / "sql_templates"

NUMBER = "a number computed by the Python plan or a loop counter"
ESCAPE = "the literal macro's own escaping"
# normalised expression text -> why it is safe
ALLOWED = {
    # numbers and bit masks computed in Python or by Jinja loops
    **{
        e: NUMBER
        for e in (
            "loop.index0",
            "loop.index",
            "c.j",
            "f.j",
            "s.j",
            "j",
            "size",
            "size - 1",
            "lo",
            "hi",
            "samples",
            "d",
            "full_sid",
            "f.mask",
            "f.offset",
            "c.offset",
            "c.word",
            "c.bitmask",
            "c.ctx_mask",
            "word",
            "w",
            "mask",
            "joint_j",
            "threads",
            "2 ** j",
            "2 ** d",
            "2 ** bits[loop.index0]",
            "col",
            "s",
            "k",
            "min_score",
            "max_share",
            "p",
            "bins",
            "limit",
            "max_cols",
            "level",
            "c.field_mask",
            "e.j",
            "outer.index0",
            "columns | length + 1",
            "2 ** loop.index0",
            "full_sid - 2 ** loop.index0",
            "c.mask",
            "i",
            "gr.g",
            "gr.j",
            "d - 1",
        )
    },
    "numeric_precision": "an int (singling_out checks it is a non-negative integer)",
    "rows": "a quoted relation name (cohorts.py / cohort_ctes.sql pass sqlpriv.quote(...))",
    "ori": "a quoted relation reference (Source.ref)",
    "a.expr": "a quoted column or an expression checked by sqlpriv.engine.sandbox",
    # already-safe SQL fragments built by sqlpriv
    "source": "a quoted relation reference (Source.ref / dbt relation)",
    "relation": "a quoted relation reference (Source.ref / dbt relation)",
    "original_relation": "a dbt relation (the generic test's model; attacks/copies_query.sql)",
    "synthetic_relation": "a dbt relation (ref() checked by check_relation; attacks/copies_query.sql)",
    "analysed": "a quoted relation name (disclosure/measure.py passes sqlpriv.quote(...), query.sql a CTE name)",
    "classes": "a quoted relation name (disclosure/measure.py passes sqlpriv.quote(...), query.sql a CTE name)",
    "body": "a rendered template (create_table / insert_into wrap a step's select)",
    "values": "singling_out/details.sql: the quoted column references (sqlpriv.quote) it builds itself",
    "query": "a rendered template (copy_to wraps a result query)",
    "condition": "the WHERE of a delete statement rendered from a linted template (engine/rows_kept.sql: SparkPlan's DELETE)",
    "counts": "a rendered template (the distinct-counts query identifiers.py passes)",
    "patterns": "a quoted relation name (sqlpriv.quote of the patterns table)",
    "details": "a rendered template (the singling-out details query the report summarises)",
    "expr": "an expression checked by sqlpriv.engine.sandbox (scalar, source columns only)",
    "by": "a quoted column or an expression checked by the expression checker (shapley_query's subgroup)",
    "analysed[i].expr": "a quoted column or an expression checked by sqlpriv.engine.sandbox",
    "c.expr": "a quoted column or an expression checked by sqlpriv.engine.sandbox",
    "e": "an internal column name chosen by the plan (level/key carriers), never user text",
    "reader": "one of read_csv / read_parquet / read_json (a fixed table in sources.py)",
    "fmt": "'csv' or 'parquet' (engine.result.file_format)",
    "c.type": "a built-in DuckDB type only (sqlpriv.engine.sandbox.sql_type, checked in pif.py)",
    "value": "inside the literal macro: a number (the `is number` branch)",
    'text | replace(""", """")': ESCAPE,
    "name | string | replace('\"', '\"\"')": "the quote macro's own escaping",
    # Spark's variants (sql_templates/dialect/): backslashes doubled and quotes escaped, backticks doubled
    # sql_templates/dialect/_text.sql: string constants built piece by piece (sqlpriv/engine/sql_text.py's rule)
    'ns.pieces + CondExpr | join(" || ")': "quoted runs ('' doubled) and chr(n) of control characters",
    "ns.out": ESCAPE,  # the Spark constant's text: every backslash, quote, $ and control character escaped
    "sqlpriv.dialect_text_duckdb(...)": ESCAPE,
    "sqlpriv.dialect_text_spark(...)": ESCAPE,
    'name | string | replace("`", "``")': "the quote macro's own escaping (Spark backticks)",
    "names": "a list of sqlpriv.literal(...) results built in the same template",
    "ns.columns": "microaggregation's state columns (pos, z0.., g), constants built in the same template",
    "x": "attacks/_query.sql's Horner variable: a sqlpriv.literal(...) number or the fixed alias w.r",
    # attacks/_draw.sql: column references and CTE names built in the same macro from sqlpriv.quote(...)
    **{
        f"dq_{n}": "attacks/_draw.sql: a reference built in the same macro from sqlpriv.quote(...) only"
        for n in ("op", "v", "x", "p", "w", "vals")
    },
    "index": "generalize/level.sql's interval index, built in the same template from sqlpriv.quote(column) "
    "and sqlpriv.literal(...) numbers",
    # dialect/double_text.sql (Spark): lambda variable names and SQL built in the same macro from
    # constants and those names only (its expr parameter is spliced once, outside them)
    **{
        f"dt_{n}": "dialect/double_text.sql's Spark parts: constants and lambda variable names"
        for n in ("v", "t", "q", "d", "e", "lead", "java_e", "p", "up", "cut")
    },
}
# dbt-only templates interpolate dbt's own objects (relations, target), see docs/dbt.md
DBT_ALLOWED = {
    "k": NUMBER,  # checked an integer >= 1 at compile time (check_k)
    "min_score": "checked a number in [0, 1] at compile time (check_fraction)",
    "max_share": "checked a number in [0, 1] at compile time (check_fraction)",
    # dbt/sqlpriv_local_suppression.sql: dbt's create_table_as(...) of a relation dbt quotes, over a select
    # rendered from the suppress/ templates (themselves linted)
    "create_sql": "dbt's create_table_as(...) over a linted sqlpriv template",
}


def _parse(path: Path) -> nodes.Template:
    """The Jinja tree of a template; dbt's {% test %} and {% materialization name, adapter %}
    blocks are read as macros."""
    text = path.read_text(encoding="utf-8").replace("{% test ", "{% macro ").replace("{% endtest %}", "{% endmacro %}")
    text = re.sub(r"\{% materialization (\w+), \w+ %\}", r"{% macro materialization_\1() %}", text)
    text = text.replace("{% endmaterialization %}", "{% endmacro %}")
    return jinja2.Environment(extensions=["jinja2.ext.do", "jinja2.ext.loopcontrols"]).parse(text)  # as dbt


def _text(node: nodes.Node) -> str:
    """A readable rendering of a Jinja expression node (for the allow-list and messages)."""
    if isinstance(node, nodes.Name):
        return node.name
    if isinstance(node, nodes.Const):
        return repr(node.value).replace("'", '"') if isinstance(node.value, str) else repr(node.value)
    if isinstance(node, nodes.Getattr):
        return f"{_text(node.node)}.{node.attr}"
    if isinstance(node, nodes.Getitem):
        return f"{_text(node.node)}[{_text(node.arg)}]"
    if isinstance(node, nodes.BinExpr):
        return f"{_text(node.left)} {node.operator} {_text(node.right)}"
    if isinstance(node, nodes.Filter):
        args = ", ".join(_text(a) for a in node.args)
        return f"{_text(node.node)} | {node.name}" + (f"({args})" if args else "")
    if isinstance(node, nodes.Call):
        return f"{_text(node.node)}(...)"
    return type(node).__name__


def _filter_text(node: nodes.Node) -> str:
    # the two escaping macros, spelled as in their files
    if isinstance(node, nodes.Filter) and node.name == "replace":
        inner = node.node
        if isinstance(inner, nodes.Filter) and inner.name == "string" and isinstance(inner.node, nodes.Name):
            a, b = (arg.value for arg in node.args)
            q = "'" if '"' in a else '"'
            return f"{inner.node.name} | string | replace({q}{a}{q}, {q}{b}{q})"
    return _text(node)


def safe(node: nodes.Node, allowed: dict[str, str]) -> bool:
    if isinstance(node, nodes.Const):
        return True
    if isinstance(node, nodes.CondExpr):
        return safe(node.expr1, allowed) and (node.expr2 is None or safe(node.expr2, allowed))
    if isinstance(node, nodes.Call):
        target = node.node
        if isinstance(target, nodes.Getattr) and isinstance(target.node, nodes.Name) and target.node.name == "sqlpriv":
            if target.attr in DIALECT_MACROS:  # it splices its arguments: they must be safe SQL themselves
                return all(_safe_argument(a, allowed) for a in [*node.args, *(k.value for k in node.kwargs)])
            return True  # quote / literal escape; any other sqlpriv macro is itself linted
        if _text(node) == "adapter.dispatch(...)(...)":
            return True  # picks one of the variants defined (and linted) in the same file
        if isinstance(target, nodes.Getitem) and isinstance(target.node, nodes.Name) and target.node.name == "sqlpriv":
            return True
        return False
    if isinstance(node, nodes.Filter) and node.name == "indent":
        return safe(node.node, allowed)
    if isinstance(node, nodes.Filter) and node.name in ("int", "float") and not node.args:
        return True  # Jinja's int / float filters render a number whatever they are given
    if isinstance(node, nodes.Concat):
        return all(safe(n, allowed) for n in node.nodes)
    return _filter_text(node) in allowed


def _safe_argument(node: nodes.Node, allowed: dict[str, str]) -> bool:
    """An argument of a dialect macro: a constant SQL fragment, a safe interpolation, or a
    concatenation (``~``) of those."""
    if isinstance(node, (nodes.Not, nodes.Compare, nodes.And, nodes.Or)):
        return True  # a boolean flag for the macro, never SQL text
    if isinstance(node, nodes.Concat):
        return all(_safe_argument(n, allowed) for n in node.nodes)
    if isinstance(node, nodes.List):
        return all(_safe_argument(n, allowed) for n in node.items)
    return safe(node, allowed)


def _macro_parameters(tree: nodes.Template) -> set[str]:
    return {arg.name for macro in tree.find_all(nodes.Macro) for arg in macro.args}


# the dialect macros (sql_templates/dialect/): each splices the SQL fragments it is given
DIALECT_MACROS = (
    {
        m.name
        for path in (ROOT / "dialect").glob("*.sql")
        for m in _parse(path).find_all(nodes.Macro)
        if not m.name.startswith(("default__", "spark__", "duckdb__", "dialect_text_"))
        and m.name not in ("quote", "literal")
    }
    if (ROOT / "dialect").is_dir()
    else set()
)


def unsafe_interpolations(path: Path) -> list[str]:
    tree = _parse(path)
    allowed = dict(ALLOWED)
    if path.parent.name == "dialect":  # a dialect macro's parameters are SQL fragments its callers build;
        # every call site's arguments are linted in turn (DIALECT_MACROS in safe())
        allowed.update({name: "a SQL fragment from a linted call site" for name in _macro_parameters(tree)})
        allowed['items | join(", ")'] = "SQL fragments from a linted call site, comma-separated"
    if path.is_relative_to(ROOT) and path.relative_to(ROOT).parts[0] == "dbt":
        allowed.update(DBT_ALLOWED)
    bad = []
    for output in tree.find_all(nodes.Output):
        quotes = 0  # single quotes seen so far in this output's SQL text: odd = inside a literal
        for child in output.nodes:
            if isinstance(child, nodes.TemplateData):
                quotes += child.data.count("'")
                continue
            if not safe(child, allowed):
                bad.append(_filter_text(child))
            elif (
                quotes % 2 == 1
                and not isinstance(child, nodes.Const)
                and allowed.get(_filter_text(child)) not in (NUMBER, ESCAPE)
            ):
                bad.append(_filter_text(child) + " (inside a SQL string literal)")
    return bad


TEMPLATES = sorted(ROOT.rglob("*.sql"))


@pytest.mark.parametrize("path", TEMPLATES, ids=[p.relative_to(ROOT).as_posix() for p in TEMPLATES])
def test_every_interpolation_is_quoted_escaped_or_allow_listed(path: Path) -> None:
    bad = unsafe_interpolations(path)
    assert not bad, (
        f"{path.relative_to(ROOT)}: unquoted, unescaped interpolation(s) {bad}; use sqlpriv.quote(...) "
        "for names, sqlpriv.literal(...) for values, or add it to ALLOWED in tests/test_template_lint.py "
        "with the reason it can never carry user or data text"
    )


def test_the_lint_fails_on_todays_bug(tmp_path: Path) -> None:
    """The ENUM injection of issue 16 was a bare ``{{ c.type }}`` inside a string literal; the
    lint catches a bare interpolation of an unknown name (and would have caught c.type if it
    had not been made a checked built-in type)."""
    bad = tmp_path / "bad.sql"
    bad.write_text("{% macro x(c) %}select error('not a {{ c.label }}'), {{ c.name }}{% endmacro %}")
    assert unsafe_interpolations(bad) == ["c.label", "c.name"]
    good = tmp_path / "good.sql"
    good.write_text(
        "{% macro x(c) %}select {{ sqlpriv.literal(c.label) }}, {{ sqlpriv.quote(c.name) }}, {{ ',' if c }}{% endmacro %}"
    )
    assert unsafe_interpolations(good) == []


def test_the_lint_fails_on_the_issue_16_template(tmp_path: Path) -> None:
    """pif/prior.sql as it was when issue 16 was filed: the type inside an error-message literal."""
    old = (
        (ROOT / "pif" / "prior.sql")
        .read_text(encoding="utf-8")
        .replace("which is not a ' || {{ sqlpriv.literal(c.type) }} || ' like", "which is not a {{ c.type }} like")
    )
    assert "which is not a {{ c.type }} like" in old
    path = tmp_path / "prior.sql"
    path.write_text(old)
    assert unsafe_interpolations(path) == ["c.type (inside a SQL string literal)"]


def test_allow_list_has_no_stale_entries() -> None:
    used: set[str] = set()
    for path in TEMPLATES:
        tree = _parse(path)
        for output in tree.find_all(nodes.Output):
            for child in output.nodes:
                for n in [child, *child.find_all(nodes.Expr)]:
                    used.add(_filter_text(n))
    stale = sorted((set(ALLOWED) | set(DBT_ALLOWED)) - used)
    assert not stale, f"allow-listed forms no template uses any more: {stale}"


def test_dialect_macro_arguments_are_linted_at_the_call_site(tmp_path):
    # a dialect macro splices the SQL fragments it is given, so its call sites are checked
    bad = tmp_path / "bad.sql"
    bad.write_text("{% macro x(user_text) %}select {{ sqlpriv.product(user_text) }}{% endmacro %}")
    assert unsafe_interpolations(bad) == ["sqlpriv.product(...)"]
    good = tmp_path / "good.sql"
    good.write_text(
        '{% macro x(c) %}select {{ sqlpriv.product("f", where="w is not null") }}, '
        '{{ sqlpriv.request_decision("s", sqlpriv.literal(c) ~ "::double", "0.2") }}{% endmacro %}'
    )
    assert unsafe_interpolations(good) == []

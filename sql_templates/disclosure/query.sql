{#- The disclosure figures as ONE statement over `source` (a relation as SQL text; the dbt
    tests', Spark's and `sqlpriv sql`'s form; docs/measures.md §8). output "summary": one row
    per sensitive column (disclosure_summary); "classes": one row per sensitive column and
    class (disclosure_class_rows); "failing_l" / "failing_t": the classes with l_diversity <
    `bound` / t_closeness > `bound`, each with a failure sentence. `qis`: plain column names;
    `sens`: name, ordered, hierarchy, height per sensitive column; `meta`: the headings
    sensitive and n (names no quasi-identifier uses). "per_row": each row's class figures in input
    order (disclosure_per_row), `rows` holding its key (or none: the 0-based position), key_name,
    size_name and heads; the rows are numbered as read, then the classes are a CTE over them. -#}
{% macro disclosure_query(source, qis, sens, meta, output="summary", bound=none, rows=none) -%}
{% if output == "per_row" %}
with __sqlpriv_rows as (
    select
        {{ sqlpriv.row_position(dense=not rows.key) }} as __sqlpriv_pos,
{% if rows.key %}
        {{ sqlpriv.quote(rows.key) }} as __sqlpriv_key,
{% endif %}
{% for q in qis %}
        {{ sqlpriv.quote(q) }},
{% endfor %}
{% for s in sens %}
        {{ sqlpriv.quote(s.name) }}{{ "," if not loop.last }}
{% endfor %}
    from {{ source }}
),
__sqlpriv_classes as (
{{ sqlpriv.disclosure_classes(source="__sqlpriv_rows", qis=qis, sens=sens, meta=meta) }}
)
{{ sqlpriv.disclosure_per_row(analysed="__sqlpriv_rows", classes="__sqlpriv_classes", qis=qis, heads=rows.heads, key=rows.key, key_name=rows.key_name, size_name=rows.size_name) }}
{% else %}
{% set classes %}(
{{ sqlpriv.disclosure_classes(source=source, qis=qis, sens=sens, meta=meta) }}
) as __sqlpriv_classes{% endset %}
{% if output == "summary" %}
{{ sqlpriv.disclosure_summary(relation=classes, sensitive=meta.sensitive, n=meta.n, distances=sens | map(attribute="distance") | list) }}
{% else %}
{{ sqlpriv.disclosure_class_rows(relation=classes, qis=qis, meta=meta, where={"failing_l": "l", "failing_t": "t"}.get(output), bound=bound) }}
{% endif %}
{% endif %}
{%- endmacro %}

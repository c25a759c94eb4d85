{#- The disclosure figures as ONE statement over `source` (a relation as SQL text; the dbt
    tests', Spark's and `sqlpriv sql`'s form; docs/measures.md §8). output "summary": one row
    per sensitive column (disclosure_summary); "classes": one row per sensitive column and
    class (disclosure_class_rows); "failing_l" / "failing_t": the classes with l_diversity <
    `bound` / t_closeness > `bound`, each with a failure sentence. `qis`: plain column names;
    `sens`: name, ordered, hierarchy, height per sensitive column; `meta`: the headings
    sensitive and n (names no quasi-identifier uses). -#}
{% macro disclosure_query(source, qis, sens, meta, output="summary", bound=none) -%}
{% set classes %}(
{{ sqlpriv.disclosure_classes(source=source, qis=qis, sens=sens, meta=meta) }}
) as __sqlpriv_classes{% endset %}
{% if output == "summary" %}
{{ sqlpriv.disclosure_summary(relation=classes, sensitive=meta.sensitive, n=meta.n, distances=sens | map(attribute="distance") | list) }}
{% else %}
{{ sqlpriv.disclosure_class_rows(relation=classes, qis=qis, meta=meta, where={"failing_l": "l", "failing_t": "t"}.get(output), bound=bound) }}
{% endif %}
{%- endmacro %}

{#- The privacy profile (docs/measures.md §3) as ONE statement: the same rows as
    sqlpriv.privacy_profile(source, columns).df() (column, privacy_factor, probability,
    shannons, harts, values, categories; NULL is a category), with the class sizes inlined as
    the CTE "__sqlpriv_sizes" (one GROUPING SETS pass) instead of a temp table. For the dbt
    package and any caller that can only run a single query.
    source: a relation as SQL text ("main"."flare", or (select ...)); columns: a non-empty list
    of plain column names (quoted here); dropna: rows with NULL in any of them left out. Uses the DuckDB macros of sql_templates/macros/. -#}
{% macro request_profile_query(source, columns, dropna=false) -%}
{% set t = {"sizes": "__sqlpriv_sizes"} %}
{% set analysed = [] %}
{% set sets = [] %}
{% set names = [] %}
{% for c in columns %}
{% set _ = analysed.append({"alias": "a" ~ loop.index0, "expr": sqlpriv.quote(c)}) %}
{% set _ = sets.append({"j": loop.index0, "members": [loop.index0]}) %}
{% set _ = names.append({"name": c}) %}
{% endfor %}
with {{ sqlpriv.quote(t.sizes) }} as (
{{ sqlpriv.request_sizes(analysed, (range(columns | length) | list) if dropna else [], sets, source, "grouping_sets") }}
),
{{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_profile_body(names) }}
{%- endmacro %}

{#- The single-statement request queries' shared head (report_query.sql, fields_query.sql,
    uniqueness_query.sql): `with` the class sizes of every column set as the CTE
    "__sqlpriv_sizes" (one GROUPING SETS pass), the stats CTE and the fields CTEs, for a request
    of plain columns without weights. Builds the analysed / sets / fields structures of
    prepare_request: one set per column, plus the joint set -1 of all columns when there are
    several (one column is its own joint set). dropna: rows with NULL in any requested column
    are left out of every set (set -2 keeps the row count before). Continues with `,` and more
    CTEs or with a select. -#}
{% macro request_query_ctes(source, columns, dropna=false) -%}
{% set t = {"sizes": "__sqlpriv_sizes"} %}
{% set analysed = [] %}
{% set multi = columns | length > 1 %}
{% set sets = [{"j": -1, "members": range(columns | length) | list}] if multi else [] %}
{% set fields = [] %}
{% for c in columns %}
{% set _ = analysed.append({"alias": "a" ~ loop.index0, "expr": sqlpriv.quote(c)}) %}
{% set _ = sets.append({"j": loop.index0, "members": [loop.index0]}) %}
{% set _ = fields.append({"name": c, "expression": none, "j": loop.index0,
                          "sources": [{"name": c, "j": loop.index0}], "weight": none}) %}
{% endfor %}
with {{ sqlpriv.quote(t.sizes) }} as (
{{ sqlpriv.request_sizes(analysed, (range(columns | length) | list) if dropna else [], sets, source, "grouping_sets") }}
),
{{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_fields_cte(fields) }}
{%- endmacro %}

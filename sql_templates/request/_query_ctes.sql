{#- The single-statement request queries' shared head (report_query.sql, fields_query.sql,
    uniqueness_query.sql): `with` the class sizes of every column set as the CTE
    "__sqlpriv_sizes" (one GROUPING SETS pass), the stats CTE and the fields CTEs, for a request
    of plain columns. Builds the analysed / sets / fields structures of prepare_request: one set
    per column, plus the joint set -1 of the columns without a weight when there are several (one
    such column is its own joint set; none: the empty set -1, the whole table one class).
    `weights`: {column: factor} overriding measured factors (keys as the columns are spelled). dropna: rows with NULL in any requested column
    are left out of every set (set -2 keeps the row count before). Continues with `,` and more
    CTEs or with a select. -#}
{% macro request_query_ctes(source, columns, dropna=false, weights=none) -%}
{% set t = {"sizes": "__sqlpriv_sizes"} %}
{% set analysed = [] %}
{% set joint = (sqlpriv.request_joint_members(columns, weights) | trim).split(",") | reject("equalto", "") | map("int") | list %}
{% set sets = [{"j": -1, "members": joint}] if joint | length != 1 else [] %}
{% set fields = [] %}
{% for c in columns %}
{% set _ = analysed.append({"alias": "a" ~ loop.index0, "expr": sqlpriv.quote(c)}) %}
{% set _ = sets.append({"j": loop.index0, "members": [loop.index0]}) %}
{% set _ = fields.append({"name": c, "expression": none, "j": loop.index0,
                          "sources": [{"name": c, "j": loop.index0}], "weight": (weights or {}).get(c)}) %}
{% endfor %}
with {{ sqlpriv.quote(t.sizes) }} as (
{{ sqlpriv.request_sizes(analysed, (range(columns | length) | list) if dropna else [], sets, source, "grouping_sets") }}
),
{{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_fields_cte(fields) }}
{%- endmacro %}


{#- The indexes of the request's columns without a weight (the joint set's members), each
    followed by a comma: "0,2," ("" for none). -#}
{% macro request_joint_members(columns, weights=none) -%}
{%- for c in columns -%}{%- if c not in (weights or {}) -%}{{ loop.index0 }},{%- endif -%}{%- endfor -%}
{%- endmacro %}

{#- The joint set's j (request_query_ctes' sets): the one unweighted column's index, else -1. -#}
{% macro request_joint_j(columns, weights=none) -%}
{%- set joint = (sqlpriv.request_joint_members(columns, weights) | trim).split(",") | reject("equalto", "") | list -%}
{%- if joint | length == 1 -%}{{ joint[0] | int }}{%- else -%}-1{%- endif -%}
{%- endmacro %}

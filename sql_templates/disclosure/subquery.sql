{#- The columns `columns` (ColumnSpecs: requested fields, possibly expressions, and the
    sensitive columns) of `source` as a subquery a disclosure single statement reads
    (disclosure_query's `source`): what the request gate's min_l / max_t rules measure. -#}
{% macro disclosure_subquery(columns, source) -%}
(
{{ sqlpriv.engine_analysed(t={}, columns=columns, dropna=false, key=none, source=source, position=false) }}
) as __sqlpriv_request
{%- endmacro %}

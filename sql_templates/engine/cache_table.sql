{#- Spark: a query's result kept as a cached temporary view (eager), for the later statements of
    one result to read instead of recomputing it (the per-pattern values the subgroup tables of
    one Shapley analysis share). `query` is a rendered query template. -#}
{% macro engine_cache_table(name, query) -%}
cache table {{ sqlpriv.quote(name) }} as {{ query }}
{%- endmacro %}

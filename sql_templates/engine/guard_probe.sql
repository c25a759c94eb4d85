{#- Probe: run a guarded query (`query`, a rendered template whose `ok` column calls the dialect's
    error function on bad input) to its end and return one row, so the guard fires before any
    other work (Spark drops a column nothing reads; pif/prior.sql's guard on Spark). -#}
{% macro engine_guard_probe(query) -%}
select max(ok) as ok from ({{ query }}) as g
{%- endmacro %}

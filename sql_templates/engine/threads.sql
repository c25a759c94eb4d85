{#- Probe: the connection's thread count (how many parts a small table is split into). -#}
{% macro engine_threads() -%}
select current_setting('threads')::bigint as threads
{%- endmacro %}

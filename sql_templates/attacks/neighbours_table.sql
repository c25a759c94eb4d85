{#- The empty table the search chunks insert into. -#}
{% macro attacks_neighbours_table(table) -%}
create or replace temp table {{ sqlpriv.quote(table) }} (tid bigint, rk bigint, sid bigint, spos bigint, d double)
{%- endmacro %}

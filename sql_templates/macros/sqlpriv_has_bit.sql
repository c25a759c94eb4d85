{#- Whether column j (0-based) belongs to the column subset encoded as bitmask sid. -#}
{% macro macros_sqlpriv_has_bit(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_has_bit(sid, j) as
    ((sid::bigint >> j) & 1) = 1
{%- endmacro %}

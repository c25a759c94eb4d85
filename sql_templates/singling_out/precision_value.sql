{#- Probe: the numeric precision (decimals) used for float rounding. -#}
{% macro singling_out_precision_value(t) -%}
select p from {{ sqlpriv.quote(t.precision) }}
{%- endmacro %}

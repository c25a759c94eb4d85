{#- The column set of an agreement (agree_words.sql's a0..) as a set id: bit j set where column
    j's field is equal (bit j = column j, as sid). -#}
{% macro singling_out_agree_bits(words) -%}
(0::bigint
{%- for word in words %}{% set w = loop.index0 %}{% for f in word %}
    | case when (a{{ w }} & ({{ f.mask }}::bigint & ~({{ f.mask }}::bigint >> 1))) <> 0 then (1::bigint << {{ f.j }}) else 0::bigint end
{%- endfor %}{% endfor %})
{%- endmacro %}

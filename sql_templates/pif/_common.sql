{#- Shared Jinja helpers of the pif templates.
    pif_code(c, p): column j's dictionary code inside a packed pattern key;
    pif_context_key(c, word, p): the key words of the leave-one-out cohort of j (column j's bits cleared);
    pif_value(c, measure): one per-cell measure (cig, csf or wcig) of column j, from the cells table. -#}
{% macro pif_code(c, p='') -%}
(({{ p }}k{{ c.word }} >> {{ c.offset }}) & {{ c.bitmask }})
{%- endmacro %}
{% macro pif_context_key(c, word, p='') -%}
{{ p }}k{{ word }}{% if word == c.word %} & {{ c.ctx_mask }}{% endif %}
{%- endmacro %}
{% macro pif_value(c, measure) -%}
{% if measure == 'csf' %}p.csf{{ c.j }}{% elif measure == 'wcig' %}p.cig{{ c.j }} * e.w{{ c.j }}{% else %}p.cig{{ c.j }}{% endif %}
{%- endmacro %}

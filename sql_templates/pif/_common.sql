{#- Shared Jinja helpers of the pif templates.
    code(c, p): column j's dictionary code inside a packed pattern key;
    context(c, p): the key words of the leave-one-out cohort of j (column j's bits cleared);
    value(c): one per-cell measure (cig, csf or wcig) of column j, from the cells table. -#}
{% macro code(c, p='') -%}
(({{ p }}k{{ c.word }} >> {{ c.offset }}) & {{ c.bitmask }})
{%- endmacro %}
{% macro context(c, word, p='') -%}
{{ p }}k{{ word }}{% if word == c.word %} & {{ c.ctx_mask }}{% endif %}
{%- endmacro %}
{% macro value(c, measure) -%}
{% if measure == 'csf' %}p.csf{{ c.j }}{% elif measure == 'wcig' %}p.cig{{ c.j }} * e.w{{ c.j }}{% else %}p.cig{{ c.j }}{% endif %}
{%- endmacro %}

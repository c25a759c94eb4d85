{#- One condition of a singling-out query as a SQL predicate, with anonymeter 1.1's NULL semantics
    (polars: a comparison with a NULL is NULL, which its counts skip): a NULL matches only isna.
    c.op is one of sqlpriv.attacks.singling_out_predicates.OPERATORS (checked in Python); a value
    marked special (a non-finite float) is written as text and cast to double. -#}
{% macro attacks_so_condition(c) -%}
{%- if c.op == "isna" %}{{ sqlpriv.quote(c.column) }} is null
{%- elif c.op == "notna" %}{{ sqlpriv.quote(c.column) }} is not null
{%- elif c.op == "is" %}coalesce({{ sqlpriv.quote(c.column) }}, false)
{%- elif c.op == "not" %}coalesce(not {{ sqlpriv.quote(c.column) }}, false)
{%- else %}{{ sqlpriv.quote(c.column) }}
{%- if c.op == "==" %} = {% elif c.op == "!=" %} <> {% elif c.op == "<" %} < {% elif c.op == ">" %} > {% elif c.op == "<=" %} <= {% else %} >= {% endif %}
{%- if c.special %}cast({{ sqlpriv.literal(c.value) }} as double){% else %}{{ sqlpriv.literal(c.value) }}{% endif %}
{%- endif %}
{%- endmacro %}

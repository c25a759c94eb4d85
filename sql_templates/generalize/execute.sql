{#- Execute a statement prepared by generalize/prepare.sql: with codes (a list of lattice node
    codes, the batch) and first (the first node id) for generalize/evaluate.sql, or with first only
    for generalize/since.sql. -#}
{% macro generalize_execute(statement, first, codes=none) -%}
execute {{ sqlpriv.quote(statement) }}({% if codes is not none %}cast([{% for c in codes %}{{ sqlpriv.literal(c) }}{{ ", " if not loop.last }}{% endfor %}] as bigint[]), {% endif %}{{ sqlpriv.literal(first) }})
{%- endmacro %}

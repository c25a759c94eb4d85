{#- anonymeter's rule for a right guess (column `column` of alias `g`) of a secret (the same column
    of alias `x`): both NULL, or, for a numeric secret (`regression`), |g - x| / (g + 1e-12) <=
    tolerance (divided by the guess, not its absolute value: a negative guess always passes), else
    equality. -#}
{% macro attacks_secret_match(g, x, column, regression, tolerance) -%}
{% if regression -%}
(({{ sqlpriv.quote(g) }}.{{ sqlpriv.quote(column) }} is null and {{ sqlpriv.quote(x) }}.{{ sqlpriv.quote(column) }} is null) or coalesce(abs(cast({{ sqlpriv.quote(g) }}.{{ sqlpriv.quote(column) }} as double) - cast({{ sqlpriv.quote(x) }}.{{ sqlpriv.quote(column) }} as double)) / (cast({{ sqlpriv.quote(g) }}.{{ sqlpriv.quote(column) }} as double) + 1e-12) <= {{ sqlpriv.literal(tolerance) }}, false))
{%- else -%}
({{ sqlpriv.not_distinct(sqlpriv.quote(g) ~ "." ~ sqlpriv.quote(column), sqlpriv.quote(x) ~ "." ~ sqlpriv.quote(column)) }})
{%- endif %}
{%- endmacro %}

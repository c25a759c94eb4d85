{#- anonymeter's rule for a right guess `g` of a secret `x`: both NULL, or, for a numeric secret
    (`regression`), |g - x| / (g + 1e-12) <= tolerance (divided by the guess, not its absolute
    value: a negative guess always passes), else equality. -#}
{% macro attacks_secret_match(g, x, regression, tolerance) -%}
{% if regression -%}
(({{ g }} is null and {{ x }} is null) or coalesce(abs(cast({{ g }} as double) - cast({{ x }} as double)) / (cast({{ g }} as double) + 1e-12) <= {{ sqlpriv.literal(tolerance) }}, false))
{%- else -%}
({{ sqlpriv.not_distinct(g, x) }})
{%- endif %}
{%- endmacro %}

{#- The failure sentence of a gating test whose weights check_weights found wrong (`wc.bad`). -#}
{% macro check_weights_failure(weight) -%}
wc.bad || ' row(s) have a missing, below 1 or non-finite sampling weight (or the weights sum to infinity) in ' || {{ sqlpriv.literal(weight) }}
    || '; every weight must be a number of at least 1 person, so the figure cannot be computed'
{%- endmacro %}

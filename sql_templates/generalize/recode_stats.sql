{#- The figures sdcMicro's globalRecode break rules read from one numeric column (docs/measures.md
    §12): the smallest and largest finite value, and (equalAmount) the quantiles at `fractions`
    (linearly interpolated, R's type 7 = numpy's default), over the finite values (NULL, NaN and
    infinities left out, as those keep their key at every level). -#}
{% macro generalize_recode_stats(source, column, fractions=[]) -%}
select min(x), max(x)
{% for f in fractions %}
  , {{ sqlpriv.quantile_cont("x", sqlpriv.literal(f)) }}
{% endfor %}
from (select cast({{ sqlpriv.quote(column) }} as double) as x from {{ source }}) as src
where {{ sqlpriv.finite("x") }}
{%- endmacro %}

{#- MDAV by strata (docs/measures.md §12; sdcMicro's microaggregation(strata_variables = ...)):
    one row per row of `source` with its 0-based input position `pos`, its stratum's number `sid`
    (1, 2, ... in the order of the `strata` columns' values; a missing value is one more value, as
    R's paste writes "NA") and the numeric `columns` (names) as x0, x1, ... (DOUBLE). Each stratum
    is then microaggregated alone (microaggregation/start.sql with `stratum`). -#}
{% macro microaggregation_strata(source, columns, strata) -%}
select
    pos,
    dense_rank() over (order by {% for s in strata %}{{ sqlpriv.quote("s" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}) as sid,
{% for c in columns %}
    {{ sqlpriv.quote("x" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
from (
    select {{ sqlpriv.row_position() }} as pos
{% for s in strata %}
        , {{ sqlpriv.quote(s) }} as {{ sqlpriv.quote("s" ~ loop.index0) }}
{% endfor %}
{% for c in columns %}
        , cast({{ sqlpriv.quote(c) }} as double) as {{ sqlpriv.quote("x" ~ loop.index0) }}
{% endfor %}
    from {{ source }}
) as src
{%- endmacro %}

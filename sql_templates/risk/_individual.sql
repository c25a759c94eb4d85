{#- Helpers of risk/classes.sql and risk/wildcard.sql. -#}
{#- The individual risk `r` of a class `g` with its sample size f and, with weights, its
    population estimate fw: 1/fw without weights; sdcMicro's individual risk (Franconi and
    Polettini's approximation, docs/measures.md §9) with them. -#}
{% macro risk_individual(weight) -%}
{% if weight %}
    case
        when g.fw = g.f then cast(1 as double) / g.f
        when g.f = 1 then (g.f / g.fw) / (1 - g.f / g.fw) * ln(g.fw / g.f)
        when g.f = 2 then (g.f / g.fw) / (1 - g.f / g.fw) - power((g.f / g.fw) / (1 - g.f / g.fw), 2) * ln(g.fw / g.f)
        else (g.f / g.fw) / (g.f - (1 - g.f / g.fw))
    end as r
{% else %}
    cast(1 as double) / g.fw as r
{% endif %}
{%- endmacro %}

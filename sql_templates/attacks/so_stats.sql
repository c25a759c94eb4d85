{#- Probe: what the univariate and multivariate queries are built from, one row per column of
    the distinct synthetic table: j (the column's index), nulls, n_min / n_max (records holding the
    minimum / maximum; numeric and boolean columns), median (numeric columns; pandas' median, the
    interpolated one), rare (non-NULL values occurring once) and n_distinct (distinct values, NULL
    counted as one). -#}
{% macro attacks_so_stats(table, columns) -%}
{%- for c in columns %}
select {{ loop.index0 }} as j,
    (select count(*) from {{ sqlpriv.quote(table) }} where {{ sqlpriv.quote(c.name) }} is null) as nulls,
{%- if c.kind in ("number", "boolean") %}
    (select count(*) from {{ sqlpriv.quote(table) }} where {{ sqlpriv.quote(c.name) }} = (select min({{ sqlpriv.quote(c.name) }}) from {{ sqlpriv.quote(table) }})) as n_min,
    (select count(*) from {{ sqlpriv.quote(table) }} where {{ sqlpriv.quote(c.name) }} = (select max({{ sqlpriv.quote(c.name) }}) from {{ sqlpriv.quote(table) }})) as n_max,
{%- else %}
    0 as n_min, 0 as n_max,
{% endif %}
{% if c.kind == "number" %}
    (select cast({{ sqlpriv.quantile_cont(sqlpriv.quote(c.name), 0.5) }} as double) from {{ sqlpriv.quote(table) }}) as median,
{% else %}
    cast(null as double) as median,
{% endif %}
    (select count(*) from (select {{ sqlpriv.quote(c.name) }} from {{ sqlpriv.quote(table) }} where {{ sqlpriv.quote(c.name) }} is not null group by {{ sqlpriv.quote(c.name) }} having count(*) = 1) as r) as rare,
    (select count(distinct {{ sqlpriv.quote(c.name) }}) + max(case when {{ sqlpriv.quote(c.name) }} is null then 1 else 0 end) from {{ sqlpriv.quote(table) }}) as n_distinct
{{ "union all" if not loop.last }}
{% endfor %}
{%- endmacro %}

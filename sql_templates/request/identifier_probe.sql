{#- Probe: the categories (distinct values, NULL one more) of each requested field, as (j, k), on
    the rows the assessment keeps (`dropna`: none with a NULL in a field), and the row count as
    j = -1: the identifier check assess_request runs during the call. -#}
{% macro request_identifier_probe(columns, source, dropna=false) -%}
with probe_rows as (
    select {% for c in columns %}({{ c.expr }}) as {{ sqlpriv.quote("f" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}

    from {{ source }}
{% if dropna %}
    where {% for c in columns %}({{ c.expr }}) is not null{{ " and " if not loop.last }}{% endfor %}

{% endif %}
)
select -1 as j, count(*) as k from probe_rows
{% for c in columns %}
union all
select {{ loop.index0 }} as j, count(distinct {{ sqlpriv.quote("f" ~ loop.index0) }}) + max(case when {{ sqlpriv.quote("f" ~ loop.index0) }} is null then 1 else 0 end) as k from probe_rows
{% endfor %}
{%- endmacro %}

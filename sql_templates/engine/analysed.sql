{#- The analysed columns of the source, with the 0-based input position (and the user's key,
    and a subgroup expression's level when a single statement carries it along). -#}
{% macro engine_analysed(t, columns, dropna, key, source, level=none) -%}
with numbered as (
    select
        {{ sqlpriv.row_position(dense=not key) }} as __sqlpriv_pos,
{% if key %}
        {{ sqlpriv.quote(key) }} as __sqlpriv_key,
{% endif %}
{% if level is not none %}
        ({{ level }}) as __sqlpriv_level,
{% endif %}
{% for c in columns %}
        {{ c.expr }} as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
    from {{ source }}
)
select * from numbered
{% if dropna %}
where {% for c in columns %}{{ sqlpriv.quote(c.name) }} is not null{{ " and " if not loop.last }}{% endfor %}
{% endif %}
{%- endmacro %}

{#- The analysed columns of the source, with the 0-based input position (and the user's key,
    and a subgroup expression's level when a single statement carries it along).
    `position=false` leaves the position out: the Python plan materialises these rows as a table
    in input order and numbers them by its rowid (engine/positions.sql), in parallel. -#}
{% macro engine_analysed(t, columns, dropna, key, source, level=none, position=true) -%}
with numbered as (
    select
{% if position %}
        {{ sqlpriv.row_position(dense=not key) }} as __sqlpriv_pos,
{% endif %}
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

{#- The analysed columns of the source, with the 0-based input position (and the user's key,
    and a subgroup expression's level when a single statement carries it along).
    `position=false` leaves the position out: the Python plan materialises these rows as a table
    in input order and numbers them by its rowid (engine/positions.sql), in parallel. `dense`:
    number the rows 0..n-1 even with a key (default: only without one; the Spark frame of
    sample_uniques(entity=...) labels its rows by position, its key being the entity). -#}
{% macro engine_analysed(t, columns, dropna, key, source, level=none, position=true, dense=none) -%}
with numbered as (
    select
{% if position %}
{% if dense or (dense is none and not key) %}
        {{ sqlpriv.row_position(dense=true) }} as __sqlpriv_pos,
{% else %}
        {{ sqlpriv.row_position(dense=false) }} as __sqlpriv_pos,
{% endif %}
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

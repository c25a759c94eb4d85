{#- Set `column` of the round table `table` (quoted) from `rows` (a select of `key` and `column`),
    matched on `key`; rows of `table` that `rows` does not name keep their value. `columns`: every
    column of `table` (names, in order). DuckDB: an UPDATE in place. Spark has no UPDATE: the table
    is replaced by a select of itself joined to `rows` (the plan runner, sqlpriv.engine.spark.plan,
    keeps it as the new checkpoint of that name; the select reads the old one). -#}
{% macro assign_rows(table, columns, key, column, rows) -%}
{{ adapter.dispatch("assign_rows", "sqlpriv")(table, columns, key, column, rows) }}
{%- endmacro %}

{% macro default__assign_rows(table, columns, key, column, rows) -%}
update {{ table }}
set {{ sqlpriv.quote(column) }} = u.{{ sqlpriv.quote(column) }}
from ({{ rows }}) as u
where {{ table }}.{{ sqlpriv.quote(key) }} = u.{{ sqlpriv.quote(key) }}
{%- endmacro %}

{% macro spark__assign_rows(table, columns, key, column, rows) -%}
{{ sqlpriv.create_temp_table(table) }}
select {% for c in columns %}{% if c == column %}coalesce(u.{{ sqlpriv.quote(c) }}, t.{{ sqlpriv.quote(c) }}){% else %}t.{{ sqlpriv.quote(c) }}{% endif %} as {{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %}

from {{ table }} as t
left join ({{ rows }}) as u
on t.{{ sqlpriv.quote(key) }} = u.{{ sqlpriv.quote(key) }}
{%- endmacro %}

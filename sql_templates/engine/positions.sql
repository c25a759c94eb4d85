{#- The analysed rows with their 0-based input position, as a view over the table the plan
    materialised from engine_analysed(position=false): DuckDB inserts a select into a table in
    input order (insertion order is preserved), so the table's rowid is the input position, read
    in parallel instead of by a serial row_number() over (). `dropna` filters here, after the
    numbering, so positions stay those of the input. -#}
{% macro engine_positions(t, columns, dropna) -%}
create or replace temp view {{ sqlpriv.quote(t.analysed) }} as
select rowid as __sqlpriv_pos, *
from {{ sqlpriv.quote(t.input) }}
{% if dropna %}
where {% for c in columns %}{{ sqlpriv.quote(c.name) }} is not null{{ " and " if not loop.last }}{% endfor %}
{% endif %}
{%- endmacro %}

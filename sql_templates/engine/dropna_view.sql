{#- The source without the rows that have a NULL in an analysed column (`dropna=True` of the
    families that read the source directly: risk, disclosure, uniques, singling out). `columns`:
    column specs (their SQL expression over the source). -#}
{% macro engine_dropna_view(columns, relation, view) -%}
create or replace temp view {{ sqlpriv.quote(view) }} as
select * from {{ relation }}
where {% for c in columns %}({{ c.expr }}) is not null{{ " and " if not loop.last }}{% endfor %}
{%- endmacro %}

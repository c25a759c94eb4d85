{#- The rows of a round table that a `delete from t where <condition>` keeps (a NULL condition
    keeps the row): SparkPlan's form of DELETE. `condition` is the WHERE of a delete statement
    rendered from a linted template. -#}
{% macro engine_rows_kept(name, condition) -%}
select * from {{ sqlpriv.quote(name) }} where not coalesce({{ condition }}, false)
{%- endmacro %}

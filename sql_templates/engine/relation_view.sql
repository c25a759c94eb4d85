{#- A temp view over a relation (a source's reference, already quoted), for templates that take
    table names (e.g. attacks/guess_odds.sql on Spark). Both dialects spell it this way. -#}
{% macro engine_relation_view(view, relation) -%}
create or replace temp view {{ sqlpriv.quote(view) }} as select * from {{ relation }}
{%- endmacro %}

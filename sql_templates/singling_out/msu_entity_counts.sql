{#- With `entity`: one row, the rows whose entity is NULL and the (entity, pattern) units that
    every share and the DIS-SUDA table count (su.entities, singling_out/msu_entities.sql). -#}
{% macro singling_out_msu_entity_counts(su) -%}
select
    coalesce(sum(nulls), 0) as nulls,
    coalesce(sum(entities), 0) as units
from {{ sqlpriv.quote(su.entities) }}
{%- endmacro %}

{#- Synthetic candidate rows: the first `k` rows (by position) of each distinct synthetic tuple;
    a later row of a tuple ties with k rows of smaller position and can never be among the k nearest. -#}
{% macro attacks_candidates(scaled, k) -%}
select * from {{ sqlpriv.quote(scaled) }} where r <= {{ sqlpriv.literal(k) }}
{%- endmacro %}

{#- log2 N_t(s) per pattern and lattice subset, kept as a table (sampled mode reads it twice). -#}
{% macro shapley_cohorts(t, words) -%}
create or replace temp table {{ sqlpriv.quote(t.cohorts) }} as
{{ sqlpriv.shapley_cohorts_select(t, words) }}
{%- endmacro %}

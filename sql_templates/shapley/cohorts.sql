{#- log2 N_t(s) per pattern and lattice subset, kept as a table (sampled mode reads it twice). -#}
{% from "shapley/_cohorts.sql" import cohorts_select %}
create or replace temp table {{ t.cohorts | quote }} as
{{ cohorts_select(t, words) }}

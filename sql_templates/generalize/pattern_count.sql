{#- The number of distinct patterns (rows of the patterns table): whether the search keeps
    snapshots, and how small one must be to be kept. -#}
{% macro generalize_pattern_count(patterns) -%}
select count(*) from {{ sqlpriv.quote(patterns) }}
{%- endmacro %}

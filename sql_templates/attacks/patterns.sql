{#- The distinct categorical patterns (`cp`, categorical columns) of a scaled table, with `n` its rows. -#}
{% macro attacks_patterns(table, cats) -%}
select cp{% for j in cats %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %}, count(*) as n from {{ sqlpriv.quote(table) }}
group by cp{% for j in cats %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %}
{%- endmacro %}

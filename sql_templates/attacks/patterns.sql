{#- The distinct categorical patterns (`cp`, categorical columns) of a scaled table, with `n` its
    rows; with `group`, also their scale `__sqlpriv_sg`. -#}
{% macro attacks_patterns(table, cats, group=false) -%}
select cp{% if group %}, __sqlpriv_sg{% endif %}{% for j in cats %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %}, count(*) as n from {{ sqlpriv.quote(table) }}
group by cp{% if group %}, __sqlpriv_sg{% endif %}{% for j in cats %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %}
{%- endmacro %}

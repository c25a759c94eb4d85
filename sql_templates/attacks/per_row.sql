{#- The per-target rows of an attack: the main targets, then the control targets. -#}
{% macro attacks_per_row(main, control=none) -%}
select 'main' as attack, * from {{ sqlpriv.quote(main) }}
{% if control is not none %}union all select 'control' as attack, * from {{ sqlpriv.quote(control) }}{% endif %}
order by attack desc, target
{%- endmacro %}

{#- The analysed columns whose value fixes the level of a by() expression: column j (key word
    f.w, mask f.mask) when no value of it occurs at two levels in the levels table
    (shapley/levels.sql). On every lattice subset holding such a column each cell lies inside
    one level, so shapley/cross_entropy_cells.sql sums its cross entropies from the cells alone
    (on UCI adult, education-num fixes education). One row (j) per such column. -#}
{% macro shapley_determining_columns(levels, fields) -%}
{% for f in fields %}
select {{ f.j | int }} as j
from (
    select k{{ f.w | int }} & {{ sqlpriv.literal(f.mask) }} as c, level
    from {{ sqlpriv.quote(levels) }}
    group by all
) as g
having count(*) = count(distinct c)
{% if not loop.last %}
union all
{% endif %}
{% endfor %}
{%- endmacro %}

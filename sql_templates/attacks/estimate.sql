{#- Probe: the number of (target tuple, candidate row) distances of the first search level, from
    which the plan chooses how many target chunks to run. -#}
{% macro attacks_estimate(tuples, pairs, levels) -%}
select coalesce(sum(p.n), 0) as n
from {{ sqlpriv.quote(tuples) }} as t
join {{ sqlpriv.quote(levels) }} as l on l.tcp = t.cp
join {{ sqlpriv.quote(pairs) }} as p on p.tcp = t.cp and p.m <= l.mk
{%- endmacro %}

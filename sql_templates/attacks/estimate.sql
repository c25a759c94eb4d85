{#- Probe: the (open target tuple, candidate row) distances of one search level, from which the
    plan chooses how many target chunks to run. -#}
{% macro attacks_estimate(open, pairs) -%}
select coalesce(sum(p.n), 0) as n
from {{ sqlpriv.quote(open) }} as t
join {{ sqlpriv.quote(pairs) }} as p on p.tcp = t.cp
{%- endmacro %}

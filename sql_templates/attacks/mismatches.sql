{#- Every pair of categorical patterns, target side x synthetic side, with `m` the number of
    categorical columns on which they differ: a lower bound of the distance of any two rows with
    these patterns. `n` counts the synthetic candidate rows of the pattern. -#}
{% macro attacks_mismatches(targets, candidates, cats) -%}
select a.cp as tcp, b.cp as scp, b.n,
  {% if cats %}{% for j in cats %}(case when {{ sqlpriv.not_distinct("a." ~ sqlpriv.quote("c" ~ j), "b." ~ sqlpriv.quote("c" ~ j)) }} then 0 else 1 end){{ " + " if not loop.last }}{% endfor %}{% else %}0{% endif %} as m
from (select distinct cp{% for j in cats %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %} from {{ sqlpriv.quote(targets) }}) as a
cross join (select cp{% for j in cats %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %}, count(*) as n from {{ sqlpriv.quote(candidates) }}
  group by cp{% for j in cats %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %}) as b
{%- endmacro %}

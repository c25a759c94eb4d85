{#- The random-guess baseline of inference, per distinct secret of the targets: how many targets
    hold it and how many synthetic rows would be a right guess for it (a uniformly drawn
    synthetic row is right with probability n_right / n_synthetic); the plan draws the successes. -#}
{% macro attacks_guess_odds(targets, synthetic, secret, regression, tolerance) -%}
select x.v, x.n, coalesce(sum(case when {{ sqlpriv.attacks_secret_match("g", "x", "v", regression, tolerance) }} then g.n end), 0) as n_right
from (select {{ sqlpriv.quote(secret) }} as v, count(*) as n from {{ sqlpriv.quote(targets) }} group by 1) as x
cross join (select {{ sqlpriv.quote(secret) }} as v, count(*) as n from {{ sqlpriv.quote(synthetic) }} group by 1) as g
group by x.v, x.n
order by x.v nulls first
{%- endmacro %}

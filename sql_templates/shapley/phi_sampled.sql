{#- Sampled per-pattern Shapley values: the mean over sampled orders of each column's
    marginal log2 N(before) - log2 N(after), and its standard error. -#}
{% macro shapley_phi_sampled(t, columns, samples, words) -%}
create or replace temp table {{ sqlpriv.quote(t.phi) }} as
with marginals as (
    select
{% for word in words %}
        p.k{{ loop.index0 }},
{% endfor %}
        s.col,
        coalesce(b.log_n, 0) - coalesce(a.log_n, 0) as m
    from {{ sqlpriv.quote(t.patterns) }} as p
    cross join (select * from {{ sqlpriv.quote(t.steps) }} where is_sample) as s
    left join {{ sqlpriv.quote(t.cohorts) }} as b
        on b.sid = s.before_sid{% for word in words %} and b.k{{ loop.index0 }} = p.k{{ loop.index0 }}{% endfor %}

    left join {{ sqlpriv.quote(t.cohorts) }} as a
        on a.sid = s.after_sid{% for word in words %} and a.k{{ loop.index0 }} = p.k{{ loop.index0 }}{% endfor %}

)
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    avg(m) filter (where col = {{ loop.index0 }}) as phi{{ loop.index0 }},
    coalesce(stddev_samp(m) filter (where col = {{ loop.index0 }}), 0) / sqrt({{ samples }}) as se{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from marginals
group by all
{%- endmacro %}

{#- Per column j and level: ARX's generalization loss of that column with nothing suppressed
    (sum of rows x domain share, normalised between n/|domain| and n, floored to 1e-10), the
    a-priori lower bound of the loss of any node at that level (suppression only adds loss).
    Columns: j, level, raw (the unnormalised sum), domain (hierarchy rows), bound, and entropy:
    ARX's non-uniform entropy of the column's generalization to that level, sum over the rows of
    log2(rows with the row's label at that level / rows with the row's original value) (MetricMDNUEntropyPrecomputed,
    gs-factor 0.5), and entropy_bound, it floored to 1e-10: the a-priori lower bound of the column's
    entropy at that level (suppression only adds to it). -#}
{% macro generalize_bounds(patterns, coded, heights, n) -%}
select j, level, raw, domain, entropy, floor(entropy * 1e10) / 1e10 as entropy_bound,
  case when domain <= 1 then 0.0
       else floor(greatest(0.0, (raw - {{ sqlpriv.literal(n) }} / domain) / ({{ sqlpriv.literal(n) }} - {{ sqlpriv.literal(n) }} / domain)) * 1e10) / 1e10
  end as bound
from (
{% for j in range(heights | length) %}
{% for level in range(heights[j]) %}
  select {{ j }} as j, {{ level }} as level,
    (select sum(cnt * {{ sqlpriv.quote("s_" ~ j ~ "_" ~ level) }}) from {{ sqlpriv.quote(patterns) }}) as raw,
    (select cast(count(*) as double) from {{ sqlpriv.quote(coded[j]) }}) as domain,
    (select coalesce(sum(a * log2(b / a)), 0.0) from (
      select a, sum(a) over (partition by gl) as b from (
        select any_value({{ sqlpriv.quote("g_" ~ j ~ "_" ~ level) }}) as gl, cast(sum(cnt) as double) as a
        from {{ sqlpriv.quote(patterns) }} group by {{ sqlpriv.quote("g_" ~ j ~ "_0") }}) v) e) as entropy
  {{ "union all" if not (loop.last and j == (heights | length) - 1) }}
{% endfor %}
{% endfor %}
) b
{%- endmacro %}

{#- For each target pattern, the smallest mismatch count `mk` at which the synthetic candidate
    rows of patterns with at most `mk` mismatches number at least `k` (the first search level). -#}
{% macro attacks_first_level(pairs, k) -%}
select tcp, min(m) as mk from (
  select tcp, m, sum(n) over (partition by tcp order by m range between unbounded preceding and current row) as cum
  from (select tcp, m, sum(n) as n from {{ sqlpriv.quote(pairs) }} group by tcp, m)
) where cum >= {{ sqlpriv.literal(k) }}
group by tcp
{%- endmacro %}

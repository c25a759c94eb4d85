{#- The subsets the hybrid cells step (shapley_sampling.add_hybrid_cells) counts straight from
    the patterns: those of at most `top` columns and those without a base (shapley/expand_bases.sql),
    at positions lo..hi in sid order when given. The larger ones are expanded from their bases. -#}
{% macro shapley_expand_low_subsets(t, top, lo=none, hi=none) -%}
(
    select * from {{ sqlpriv.quote(t.bases) }}
    where size <= {{ top }} or base is null
{% if lo is not none %}
    qualify row_number() over (order by sid) between {{ lo }} and {{ hi }}
{% endif %}
)
{%- endmacro %}

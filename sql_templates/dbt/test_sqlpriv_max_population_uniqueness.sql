{#- dbt generic test: at most `max_share` of the population is unique on `columns`, by Zayatz's
    estimate (docs/measures.md §9; the closed-form model: Pitman's, SNB and Dankar's rule need the
    Python package). The population is the table over `sampling_fraction`, or the sum of
    `weight`, or the table itself (then the estimate is the sample uniqueness). `entity`: class
    sizes count distinct entities (persons) instead of rows. Fails with one row of figures and a
    sentence.
            - sqlpriv_max_population_uniqueness: {arguments: {columns: [gender, age], max_share: 0.01, sampling_fraction: 0.1}} -#}
{% test sqlpriv_max_population_uniqueness(model, columns, max_share, sampling_fraction=none, weight=none, entity=none) %}
{% do sqlpriv.check_relation("sqlpriv_max_population_uniqueness", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_max_population_uniqueness", model, columns) %}
{% do sqlpriv.check_entity("sqlpriv_max_population_uniqueness", model, columns, entity, weight=weight) %}
{% do sqlpriv.check_fraction("sqlpriv_max_population_uniqueness", "max_share", max_share) %}
{% if sampling_fraction is not none and weight %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_max_population_uniqueness: give `weight` or `sampling_fraction`, not both (the weights' sum is the population the sample was drawn from)") %}
{% endif %}
{% if sampling_fraction is not none %}
{% do sqlpriv.check_fraction("sqlpriv_max_population_uniqueness", "sampling_fraction", sampling_fraction) %}
{% endif %}
{% set spec = [] %}
{% for c in columns %}{% do spec.append({"name": c, "expr": sqlpriv.quote(c)}) %}{% endfor %}
select
    z.*,
{% if weight %}
    case when wc.bad > 0 then {{ sqlpriv.check_weights_failure(weight) }} else
{% endif %}
    'an estimated ' || round(100 * z.population_uniqueness, 4) || '% of the population (Zayatz) is unique on '
        || {{ sqlpriv.literal(columns | join(", ")) }} || '; the test allows at most ' || round(100 * {{ sqlpriv.literal(max_share) }}, 4) || '%'
{% if weight %}
    end
{% endif %}
    as failure
from (
    with risk_classes as (
{{ sqlpriv.risk_classes(spec, model, weight=weight, sampling_fraction=none if weight else sampling_fraction, entity=entity) | indent(8, true) }}
    )
    select * from (
{{ sqlpriv.risk_zayatz("risk_classes") | indent(8, true) }}
    ) as zz
) as z
{% if weight %}
cross join ({{ sqlpriv.check_weights(model, weight) }}) as wc
{% endif %}
where z.population_uniqueness > {{ sqlpriv.literal(max_share) }}{% if weight %} or wc.bad > 0{% endif %}
{% endtest %}

{#- The summary table of the re-identification risk (docs/measures.md §9): one row per figure
    (figure, value, note), from the one-row sample statistics (risk/stats.sql over `relation`,
    the classes) and the population-uniqueness estimates `models` that the Python plan solved
    on the class-size histogram (risk/histogram.sql; sqlpriv/risk_models.py), rendered here as
    literals: name -> fraction of the population that is unique, or none where the model did not
    converge (NaN, with the model named in the note). `dankar_model` names the model Dankar's
    rule picked. `inline`: the arguments of risk_classes (a CTE instead of the table `relation`).
    `weighted`: the global risk (sdcMicro) rows; `body`: the rendered per-row query
    (risk/per_row.sql with a household column) whose household risk is summed; `key`: the
    body's key column (a key named household_risk leaves the figure _household_risk).
    `guard` (DuckDB; a dict of `fingerprint` and `population`): the figures rendered as literals
    were solved on one class-size histogram; every row then checks that the classes still have
    it (the md5 of its 'size:classes' list, smallest size first) and the same population, and
    stops with an error otherwise, so that a printed script run on changed data never prints
    the old data's estimates beside fresh counts.
    `wildcard`: `relation` holds risk/wildcard.sql's patterns (risk/stats.sql's wildcard form);
    `model_note`: the note of a model whose value is none. -#}
{% macro risk_summary(relation, threshold, sampling_fraction, models, dankar_model, weighted=false, body=none, inline=none, key=none, guard=none, wildcard=false, model_note="did not converge") -%}
{% set household_risk = "_household_risk" if key and key | lower == "household_risk" else "household_risk" %}
{% set sample = [
    ("records", "s.records", none),
    ("classes", "s.classes", none),
    ("smallest_class", "s.smallest_class", none),
    ("largest_class", "s.largest_class", none),
    ("sample_uniques", "s.sample_uniques", none),
    ("sample_uniqueness", "cast(s.sample_uniques as double) / s.records", none),
    ("prosecutor_average_risk", "s.prosecutor_average_risk", none),
    ("prosecutor_highest_risk", "s.prosecutor_highest_risk", none),
    ("prosecutor_records_at_risk", "s.prosecutor_records_at_risk", "threshold"),
    ("journalist_average_risk", "s.journalist_average_risk", none),
    ("journalist_highest_risk", "s.journalist_highest_risk", none),
    ("journalist_records_at_risk", "s.journalist_records_at_risk", "threshold"),
    ("marketer_risk", "s.marketer_risk", none),
    ("population_size", "s.population", none),
] %}
with
{% if inline %}
risk_classes as (
{{ sqlpriv.risk_classes(**inline) | indent(4, true) }}
),
{% endif %}
s as (
{{ sqlpriv.risk_stats("risk_classes" if inline else relation, threshold, wildcard=wildcard) | indent(4, true) }}
){% if body %},
hh as (
    select sum({{ sqlpriv.quote(household_risk) }}) as expected, avg({{ sqlpriv.quote(household_risk) }}) as share
    from (
{{ body | indent(8, true) }}
    ) as p
){% endif %}{% if guard %},
guard as (
    select case
        when h.fingerprint is distinct from {{ sqlpriv.literal(guard.fingerprint) }}
            or abs(s.population - cast({{ sqlpriv.literal(guard.population) }} as double)) > 1e-9 * cast({{ sqlpriv.literal(guard.population) }} as double)
        then error('sqlpriv: the data changed since this script was generated (Pitman''s, Zayatz''s, the SNB and Dankar''s estimates in it were solved on the old class sizes); generate it again')
        else 0 end as ok
    from s
    cross join (
        select md5(string_agg(cast(size as varchar) || ':' || cast(classes as varchar), ',' order by size)) as fingerprint
        from (select f as size, count(*) as classes from {{ "risk_classes" if inline else relation }} group by f) as c
    ) as h
){% endif %}

{% for name, expr, note in sample %}
select {{ sqlpriv.literal(name) }} as figure, cast({{ expr }} as double) as value, {{ sqlpriv.literal("risk > " ~ threshold) if note else "cast(null as " ~ sqlpriv.text_type() ~ ")" }} as note from s{{ " cross join guard where guard.ok = 0" if guard else "" }}
union all
{% endfor %}
select {{ sqlpriv.literal("sampling_fraction") }}, cast({{ sqlpriv.literal(sampling_fraction) }} as double), cast(null as {{ sqlpriv.text_type() }}) from s{{ " cross join guard where guard.ok = 0" if guard else "" }}
{% for name, value in models %}
union all
select {{ sqlpriv.literal("population_uniqueness_" ~ name) }}, cast({{ sqlpriv.literal(value if value is not none else "NaN") }} as double), {{ sqlpriv.literal(model_note) if value is none else "cast(null as " ~ sqlpriv.text_type() ~ ")" }} from s{{ " cross join guard where guard.ok = 0" if guard else "" }}
{% endfor %}
{% if models %}
union all
select {{ sqlpriv.literal("dankar_model") }}, cast(null as double), {{ sqlpriv.literal(dankar_model) }} from s{{ " cross join guard where guard.ok = 0" if guard else "" }}
{% endif %}
{% if weighted %}
union all
select {{ sqlpriv.literal("expected_reidentifications") }}, cast(s.expected_reidentifications as double), cast(null as {{ sqlpriv.text_type() }}) from s
union all
select {{ sqlpriv.literal("global_risk") }}, cast(s.expected_reidentifications as double) / s.records, cast(null as {{ sqlpriv.text_type() }}) from s
{% endif %}
{% if body %}
union all
select {{ sqlpriv.literal("household_expected_reidentifications") }}, cast(hh.expected as double), cast(null as {{ sqlpriv.text_type() }}) from hh
union all
select {{ sqlpriv.literal("household_risk") }}, cast(hh.share as double), cast(null as {{ sqlpriv.text_type() }}) from hh
{% endif %}
{%- endmacro %}

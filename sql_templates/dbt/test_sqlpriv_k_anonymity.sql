{#- dbt generic test: `model` is k-anonymous on `columns` (every combination of their values
    is shared by at least k rows; with `entity`, by at least k distinct entities: a person with
    several rows counts once). Fails with one row per smaller class: the class's values, its
    class_size and a sentence saying what is wrong. `missing`: "category" (default: a NULL is one
    more value) or "wildcard" (a NULL matches any value, as sdcMicro measures a locally suppressed
    table: risk/wildcard.sql with alpha = 1; class_size counts every row that matches).
      models:
        - name: patients
          data_tests:
            - sqlpriv_k_anonymity: {arguments: {columns: [gender, age, zip], k: 5}} -#}
{% test sqlpriv_k_anonymity(model, columns, k=5, entity=none, missing="category") %}
{% do sqlpriv.check_relation("sqlpriv_k_anonymity", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_k_anonymity", model, columns) %}
{% do sqlpriv.check_k("sqlpriv_k_anonymity", k) %}
{% do sqlpriv.check_entity("sqlpriv_k_anonymity", model, columns, entity) %}
{% if missing not in ("category", "wildcard") %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_k_anonymity: argument `missing` must be 'category' or 'wildcard', got " ~ missing) %}
{% endif %}
{% if missing == "wildcard" and entity %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_k_anonymity: missing='wildcard' counts rows; it cannot count distinct entities (leave out `entity`, or use missing='category')") %}
{% endif %}
select
    small.*,
    'only ' || small.class_size || {{ sqlpriv.literal(" distinct " ~ entity ~ " value(s)" if entity else (" row(s) (a missing value matching any)" if missing == "wildcard" else " row(s)")) }} || ' share these values of '
        || {{ sqlpriv.literal(columns | join(", ")) }} || '; k-anonymity needs at least {{ k }}' as failure
from (
{% if missing == "wildcard" %}
{% set specs = [] %}
{% for c in columns %}{% do specs.append({"name": c, "expr": sqlpriv.quote(c)}) %}{% endfor %}
    select
{% for c in columns %}
        w.{{ sqlpriv.quote("q" ~ loop.index0) }} as {{ sqlpriv.quote(c) }},
{% endfor %}
        cast(w.f as bigint) as class_size
    from (
{{ sqlpriv.risk_wildcard(columns=specs, source=model) }}
    ) as w
    where w.f < {{ sqlpriv.literal(k) }}
{% else %}
{{ sqlpriv.request_small_classes(source=model, columns=columns, k=k, entity=entity) }}
{% endif %}
) as small
{% endtest %}

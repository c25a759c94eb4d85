{#- The risk measure as one statement (docs/measures.md §9), for Spark, dbt and `sqlpriv sql`:
    the classes are a CTE (risk/classes.sql) instead of a plan table. `output`: 'summary' (needs
    `models` and `dankar_model`, solved by the caller on the 'histogram' output), 'per_row' or
    'histogram' (or 'units': n with `entity`). `sampling_fraction` here is the one the classes use for F_k = f_k / pi (none with
    weights); `fraction` is the one reported in the summary. -#}
{% macro risk_query(columns, source, output="summary", weight=none, sampling_fraction=none, fraction=none, threshold=0.2, models=[], dankar_model="none", key=none, row_name="row", household=none, entity=none) -%}
{% set inline = {"columns": columns, "source": source, "weight": weight, "sampling_fraction": sampling_fraction, "entity": entity} %}
{% if output == "units" %}
{{ sqlpriv.risk_units(columns, source, entity) }}
{% elif output == "histogram" %}
{{ sqlpriv.risk_histogram(inline=inline) }}
{% elif output == "per_row" %}
{{ sqlpriv.risk_per_row(columns, source, key=key, row_name=row_name, household=household, inline=inline) }}
{% else %}
{{ sqlpriv.risk_summary(none, threshold, fraction, models, dankar_model, weighted=weight is not none, body=sqlpriv.risk_per_row(columns, source, relation="risk_classes", key=key, row_name=row_name, household=household) if household else none, inline=inline, key=key) }}
{% endif %}
{%- endmacro %}

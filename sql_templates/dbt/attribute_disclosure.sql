{#- dbt model: the attribute-disclosure figures of the `sensitive` columns given the
    quasi-identifiers `columns` (docs/measures.md §8). output "summary" (default): one row per
    sensitive column (column, distance, l_diversity, entropy_l_diversity, recursive_c,
    recursive_l, alpha, k, t_closeness, delta_disclosure, basic_beta_likeness,
    enhanced_beta_likeness, entropy); "classes": one row per sensitive column and class.
    {{ sqlpriv.attribute_disclosure(ref('patients'), ['zip', 'age'], ['diagnosis']) }} -#}
{% macro attribute_disclosure(relation, columns, sensitive, output="summary", ordered=none) -%}
{% do sqlpriv.check_relation("attribute_disclosure", relation) %}
{% do sqlpriv.check_columns("attribute_disclosure", relation, columns) %}
{% if output not in ("summary", "classes") %}
{% do exceptions.raise_compiler_error("sqlpriv.attribute_disclosure: argument `output` must be 'summary' or 'classes', got " ~ output) %}
{% endif %}
{% set spec = sqlpriv.check_sensitive("attribute_disclosure", relation, columns, sensitive, ordered) %}
{{ sqlpriv.disclosure_query(source=relation, qis=columns, sens=spec.sens, meta=spec.meta, output=output) }}
{%- endmacro %}

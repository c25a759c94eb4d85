{#- dbt: every sqlpriv DuckDB helper macro as CREATE OR REPLACE MACRO (persistent: dbt's
    threads each open their own DuckDB connection, which would not see temp macros), in
    dependency order. Run by this package's on-run-start hook; call it from your own hook if
    you disable that one. The list is checked against the Python macro order by the tests. -#}
{% macro create_duckdb_macros() -%}
{% set names = [
    "sqlpriv_binomial",
    "sqlpriv_entropy_term",
    "sqlpriv_has_bit",
    "sqlpriv_pif_kl_term",
    "sqlpriv_pif_mix",
    "sqlpriv_pif_xlog2x",
    "sqlpriv_request_decision",
    "sqlpriv_request_gate",
    "sqlpriv_safe_log2",
    "sqlpriv_shapley_weight",
    "sqlpriv_shapley_coefficient",
    "sqlpriv_so_set_items",
] %}
{% if target.type == "duckdb" %}{# on Spark the dialect variants inline these expressions: nothing to create #}
{% for name in names %}
{{ sqlpriv["macros_" ~ name](temp=false) }};
{% endfor %}
{% endif %}
{%- endmacro %}

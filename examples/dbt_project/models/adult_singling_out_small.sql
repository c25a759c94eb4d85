-- adult_singling_out on the slices aged 30 to 34, univariate (built on both targets; checked on
-- Spark by tests/test_dbt_attacks_spark.py, a heavy test: the one-statement SQL draw costs minutes
-- on local Spark, so the big dbt-spark build leaves this model out by its tag attacks_spark_slow)
{{ config(tags=["attacks_small", "attacks_spark_slow"]) }}
{{ sqlpriv.singling_out_queries_risk(
    ref('adult_original_small'),
    ref('adult_synthetic_small'),
    control=ref('adult_control_small'),
    n_attacks=100
) }}

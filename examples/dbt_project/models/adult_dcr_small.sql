-- adult_dcr on the slices aged 30 to 34 (built on both targets; checked on Spark by
-- tests/test_dbt_attacks_spark.py, a heavy test, with adult_singling_out_small: tag attacks_spark_slow)
{{ config(tags=["attacks_small", "attacks_spark_slow"]) }}
{{ sqlpriv.dcr_risk(
    ref('adult_original_small'),
    ref('adult_synthetic_small'),
    control=ref('adult_control_small')
) }}

-- the synthetic adult seed's rows aged 30 to 34 (63 rows): a slice small enough for the attack
-- models on local Spark (tests/test_dbt_project_spark.py; each full-seed attack costs minutes there)
{{ config(tags=["attacks_small"]) }}
select * from {{ ref('adult_synthetic') }} where age between 30 and 34

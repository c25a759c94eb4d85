-- a small stand-in for flare_locally_suppressed: three keys, k = 3, both rules (a round or two
-- each; greedy blanks fewer cells): tests/test_dbt_project.py checks it on DuckDB,
-- tests/test_dbt_local_suppression_spark.py on dbt-spark, each against Python
{{ config(materialized='sqlpriv_local_suppression', keys=['class', 'spot_distribution', 'area'], k=3, tags=['local_suppression']) }}
select * from {{ ref('flare') }}

-- the flare table with a few key cells blanked until every region's class on four keys, a blank
-- matching any value, has at least 3 regions (materialization sqlpriv_local_suppression: the
-- rounds run in the warehouse; tests/test_dbt_project.py checks it against Python)
{{ config(materialized='sqlpriv_local_suppression', keys=['class', "largest spot's size", 'spot_distribution', 'area'], k=3, tags=['local_suppression']) }}
select * from {{ ref('flare') }}

-- local suppression within each activity level, sdcMicro's rule, spot size the most important key
{{ config(materialized='sqlpriv_local_suppression', keys=['class', "largest spot's size", 'spot_distribution'], k=3, strata=['activity'], importance=[2, 1, 3], method='sdcmicro', tags=['local_suppression']) }}
select * from {{ ref('flare') }}

{#- Dense integer codes (1..K) for the distinct values of one analysed column, NULL included. -#}
create or replace temp table {{ dict | quote }} as
select v, row_number() over () as code
from (select distinct {{ column | quote }} as v from {{ t.analysed | quote }})

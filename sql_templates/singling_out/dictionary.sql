{#- Dense codes 1..K for the distinct values of one column over BOTH tables (NULL included,
    so that NULL matches NULL), shared so packed keys compare across tables. -#}
create or replace temp table {{ dict | quote }} as
select v, row_number() over () as code
from (
    select {{ column | quote }} as v from {{ t.ori | quote }}
    union
    select {{ column | quote }} as v from {{ t.syn | quote }}
)

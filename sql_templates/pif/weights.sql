{#- The entropies behind the wCIG weights: per column H(j), H(j | others) and the weight. -#}
select "column", entropy, conditional_entropy, weight
from {{ t.pif_entropies | quote }}
order by j

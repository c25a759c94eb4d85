{#- Probe: the numeric precision (decimals) used for float rounding. -#}
select p from {{ t.precision | quote }}

{#- Probe: distinct rows and all rows (with exact duplicates) of one prepared table. -#}
select count(*) as distinct_rows, sum(__sqlpriv_copies) as rows from {{ table | quote }}

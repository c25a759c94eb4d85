{#- A file source as a view: reader is read_csv / read_parquet / read_json. -#}
create or replace temp view {{ view | quote }} as
select * from {{ reader }}({{ path | literal }})

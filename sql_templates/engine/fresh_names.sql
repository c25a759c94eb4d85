{#- Probe: names of existing tables and views starting with a prefix (bound as $1). -#}
select table_name from information_schema.tables where starts_with(table_name, ?)

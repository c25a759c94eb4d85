{#- A DuckDB database file attached read-only and made the default catalog. -#}
attach {{ path | literal }} as {{ alias | quote }} (read_only)

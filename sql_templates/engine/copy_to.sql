{#- A result query written to a file by the DuckDB shell (Parquet, or CSV with a header). -#}
copy (
{{ query }}
) to {{ path | literal }} (format {{ fmt }}{{ ", header true" if fmt == "csv" }})

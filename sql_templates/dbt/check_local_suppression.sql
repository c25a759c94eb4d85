{#- dbt: stop before any table is written unless the configuration of a
    materialized='sqlpriv_local_suppression' model is one local suppression can run (the checks of
    sqlpriv/suppress/checks.py, the same messages): `keys` distinct column names of the model's
    select (`available`), `strata` columns that are not keys, `k` an integer >= 1, `importance`
    a rank 1..len(keys) per key, `combs` subset sizes 1..len(keys), `method` one of the rules a
    dbt model runs, `max_suppressed` a whole number of cells >= 0. -#}
{% macro check_local_suppression(available, keys, k, strata, importance, combs, method, max_suppressed) -%}
{% set where = "sqlpriv.local_suppression (materialized='sqlpriv_local_suppression')" %}
{% if keys is string or keys is mapping or keys is not iterable or not keys or keys | reject("string") | list %}
{% do exceptions.raise_compiler_error(where ~ ": config `keys` must be a non-empty list of column names, e.g. ['region', 'age'], got " ~ keys) %}
{% endif %}
{% if keys | map("lower") | unique | list | length != keys | length %}
{% do exceptions.raise_compiler_error(where ~ ": config `keys` names a column twice: " ~ keys | join(", ")) %}
{% endif %}
{% do sqlpriv.check_k("local_suppression", k) %}
{% set lowered = available | map("lower") | list %}
{% for c in keys + strata %}
{% if c is not string or c | lower not in lowered %}
{% do exceptions.raise_compiler_error(where ~ ": the model's select has no column " ~ c ~ "; its columns are: " ~ available | join(", ")) %}
{% endif %}
{% if c in strata and c | lower in keys | map("lower") | list %}
{% do exceptions.raise_compiler_error(where ~ ": a column cannot be both a key and a stratum (" ~ c ~ "); leave it out of one of them") %}
{% endif %}
{% endfor %}
{% if method not in ("auto", "greedy", "sdcmicro") %}
{% do exceptions.raise_compiler_error(where ~ ": method must be 'auto', 'greedy' or 'sdcmicro' (the exact mode's integer program runs in Python: sqlpriv.local_suppression(..., method='exact')), got " ~ method) %}
{% endif %}
{% set n = keys | length %}
{% if importance is not none %}
{% if importance is string or importance is not iterable or importance | length != n or importance | reject("integer") | list or importance | select("lt", 1) | list or importance | select("gt", n) | list %}
{% do exceptions.raise_compiler_error(where ~ ": importance must give each of the " ~ n ~ " keys a rank from 1 (most important, suppressed last) to " ~ n ~ ", got " ~ importance) %}
{% endif %}
{% endif %}
{% if combs is not none %}
{% if combs is string or combs is not iterable or not combs or combs | reject("integer") | list or combs | select("lt", 1) | list or combs | select("gt", n) | list %}
{% do exceptions.raise_compiler_error(where ~ ": combs must be subset sizes between 1 and the number of keys (" ~ n ~ "), got " ~ combs) %}
{% endif %}
{% endif %}
{% if max_suppressed is not none and (max_suppressed is not integer or max_suppressed is sameas true or max_suppressed is sameas false or max_suppressed < 0) %}
{% do exceptions.raise_compiler_error(where ~ ": max_suppressed must be a whole number of cells >= 0, got " ~ max_suppressed) %}
{% endif %}
{%- endmacro %}

{#- dbt materialization: local suppression (docs/measures.md, local suppression; sdcMicro's
    localSuppression), as sqlpriv.local_suppression(..., method=...): the model's select is the
    source; key cells are blanked (NULL) until every record's class on `keys`, a NULL matching any
    value, has at least `k` records, and the released table (every row and column of the select,
    in its order) is the model's table. The rounds are the package's templates, run one statement
    each with run_query until no pattern is below k, as sqlpriv/suppress/rounds.py runs them
    (suppress/sizes.sql, packed_check.sql, round.sql; the greedy rule on packed values, code.sql,
    packed_sizes.sql, packed_round.sql, where the keys' ranks fit one integer; at most
    3 x keys + 1 rounds per key subset), then suppress/release.sql. DuckDB (dbt-duckdb): all inside the model's transaction, so a
    refusal or a failure leaves the warehouse as it was. Spark (dbt-spark, dbt-databricks): the
    same templates in the Spark dialect, each work table a table in the model's schema
    (dbt/local_suppression_table.sql), dropped at the end and before a refusal; the model's
    table is replaced only once its release is written. Other adapters are refused. Config:
    keys (required), k (2), strata, importance, combs, method ('auto': the fewer cells of 'greedy'
    and 'sdcmicro'; the exact mode runs in Python only), max_suppressed (a budget of cells).
      {{ config(materialized='sqlpriv_local_suppression', keys=['region', 'age'], k=3) }}
      select * from {{ ref('survey') }} -#}
{% materialization sqlpriv_local_suppression, default %}
{%- set keys = config.require("keys") -%}
{%- set k = config.get("k", 2) -%}
{%- set strata = config.get("strata", []) or [] -%}
{%- set strata = [strata] if strata is string else strata -%}
{%- set importance = config.get("importance", none) -%}
{%- set combs = config.get("combs", none) -%}
{%- set combs = [combs] if combs is integer else combs -%}
{%- set method = config.get("method", "auto") -%}
{%- set max_suppressed = config.get("max_suppressed", none) -%}
{%- set target_relation = this.incorporate(type="table") -%}
{%- set existing_relation = load_cached_relation(this) -%}
{%- set intermediate_relation = sqlpriv.local_suppression_relation(target_relation, "__dbt_tmp") -%}
{%- set backup_relation = make_backup_relation(target_relation, "table" if existing_relation is none else existing_relation.type) -%}
{% do drop_relation_if_exists(load_cached_relation(intermediate_relation)) %}
{% do drop_relation_if_exists(load_cached_relation(backup_relation)) %}
{% do run_hooks(pre_hooks, inside_transaction=False) %}
{% do run_hooks(pre_hooks, inside_transaction=True) %}
{% if target.type not in ("duckdb", "spark", "databricks") %}
{% do exceptions.raise_compiler_error("sqlpriv.local_suppression (materialized='sqlpriv_local_suppression'): the materialization runs on DuckDB (dbt-duckdb) and Spark (dbt-spark, dbt-databricks) targets; this target's adapter is " ~ target.type ~ ": run sqlpriv.local_suppression in Python and load its table") %}
{% endif %}
{#- the work tables (dbt/local_suppression_table.sql; on DuckDB temporary, the connection's own,
    never in the database file, gone when dbt ends even if a check below stops the model; dropped
    before the refusals below): the model's select, the starting state, each round's class sizes
    and state -#}
{% set work = [] %}
{% set src = sqlpriv.local_suppression_table(this, "__sqlpriv_ls_src", compiled_code) %}
{% do work.append(src) %}
{% set available = adapter.get_columns_in_relation(src) | map(attribute="name") | list %}
{% do sqlpriv.check_local_suppression(available, keys, k, strata, importance, combs, method, max_suppressed) %}
{#- the names as the select spells them -#}
{% set by_lower = {} %}
{% for c in available %}{% do by_lower.update({c | lower: c}) %}{% endfor %}
{% set key_names = [] %}
{% set specs = [] %}
{% for c in keys %}
{% do key_names.append(by_lower[c | lower]) %}
{% do specs.append({"name": by_lower[c | lower], "expr": sqlpriv.quote(by_lower[c | lower])}) %}
{% endfor %}
{% set strata_names = [] %}
{% for s in strata %}{% do strata_names.append(by_lower[s | lower]) %}{% endfor %}
{% set nk = key_names | length %}
{% set ns = strata_names | length %}
{% set where = "sqlpriv.local_suppression (materialized='sqlpriv_local_suppression')" %}
{% set facts = run_query(sqlpriv.suppress_facts(keys=specs, strata=strata_names, source=src)).rows[0] %}
{% if (facts[0] | int) == 0 %}
{% for rel in work %}{% do adapter.drop_relation(rel) %}{% endfor %}
{% do exceptions.raise_compiler_error(where ~ ": the model's select has no rows to suppress") %}
{% endif %}
{% if k > (facts[1] | int) %}
{% for rel in work %}{% do adapter.drop_relation(rel) %}{% endfor %}
{% do exceptions.raise_compiler_error(where ~ ": k=" ~ k ~ " is larger than " ~ ("its smallest stratum" if ns else "the table") ~ " (" ~ (facts[1] | int) ~ " rows): no suppression reaches it; lower k or merge strata") %}
{% endif %}
{#- the keys, the first to suppress first (sqlpriv/suppress/checks.py key_order): by importance,
    else the key with the most distinct values first, ties to the later key -#}
{% set ranks = [] %}
{% if importance is none %}
{% set by_categories = [] %}
{% for j in range(nk) %}{% do by_categories.append([facts[2 + j] | int, j]) %}{% endfor %}
{% set rank_of = {} %}
{% for pair in by_categories | sort %}{% do rank_of.update({pair[1]: loop.index}) %}{% endfor %}
{% for j in range(nk) %}{% do ranks.append(rank_of[j]) %}{% endfor %}
{% else %}
{% for r in importance %}{% do ranks.append(r) %}{% endfor %}
{% endif %}
{% set ordered = [] %}
{% for j in range(nk) %}{% do ordered.append([0 - ranks[j], j]) %}{% endfor %}
{% set order = ordered | sort | map(attribute=1) | list %}
{#- the key subsets to protect: all keys, or every subset of each size in combs (lexicographic) -#}
{% set subsets = [] %}
{% if combs is none %}
{% do subsets.append(range(nk) | list) %}
{% else %}
{% for c in combs %}
{% set of_size = [] %}
{% for m in range(2 ** nk) %}
{% set members = [] %}
{% for j in range(nk) if (m // 2 ** j) % 2 == 1 %}{% do members.append(j) %}{% endfor %}
{% if members | length == c %}{% do of_size.append(members) %}{% endif %}
{% endfor %}
{% for s in of_size | sort %}{% do subsets.append(s) %}{% endfor %}
{% endfor %}
{% endif %}
{% set start = sqlpriv.local_suppression_table(this, "__sqlpriv_ls_start", sqlpriv.suppress_start(keys=specs, strata=strata_names, source=src)) %}
{% do work.append(start) %}
{#- the greedy rule on packed values when the keys' dense ranks fit one integer (rounds.packing:
    key j's field is bit_length(its distinct values) bits, key 0 highest, at most 62 in all) -#}
{% set pack = namespace(bits=0, shifts=[], fms=[]) %}
{% set widths = [] %}
{% for j in range(nk) %}
{% set w = namespace(bits=none) %}
{% for b in range(64) %}{% if w.bits is none and 2 ** b > (facts[2 + j] | int) %}{% set w.bits = b %}{% endif %}{% endfor %}
{% do widths.append(w.bits) %}
{% set pack.bits = pack.bits + w.bits %}
{% endfor %}
{% for j in range(nk) %}
{% set shift = widths[j + 1:] | sum %}
{% do pack.shifts.append(shift) %}
{% do pack.fms.append((2 ** widths[j] - 1) * 2 ** shift) %}
{% endfor %}
{#- the rounds of each rule (auto: both, the fewer cells kept; ties to greedy, as in Python), as
    sqlpriv/suppress/rounds.py greedy() and packed_greedy(): each round's class sizes one table
    (its patterns one before it), read by the check and by the round -#}
{% set best = namespace(state=none, cells=none, rule=none) %}
{% for rule in (["greedy", "sdcmicro"] if method == "auto" else [method]) %}
{% set packed = rule == "greedy" and pack.bits <= 62 %}
{% set st = namespace(state=start, count=0) %}
{% if packed %}
{% set st.state = sqlpriv.local_suppression_table(this, "__sqlpriv_ls_code", sqlpriv.suppress_code(relation=start, nk=nk, shifts=pack.shifts)) %}
{% do work.append(st.state) %}
{% endif %}
{% for subset in subsets %}
{% set conv = namespace(done=false) %}
{% for r in range(3 * (subset | length) + 1) %}
{% set st.count = st.count + 1 %}
{% set suffix = "__sqlpriv_ls_" ~ rule ~ "_sizes_" ~ st.count %}
{% if packed %}
{% set pats = sqlpriv.local_suppression_table(this, suffix ~ "_patterns", sqlpriv.suppress_packed_sizes(relation=st.state, subset=subset, ns=ns, fms=pack.fms, output="patterns")) %}
{% set sizes = sqlpriv.local_suppression_table(this, suffix, sqlpriv.suppress_packed_sizes(relation=st.state, subset=subset, ns=ns, fms=pack.fms, patterns=pats)) %}
{% else %}
{% set pats = sqlpriv.local_suppression_table(this, suffix ~ "_patterns", sqlpriv.suppress_sizes(relation=st.state, subset=subset, ns=ns, output="patterns")) %}
{% set sizes = sqlpriv.local_suppression_table(this, suffix, sqlpriv.suppress_sizes(relation=st.state, subset=subset, ns=ns, prio=true, patterns=pats)) %}
{% endif %}
{% do work.extend([pats, sizes]) %}
{% set violations = run_query(sqlpriv.suppress_packed_check(relation=sizes, k=k)).rows[0][0] | int %}
{% if violations == 0 %}{% set conv.done = true %}{% break %}{% endif %}
{% if packed %}
{% set body = sqlpriv.suppress_packed_round(relation=st.state, patterns=sizes, subset=subset, ns=ns, nk=nk, k=k, order=order, fms=pack.fms, defer=r < 2 * (subset | length)) %}
{% else %}
{% set body = sqlpriv.suppress_round(relation=st.state, subset=subset, ns=ns, nk=nk, k=k, order=order, rule=rule, defer=(rule == "greedy" and r < 2 * (subset | length)), sizes=sizes) %}
{% endif %}
{% set st.state = sqlpriv.local_suppression_table(this, "__sqlpriv_ls_" ~ rule ~ "_" ~ st.count, body) %}
{% do work.append(st.state) %}
{% endfor %}
{% if not conv.done %}
{% for rel in work %}{% do adapter.drop_relation(rel) %}{% endfor %}
{% do exceptions.raise_compiler_error(where ~ ": local suppression did not converge; this is a sqlpriv bug, please report it") %}
{% endif %}
{% endfor %}
{% set cells = run_query(sqlpriv.suppress_check(relation=st.state, subset=[], ns=0, output="total")).rows[0][0] | int %}
{% if best.cells is none or cells < best.cells %}
{% set best.state = st.state %}{% set best.cells = cells %}{% set best.rule = rule %}
{% endif %}
{% endfor %}
{% set reached = run_query(sqlpriv.suppress_check(relation=best.state, subset=range(nk) | list, ns=ns, output="reached")).rows[0][0] %}
{% if max_suppressed is not none and best.cells > max_suppressed %}
{% for rel in work %}{% do adapter.drop_relation(rel) %}{% endfor %}
{% do exceptions.raise_compiler_error(where ~ ": no suppression within the budget of " ~ max_suppressed ~ " cells was found: the best found suppresses " ~ best.cells ~ " (" ~ (best.cells - max_suppressed) ~ " over); raise max_suppressed, lower k, or recode the keys first (sqlpriv.generalize)") %}
{% endif %}
{% set per_key = run_query(sqlpriv.suppress_summary(relation=best.state, keys=key_names)).rows %}
{% set counts = [] %}
{% for row in per_key %}{% do counts.append(row[0] ~ ": " ~ (row[1] | int)) %}{% endfor %}
{% do log(where ~ " " ~ this ~ ": " ~ best.cells ~ " cell(s) suppressed (method " ~ best.rule ~ "; " ~ counts | join(", ") ~ "), k reached " ~ reached, info=true) %}
{% set create_sql = create_table_as(False, intermediate_relation, sqlpriv.suppress_release(source=src, relation=best.state, columns=available, keys=key_names, strata=strata_names)) %}
{% call statement("main") -%}
{{ create_sql }}
{%- endcall %}
{% if existing_relation is not none %}
{% do adapter.rename_relation(existing_relation, backup_relation) %}
{% endif %}
{% do adapter.rename_relation(intermediate_relation, target_relation) %}
{% for rel in work %}{% do adapter.drop_relation(rel) %}{% endfor %}
{% do run_hooks(post_hooks, inside_transaction=True) %}
{% do persist_docs(target_relation, model) %}
{% do adapter.commit() %}
{% do drop_relation_if_exists(backup_relation) %}
{% do run_hooks(post_hooks, inside_transaction=False) %}
{% do return({"relations": [target_relation]}) %}
{% endmaterialization %}

{#- The seeded draw of the singling-out queries in SQL (docs/measures.md §10.2, "The SQL draw"):
    the dbt model sqlpriv.singling_out_queries_risk and sqlpriv.singling_out_queries(draw="sql")
    render the same CTEs, so both attack with the same queries. Every random choice is a number
    md5_int("<seed>:<tag>:<a>[:<b>[:<c>]]") of the attempt, guess, column index j (0-based, in the
    order of `columns`) and value index (0-based in the column's distinct values, NULL first):
    - univariate: anonymeter's candidates that single out one distinct synthetic record (`c is
      null` for a column with one NULL, `c <= min` / `c >= max` of a number held by one record,
      `c == v` for each value held by one record), ordered by md5_int("<seed>:u:<j>:<kind>:<idx>")
      (kind 0 isna, 1 min, 2 max, 3 rare), the first `n_attacks`: a uniformly random subset, as
      anonymeter's shuffle;
    - multivariate: attempt i = 0, 1, ... < `attempts` takes the distinct synthetic record of rank
      md5_int("<seed>:r:<i>") mod n and the `n_cols` columns of smallest md5_int("<seed>:c:<i>:<j>"),
      builds anonymeter's query of that record (NULL: isna; number: >= above the median, else <=;
      else ==), keeps it when it matches exactly one distinct synthetic record and no earlier
      attempt kept it; the first `n_attacks` kept, by attempt;
    - baseline: as many guesses as queries made (n_attacks when none), guess g on the n_cols
      columns (1 in univariate mode) of smallest md5_int("<seed>:bc:<g>:<j>"), each the distinct
      value of index md5_int("<seed>:bv:<g>:<j>") mod (its distinct values, NULL one of them) with
      the operator md5_int("<seed>:bo:<g>:<j>") mod 6 of (==, !=, <, >, <=, >=) for a number, mod 2
      of (==, !=) for text, (is, not) for a boolean, (isna, notna) for NULL.
    `synthetic`: the name of the distinct synthetic table with its __sqlpriv_rank (attacks/so_distinct.sql);
    `columns`: [{name, kind}] with kind number, boolean or text. -#}

{#- A column as text, for a key. -#}
{% macro attacks_draw_text(name) -%}
cast({{ sqlpriv.quote(name) }} as {{ sqlpriv.text_type() }})
{%- endmacro %}

{#- md5_int of "<seed>:<tag>:<first>[:<second>[:<third>]]" (column names of the current select). -#}
{% macro attacks_draw_key(seed, tag, first, second=none, third=none) -%}
{{ sqlpriv.md5_int(sqlpriv.literal(seed ~ ":" ~ tag ~ ":") ~ " || " ~ sqlpriv.attacks_draw_text(first) ~ ((" || ':' || " ~ sqlpriv.attacks_draw_text(second)) if second is not none else "") ~ ((" || ':' || " ~ sqlpriv.attacks_draw_text(third)) if third is not none else "")) }}
{%- endmacro %}

{#- Whether record `t` matches the wide query `q` (its __sqlpriv_op_<j> and __sqlpriv_v_<j>; a NULL
    operator leaves the column out), with anonymeter 1.1's NULL semantics as attacks/so_condition.sql:
    a NULL matches only isna (and fails notna). `q`, `t`: table aliases. -#}
{% macro attacks_draw_match(q, t, columns) -%}
({% for c in columns %}
{%- set dq_op = sqlpriv.quote(q) ~ "." ~ sqlpriv.quote("__sqlpriv_op_" ~ loop.index0) %}
{%- set dq_v = sqlpriv.quote(q) ~ "." ~ sqlpriv.quote("__sqlpriv_v_" ~ loop.index0) %}
{%- set dq_x = sqlpriv.quote(t) ~ "." ~ sqlpriv.quote(c.name) %}
({{ dq_op }} is null or coalesce(case {{ dq_op }}
    when 'isna' then {{ dq_x }} is null when 'notna' then {{ dq_x }} is not null
{%- if c.kind == "boolean" %} when 'is' then {{ dq_x }} when 'not' then not {{ dq_x }}{% endif %}
    when '==' then {{ dq_x }} = {{ dq_v }} when '!=' then {{ dq_x }} <> {{ dq_v }}
{%- if c.kind == "number" %} when '<' then {{ dq_x }} < {{ dq_v }} when '>' then {{ dq_x }} > {{ dq_v }} when '<=' then {{ dq_x }} <= {{ dq_v }} when '>=' then {{ dq_x }} >= {{ dq_v }}{% endif %}
    end, false)){{ " and " if not loop.last }}
{%- endfor %})
{%- endmacro %}

{#- The value lists (`__sqlpriv_vals_<j>`: v, cnt, idx) and the columns (`__sqlpriv_cols`: j, nd,
    the distinct values counting NULL as one), each CTE followed by a comma. -#}
{% macro attacks_draw_values(synthetic, columns) -%}
{% for c in columns %}
{{ sqlpriv.quote("__sqlpriv_vals_" ~ loop.index0) }} as (
  select v, cnt, row_number() over (order by v nulls first) - 1 as idx
  from (select {{ sqlpriv.quote(c.name) }} as v, count(*) as cnt from {{ sqlpriv.quote(synthetic) }} group by {{ sqlpriv.quote(c.name) }}) as g
),
{% endfor %}
__sqlpriv_cols as (
{% for c in columns %}
  select cast({{ loop.index0 }} as bigint) as j, (select count(*) from {{ sqlpriv.quote("__sqlpriv_vals_" ~ loop.index0) }}) as nd{{ " union all" if not loop.last }}
{% endfor %}
),
{%- endmacro %}

{#- Univariate: `__sqlpriv_q` (__sqlpriv_qid, __sqlpriv_tried 0, then __sqlpriv_op_<j>, __sqlpriv_v_<j>
    per column), each CTE followed by a comma. -#}
{% macro attacks_draw_univariate(columns, seed, n_attacks) -%}
__sqlpriv_ucand as (
{% for c in columns %}
{%- set dq_vals = sqlpriv.quote("__sqlpriv_vals_" ~ loop.index0) %}
  select cast({{ loop.index0 }} as bigint) as j, 0 as kind, idx, 'isna' as op from {{ dq_vals }} where v is null and cnt = 1
  union all select {{ loop.index0 }}, 3, idx, '==' from {{ dq_vals }} where v is not null and cnt = 1
{% if c.kind == "number" %}
  union all select {{ loop.index0 }}, 1, idx, '<=' from {{ dq_vals }} where cnt = 1 and idx = (select min(idx) from {{ dq_vals }} where v is not null)
  union all select {{ loop.index0 }}, 2, idx, '>=' from {{ dq_vals }} where cnt = 1 and idx = (select max(idx) from {{ dq_vals }} where v is not null)
{% endif %}
{{ "  union all" if not loop.last }}
{% endfor %}
),
__sqlpriv_uq as (
  select qid, j, idx, op from (
    select j, idx, op, row_number() over (order by h, j, kind, idx) - 1 as qid
    from (select j, kind, idx, op, {{ sqlpriv.attacks_draw_key(seed, "u", "j", "kind", "idx") }} as h from __sqlpriv_ucand) as k
  ) as r
  where qid < {{ sqlpriv.literal(n_attacks) }}
),
__sqlpriv_q as (
  select u.qid as __sqlpriv_qid, cast(0 as bigint) as __sqlpriv_tried
{% for c in columns %}
  , case when u.j = {{ loop.index0 }} then u.op end as {{ sqlpriv.quote("__sqlpriv_op_" ~ loop.index0) }}, {{ sqlpriv.quote("w" ~ loop.index0) }}.v as {{ sqlpriv.quote("__sqlpriv_v_" ~ loop.index0) }}
{% endfor %}
  from __sqlpriv_uq as u
{% for c in columns %}
  left join {{ sqlpriv.quote("__sqlpriv_vals_" ~ loop.index0) }} as {{ sqlpriv.quote("w" ~ loop.index0) }} on u.j = {{ loop.index0 }} and {{ sqlpriv.quote("w" ~ loop.index0) }}.idx = u.idx
{% endfor %}
),
{%- endmacro %}

{#- Multivariate: `__sqlpriv_q` as attacks_draw_univariate's, from attempts 0 .. `attempts` - 1
    (__sqlpriv_tried: the attempts up to the last query kept when `n_attacks` were, else `attempts`). -#}
{% macro attacks_draw_multivariate(synthetic, columns, seed, n_attacks, n_cols, attempts) -%}
__sqlpriv_att as (
  select i, {{ sqlpriv.attacks_draw_key(seed, "r", "i") }} % (select count(*) from {{ sqlpriv.quote(synthetic) }}) as rk
  from {{ sqlpriv.integers("i", sqlpriv.literal(attempts)) }} as a
),
__sqlpriv_pick as (
  select i{% for c in columns %}, max(case when j = {{ loop.index0 }} then 1 else 0 end) as {{ sqlpriv.quote("u" ~ loop.index0) }}{% endfor %}
  from (
    select i, j, row_number() over (partition by i order by h, j) as rn
    from (select a.i, c.j, {{ sqlpriv.attacks_draw_key(seed, "c", "i", "j") }} as h from __sqlpriv_att as a cross join __sqlpriv_cols as c) as k
  ) as r
  where rn <= {{ sqlpriv.literal(n_cols) }}
  group by i
),
__sqlpriv_tries as (
  select a.i, a.rk{% for c in columns %}, p.{{ sqlpriv.quote("u" ~ loop.index0) }}{% endfor %}
  from __sqlpriv_att as a join __sqlpriv_pick as p on p.i = a.i
),
__sqlpriv_cand as (
  select row_number() over (order by rk{% for c in columns %}, {{ sqlpriv.quote("u" ~ loop.index0) }}{% endfor %}) as cid, *
  from (select distinct rk{% for c in columns %}, {{ sqlpriv.quote("u" ~ loop.index0) }}{% endfor %} from __sqlpriv_tries) as d
),
__sqlpriv_tc as (
  select t.i, c.cid from __sqlpriv_tries as t join __sqlpriv_cand as c on c.rk = t.rk{% for c in columns %} and c.{{ sqlpriv.quote("u" ~ loop.index0) }} = t.{{ sqlpriv.quote("u" ~ loop.index0) }}{% endfor %}
),
__sqlpriv_mw as (
  select c.cid
{% for col in columns %}
  , case when c.{{ sqlpriv.quote("u" ~ loop.index0) }} = 1 then (case when s.{{ sqlpriv.quote(col.name) }} is null then 'isna'
{%- if col.kind == "number" %} when s.{{ sqlpriv.quote(col.name) }} > (select cast({{ sqlpriv.quantile_cont(sqlpriv.quote(col.name), 0.5) }} as double) from {{ sqlpriv.quote(synthetic) }}) then '>=' else '<='
{%- else %} else '=='{% endif %} end) end as {{ sqlpriv.quote("__sqlpriv_op_" ~ loop.index0) }}
  , case when c.{{ sqlpriv.quote("u" ~ loop.index0) }} = 1 then s.{{ sqlpriv.quote(col.name) }} end as {{ sqlpriv.quote("__sqlpriv_v_" ~ loop.index0) }}
{% endfor %}
  from __sqlpriv_cand as c join {{ sqlpriv.quote(synthetic) }} as s on s.__sqlpriv_rank = c.rk
),
__sqlpriv_mc as (
  select q.cid, sum(case when {{ sqlpriv.attacks_draw_match("q", "t", columns) }} then 1 else 0 end) as n
  from __sqlpriv_mw as q cross join {{ sqlpriv.quote(synthetic) }} as t
  group by q.cid
),
__sqlpriv_mk as (
  select qid, i, cid from (
    select i, cid, row_number() over (order by i) - 1 as qid from (
      select t.i, t.cid, row_number() over (partition by t.cid order by t.i) as nth
      from __sqlpriv_tc as t join __sqlpriv_mc as m on m.cid = t.cid
      where m.n = 1
    ) as f
    where nth = 1
  ) as r
  where qid < {{ sqlpriv.literal(n_attacks) }}
),
__sqlpriv_q as (
  select k.qid as __sqlpriv_qid,
    case when (select count(*) from __sqlpriv_mk) >= {{ sqlpriv.literal(n_attacks) }} then (select max(i) + 1 from __sqlpriv_mk) else {{ sqlpriv.literal(attempts) }} end as __sqlpriv_tried
{% for c in columns %}
    , w.{{ sqlpriv.quote("__sqlpriv_op_" ~ loop.index0) }}, w.{{ sqlpriv.quote("__sqlpriv_v_" ~ loop.index0) }}
{% endfor %}
  from __sqlpriv_mk as k join __sqlpriv_mw as w on w.cid = k.cid
),
{%- endmacro %}

{#- Baseline: `__sqlpriv_g` (the wide form of attacks_draw_univariate's `__sqlpriv_q`), one guess
    per query of `__sqlpriv_q` (`n_attacks` when it has none) on `n_cols` columns. No comma after. -#}
{% macro attacks_draw_baseline(columns, seed, n_attacks, n_cols) -%}
__sqlpriv_gp as (
  select g, j, idx, ho from (
    select a.g, c.j, {{ sqlpriv.attacks_draw_key(seed, "bv", "g", "j") }} % c.nd as idx, {{ sqlpriv.attacks_draw_key(seed, "bo", "g", "j") }} as ho,
      row_number() over (partition by a.g order by {{ sqlpriv.attacks_draw_key(seed, "bc", "g", "j") }}, c.j) as rn
    from {{ sqlpriv.integers("g", sqlpriv.literal(n_attacks)) }} as a cross join __sqlpriv_cols as c
    where a.g < (select coalesce(nullif(count(*), 0), {{ sqlpriv.literal(n_attacks) }}) from __sqlpriv_q)
  ) as r
  where rn <= {{ sqlpriv.literal(n_cols) }}
),
__sqlpriv_g as (
  select a.g as __sqlpriv_qid, cast(0 as bigint) as __sqlpriv_tried
{% for c in columns %}
{%- set dq_p = sqlpriv.quote("p" ~ loop.index0) %}
{%- set dq_w = sqlpriv.quote("w" ~ loop.index0) %}
    , case when {{ dq_p }}.j is null then null
        when {{ dq_w }}.v is null then (case when {{ dq_p }}.ho % 2 = 0 then 'isna' else 'notna' end)
{%- if c.kind == "boolean" %}
        when {{ dq_p }}.ho % 2 = 0 then 'is' else 'not'
{%- elif c.kind == "number" %}
        else (case {{ dq_p }}.ho % 6 when 0 then '==' when 1 then '!=' when 2 then '<' when 3 then '>' when 4 then '<=' else '>=' end)
{%- else %}
        when {{ dq_p }}.ho % 2 = 0 then '==' else '!='
{%- endif %}
      end as {{ sqlpriv.quote("__sqlpriv_op_" ~ loop.index0) }}, {{ dq_w }}.v as {{ sqlpriv.quote("__sqlpriv_v_" ~ loop.index0) }}
{% endfor %}
  from (select distinct g from __sqlpriv_gp) as a
{% for c in columns %}
  left join __sqlpriv_gp as {{ sqlpriv.quote("p" ~ loop.index0) }} on {{ sqlpriv.quote("p" ~ loop.index0) }}.g = a.g and {{ sqlpriv.quote("p" ~ loop.index0) }}.j = {{ loop.index0 }}
  left join {{ sqlpriv.quote("__sqlpriv_vals_" ~ loop.index0) }} as {{ sqlpriv.quote("w" ~ loop.index0) }} on {{ sqlpriv.quote("w" ~ loop.index0) }}.idx = {{ sqlpriv.quote("p" ~ loop.index0) }}.idx
{% endfor %}
)
{%- endmacro %}

{#- Every CTE of the draw (no `with`, no comma after): `__sqlpriv_q`, the queries, and
    `__sqlpriv_g`, the baseline guesses, both wide (attacks_draw_univariate). -#}
{% macro attacks_draw_ctes(synthetic, columns, mode, seed, n_attacks, n_cols, attempts) -%}
{{ sqlpriv.attacks_draw_values(synthetic, columns) }}
{% if mode == "univariate" %}
{{ sqlpriv.attacks_draw_univariate(columns, seed, n_attacks) }}
{% else %}
{{ sqlpriv.attacks_draw_multivariate(synthetic, columns, seed, n_attacks, n_cols, attempts) }}
{% endif %}
{{ sqlpriv.attacks_draw_baseline(columns, seed, n_attacks, 1 if mode == "univariate" else n_cols) }}
{%- endmacro %}

{#- CTE `name` (followed by a comma): n_q, the wide queries of `queries` (a CTE name), and s, those
    matching exactly one record of `table` (a CTE name). -#}
{% macro attacks_draw_counts(name, queries, table, columns) -%}
{{ sqlpriv.quote(name) }} as (
  select count(*) as n_q, cast(coalesce(sum(case when k = 1 then 1 else 0 end), 0) as bigint) as s from (
    select q.__sqlpriv_qid, sum(case when {{ sqlpriv.attacks_draw_match("q", "t", columns) }} then 1 else 0 end) as k
    from {{ sqlpriv.quote(queries) }} as q cross join {{ sqlpriv.quote(table) }} as t
    group by q.__sqlpriv_qid
  ) as per
),
{%- endmacro %}

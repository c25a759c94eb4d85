{#- The singling-out queries and baseline guesses of the SQL draw (attacks/_draw.sql), for
    sqlpriv.singling_out_queries(draw="sql"): one row per query (__sqlpriv_set 'main') and per
    guess ('baseline'), with __sqlpriv_seen (multivariate: the distinct queries the attempts
    built, each a record and a column set; 0 in univariate mode), __sqlpriv_qid, __sqlpriv_tried
    and per column j its operator
    __sqlpriv_op_<j> (NULL: the column is not used) and value __sqlpriv_v_<j>. `synthetic`: the
    distinct synthetic table (attacks/so_distinct.sql). -#}
{% macro attacks_so_draw(synthetic, columns, mode, seed, n_attacks, n_cols, attempts) -%}
with {{ sqlpriv.attacks_draw_ctes(synthetic, columns, mode, seed, n_attacks, n_cols, attempts) }}
select 'main' as __sqlpriv_set, {{ "(select count(*) from __sqlpriv_cand)" if mode == "multivariate" else "0" }} as __sqlpriv_seen, * from __sqlpriv_q
union all
select 'baseline' as __sqlpriv_set, {{ "(select count(*) from __sqlpriv_cand)" if mode == "multivariate" else "0" }} as __sqlpriv_seen, * from __sqlpriv_g
order by __sqlpriv_set desc, __sqlpriv_qid
{%- endmacro %}

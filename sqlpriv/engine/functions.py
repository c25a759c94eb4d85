"""The functions an untrusted expression may call, per engine: an allow-list, checked against the
engine's own function catalog.

A request's expression may call only a *pure, deterministic scalar* function: one that computes
a value from its arguments alone, with no state (sequences, variables, random seeds), no I/O
(files, network, logs), no settings, catalog, session or environment, no reflection and no SQL
given as text. The names below were reviewed one by one against DuckDB 1.x/2.0's and Spark
4's catalogs; a name is allowed only if it is on its engine's list here AND the running
engine's catalog says it is a built-in scalar function (for DuckDB: ``internal``, in the
``system.main`` schema, ``stability = 'CONSISTENT'``). A function a new engine version adds
is therefore refused until it is reviewed and added here; one that an engine version turns
volatile or drops is refused too.

>>> "upper" in DUCKDB_ALLOWED and "getenv" not in DUCKDB_ALLOWED and "setval" not in DUCKDB_ALLOWED
True
>>> "reflect" in SPARK_ALLOWED or "java_method" in SPARK_ALLOWED or "input_file_name" in SPARK_ALLOWED
False
>>> duckdb_allowed() <= DUCKDB_ALLOWED | {n for n in duckdb_allowed() if n.startswith(COLLATION_PREFIXES)}
True

A name the engine does not know at all is a typo, not a refused function: the checkers say so
and suggest the closest allowed name (:func:`unknown_function`).

>>> unknown_function("flor", duckdb_allowed(), duckdb_known())
'unknown function flor() — did you mean floor?'
>>> unknown_function("read_text", duckdb_allowed(), duckdb_known()) is None  # known: refused, not unknown
True
"""

from __future__ import annotations

import difflib
import functools

import duckdb

from sqlpriv.engine.spark import sql as spark_sql
from sqlpriv.engine.templates import render

#: collations (``collate_de``, ``icu_collate_fr``): pure string-order functions, one per locale
COLLATION_PREFIXES = ("collate_", "icu_collate_")

# DuckDB operators are FUNCTION nodes named by their symbol in the parse tree
_DUCKDB_OPERATORS = """
!= !~~ !~~* % & && * ** + - ->> / // < <-> << <= <=> <@ = > >= >> @ @> ^ ^@ | || ~ ~~ ~~* ~~~
"""
_DUCKDB_NAMES = """
abs acos acosh add apply array_append array_apply array_cat array_concat array_contains array_cosine_distance
array_cosine_similarity array_cross_product array_distance array_distinct array_dot_product array_extract
array_filter array_grade_up array_has array_has_all array_has_any array_indexof array_inner_product
array_intersect array_length array_negative_dot_product array_negative_inner_product array_pop_back
array_pop_front array_position array_prepend array_push_back array_push_front array_reduce array_resize
array_reverse array_reverse_sort array_select array_slice array_sort array_to_json array_to_string
array_transform array_unique array_value array_where array_zip ascii asin asinh
atan atan2 atanh bar base64 bin binom bit_count bit_length bit_position bitstring
cardinality cbrt ceil ceiling century char_length character_length chr concat concat_ws
contains cos cosh cot create_sort_key damerau_levenshtein date_add date_diff date_part date_sub date_trunc
datediff datepart datesub datetrunc day dayname dayofmonth dayofweek dayofyear days_in_month decade
divide editdist3 element_at encode ends_with enum_code enum_first enum_last decode degrees
enum_range enum_range_boundary epoch epoch_ms epoch_ns epoch_us equi_width_bins era even exp factorial fdiv
filter flatten floor fmod format format_bytes formatreadabledecimalsize formatreadablesize from_base64
from_binary from_hex from_json from_json_strict gamma gcd generate_series get_bit greatest
greatest_common_divisor hamming hash hex hour icu_sort_key if ilike_escape instr
isfinite isinf isnan isodow isoyear jaccard jaro_similarity jaro_winkler_similarity
json json_array json_array_length json_contains json_deep_merge json_exists json_extract
json_extract_path json_extract_path_text json_extract_string json_insert json_keys json_merge_patch
json_normalize json_object json_pretty json_quote json_remove json_replace json_set
json_strip_nulls json_structure json_transform json_transform_strict json_type json_valid json_value julian
last_day lcase lcm least least_common_multiple left left_grapheme len length length_grapheme levenshtein
lgamma like_escape list_any_value list_append list_apply list_approx_count_distinct list_avg list_bit_and
list_bit_or list_bit_xor list_bool_and list_bool_or list_cat list_concat list_contains list_cosine_distance
list_cosine_similarity list_count list_distance list_distinct list_dot_product list_element list_entropy
list_extract list_filter list_first list_grade_up list_has list_has_all list_has_any list_histogram
list_indexof list_inner_product list_intersect list_kurtosis list_kurtosis_pop list_last list_mad list_max
list_median list_min list_mode list_negative_dot_product list_negative_inner_product list_pack list_position
list_prepend list_product list_reduce list_resize list_reverse list_reverse_sort list_select list_sem
list_skewness list_slice list_sort list_stddev_pop list_stddev_samp list_string_agg list_sum list_transform
list_unique list_value list_var_pop list_var_samp list_where list_zip ln log log10 log2 lower lpad ltrim
make_date make_time make_timestamp make_timestamp_ms make_timestamp_ns make_timestamptz map map_concat
map_contains map_contains_entry map_contains_value map_entries map_extract map_extract_value map_from_entries
map_keys map_values md5 md5_number md5_number_lower md5_number_upper microsecond millennium millisecond minute
mismatches mod month monthname multiply nanosecond nextafter nfc_normalize normalized_interval
not_ilike_escape not_like_escape nullif octet_length ord overlay parse_dirname parse_dirpath parse_filename
parse_formatted_bytes parse_path path_join pi position pow power prefix printf quarter radians range reduce
regexp_escape regexp_extract regexp_extract_all regexp_full_match regexp_matches regexp_replace
regexp_split_to_array repeat replace reverse right right_grapheme round round_even roundbankers
row row_to_json rpad rtrim second set_bit sha1 sha256 sign signbit sin sinh split split_part sqrt
starts_with str_split str_split_regex strftime string_split string_split_regex string_to_array
strip_accents strlen strpos strptime struct_concat struct_contains struct_extract struct_extract_at struct_has
struct_indexof struct_insert struct_keys struct_pack struct_position struct_update struct_values substr
substring substring_grapheme subtract suffix tan tanh time_bucket timezone
timezone_hour timezone_minute to_base to_base64 to_binary to_centuries to_days to_decades to_hex to_hours
to_json to_microseconds to_millennia to_milliseconds to_minutes to_months to_quarters to_seconds to_timestamp
to_weeks to_years translate trim trunc try_strptime typeof ucase unbin unhex unicode union_extract union_tag
union_value upper url_decode url_encode uuid_extract_timestamp uuid_extract_version
week weekday weekofyear xor year yearweek
"""
#: DuckDB's pure deterministic scalar functions and operators a request may call (reviewed list;
#: left out on purpose, among others: getenv, current_*, version, nextval/currval/setval,
#: getvariable, random/uuid/setseed, now/today/ago/age, sleep_ms, error, write_log, stats,
#: json_serialize_sql & co., list_aggregate / aggregate (call an aggregate named by a string),
#: finalize / combine / to_aggregate_state, make_type / cast_to_type, the pg_* / has_* catalog
#: functions, and every table function and aggregate)
DUCKDB_ALLOWED = frozenset(_DUCKDB_NAMES.split()) | frozenset(_DUCKDB_OPERATORS.split())

#: refused names that some DuckDB builds have and the Python package's catalog may lack (the
#: shell's getenv): always named as refused, never as unknown
DUCKDB_REFUSED_EXTRA = frozenset({"getenv"})

_SPARK_NAMES = """
abs acos acosh add_months and array array_append array_compact array_contains array_distinct array_except
array_insert array_intersect array_join array_max array_min array_position array_prepend array_remove
array_repeat array_size array_sort array_union arrays_overlap arrays_zip ascii asin asinh atan atan2 atanh
base64 bigint bin binary bit_count bit_get bit_length boolean bround btrim cardinality cbrt ceil ceiling char
char_length character_length chr coalesce concat concat_ws contains conv cos cosh cot crc32 csc date date_add
date_diff date_format date_from_unix_date date_part date_sub date_trunc dateadd datediff datepart day dayname
dayofmonth dayofweek dayofyear decimal decode degrees div double e element_at elt encode endswith equal_null
exists exp expm1 extract factorial filter find_in_set flatten float floor forall format_number format_string
from_json from_unixtime from_utc_timestamp get get_json_object getbit greatest hash hex hypot if ifnull ilike
in initcap instr int is_valid_utf8 isnan isnotnull isnull jaro_winkler_similarity json_array_length
json_object_keys lcase least left len length levenshtein like ln locate log log10 log1p log2 lower lpad ltrim
luhn_check make_date make_dt_interval make_interval make_timestamp make_ym_interval map map_concat
map_contains_key map_entries map_filter map_from_arrays map_from_entries map_keys map_values map_zip_with mask
md5 minute mod month monthname months_between named_struct nanvl negative next_day not nullif nullifzero nvl
nvl2 octet_length or overlay parse_url pi pmod position positive pow power printf quarter radians reduce
regexp regexp_count regexp_extract regexp_extract_all regexp_instr regexp_like regexp_replace regexp_substr
repeat replace reverse right rint rlike round rpad rtrim sec second sentences sequence sha sha1 sha2 shiftleft
shiftright shiftrightunsigned sign signum sin sinh size slice smallint sort_array soundex space split
split_part sqrt startswith str_to_map string struct substr substring substring_index tan tanh timestamp
timestamp_micros timestamp_millis timestamp_seconds tinyint to_binary to_char to_date to_json to_number
to_timestamp to_unix_timestamp to_utc_timestamp to_varchar transform transform_keys transform_values
translate trim trunc try_add try_divide try_element_at try_mod try_multiply try_subtract try_to_binary
try_to_number try_to_timestamp typeof ucase unbase64 unhex unix_date unix_micros unix_millis unix_seconds
upper url_decode url_encode weekday weekofyear when width_bucket xxhash64 year zeroifnull zip_with
"""
#: Spark's pure deterministic scalar functions a request may call (reviewed list; left out on
#: purpose, among others: reflect, java_method, try_reflect, input_file_name / input_file_block_*,
#: current_* / user / session_user, version, rand / randn / random / uuid / shuffle / uniform,
#: monotonically_increasing_id, spark_partition_id, now / unix_timestamp(), raise_error,
#: assert_true, aes_* / hmac, xpath* / from_xml, from_avro / from_protobuf, every aggregate,
#: window and generator function, and any user-defined function)
SPARK_ALLOWED = frozenset(_SPARK_NAMES.split())


def _duckdb_catalog(template: str) -> frozenset[str]:
    """The lower-case names a catalog query (``template``) lists, on a fresh locked-down DuckDB."""
    con = duckdb.connect()
    try:
        con.execute(render("engine/lock_down.sql", step="external_access"))
        rows = con.execute(render(template)).fetchall()
    finally:
        con.close()
    return frozenset(str(row[0]).lower() for row in rows)


@functools.lru_cache(maxsize=1)
def duckdb_allowed() -> frozenset[str]:
    """:data:`DUCKDB_ALLOWED` (and the collations) that this DuckDB's catalog lists as built-in,
    consistent scalar functions or macros; lower-case names."""
    catalog = _duckdb_catalog("engine/scalar_functions.sql")
    return frozenset(n for n in catalog if n in DUCKDB_ALLOWED or n.startswith(COLLATION_PREFIXES))


@functools.lru_cache(maxsize=1)
def duckdb_known() -> frozenset[str]:
    """Every function name this DuckDB's catalog knows, of any kind (lower-case)."""
    return _duckdb_catalog("engine/function_names.sql") | DUCKDB_REFUSED_EXTRA


def unknown_function(name: str, allowed: frozenset[str], known: frozenset[str]) -> str | None:
    """``"unknown function NAME() — did you mean X?"`` when the engine knows no function ``name``
    (the closest allowed name by :func:`difflib.get_close_matches`, if one is close), else None."""
    if name.lower() in known:
        return None
    words = sorted(n for n in allowed if n.replace("_", "").isalnum())
    close = difflib.get_close_matches(name.lower(), words, n=1, cutoff=0.6)
    return f"unknown function {name}()" + (f" — did you mean {close[0]}?" if close else "")


_SPARK_SYSTEM: dict[int, frozenset[str]] = {}  # per session: its built-in function names
_SPARK_KNOWN: dict[int, frozenset[str]] = {}  # per session: every built-in function name


def spark_allowed(spark: object) -> frozenset[str]:
    """:data:`SPARK_ALLOWED` that ``spark``'s function registry lists as built-in functions and
    that no user-defined function of the session (asked each time: one may be registered at any
    moment) shadows."""

    def names(kind: str) -> frozenset[str]:
        rows = spark_sql.run(spark, render("engine/spark_functions.sql", kind=kind)).collect()
        return frozenset(str(row[0]).lower().rsplit(".", 1)[-1] for row in rows)

    key = id(spark)
    if key not in _SPARK_SYSTEM:
        _SPARK_KNOWN[key] = names("system")
        _SPARK_SYSTEM[key] = _SPARK_KNOWN[key] & SPARK_ALLOWED
    return _SPARK_SYSTEM[key] - names("user")


def spark_known(spark: object) -> frozenset[str]:
    """Every function name ``spark`` knows: its built-ins and the user-defined functions."""
    spark_allowed(spark)
    rows = spark_sql.run(spark, render("engine/spark_functions.sql", kind="user")).collect()
    return _SPARK_KNOWN[id(spark)] | frozenset(str(row[0]).lower().rsplit(".", 1)[-1] for row in rows)

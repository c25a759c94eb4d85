"""The tests left out of the default run (marked ``heavy`` by tests/conftest.py; ``python -m pytest
-m heavy`` runs them): each took 5 s or more of one worker on a 2-core machine
(2026-12-02, seconds in the comments), and its ground is covered in the default run by a
faster test of its file or family. CI runs the default run (README, .ci/run) and must stay
under 30 minutes."""

HEAVY = {
    "tests/test_attack_cli.py::test_printed_sql_runs_in_the_duckdb_shell[linkability]",  # 5
    "tests/test_attack_inference.py::test_same_counts_risk_interval_and_groups_as_anonymeter[s-False]",  # 11
    "tests/test_attack_linkability.py::test_same_counts_risk_and_interval_as_anonymeter[1-0]",  # 20
    "tests/test_attack_neighbours.py::test_smallest_row_is_the_same_on_spark",  # 28
    "tests/test_attack_singling_out.py::test_cli_verdict_exit_codes_queries_file_and_sql",  # 14
    "tests/test_attack_spark.py::test_inference_on_spark_equals_duckdb",  # 9
    "tests/test_attack_spark_cli.py::test_cli_inference_per_row_on_spark_equals_duckdb",  # 12
    "tests/test_attack_spark_cli.py::test_cli_linkability_on_spark_equals_duckdb",  # 9
    "tests/test_attack_spark_cli.py::test_cli_singling_out_queries_on_spark_equals_duckdb",  # 6
    "tests/test_attack_spark_plan.py::test_multivariate_query_attack_on_spark_equals_duckdb",  # 23
    "tests/test_attack_spark_plan.py::test_query_attack_rows_and_script_on_spark_equal_duckdb",  # 27
    "tests/test_attack_spark_plan.py::test_sampled_inference_on_spark_equals_duckdb",  # 20
    "tests/test_attack_spark_plan.py::test_sampled_tie_inclusive_linkability_on_spark_equals_duckdb",  # 50
    "tests/test_attacks.py::test_spark_function_allow_list",  # 40
    "tests/test_attacks.py::test_user_connection_left_as_found",  # 7
    "tests/test_cli_output.py::test_every_output_option_confirms_its_file",  # 13
    "tests/test_cli_output.py::test_summaries_show_n_and_end_with_how_to_read[argv0]",  # 7
    "tests/test_cli_output.py::test_summaries_show_n_and_end_with_how_to_read[argv1]",  # 7
    "tests/test_cli_output.py::test_summaries_show_n_and_end_with_how_to_read[argv2]",  # 7
    "tests/test_cli_output.py::test_summaries_show_n_and_end_with_how_to_read[argv3]",  # 7
    "tests/test_dbt_project.py::test_attack_test_above_its_maximum_fails_the_build",  # 22
    "tests/test_dbt_project.py::test_deliberately_failing_privacy_test_fails_readably",  # 20
    "tests/test_dbt_project.py::test_disclosure_model_and_tests",  # 21
    "tests/test_dbt_project.py::test_exact_copies_test_gates_the_build_with_dcr_figures",  # 23
    "tests/test_dbt_project.py::test_local_suppression_refusals_leave_the_warehouse_as_it_was",  # 25
    "tests/test_dbt_project_gates.py::test_gating_risk_tests_fail_on_a_weight_that_is_not_a_number_of_people",  # 59
    "tests/test_dbt_project_gates.py::test_generalize_stops_on_values_its_hierarchy_does_not_cover",  # 42
    "tests/test_dbt_project_gates.py::test_missing_column_is_named_with_the_available_ones",  # 49
    "tests/test_dbt_project_refusals.py::test_bad_arguments_stop_dbt_at_compile_time[columns-as-string]",  # 13
    "tests/test_dbt_project_refusals.py::test_bad_arguments_stop_dbt_at_compile_time[empty-by]",  # 12
    "tests/test_dbt_project_refusals.py::test_bad_arguments_stop_dbt_at_compile_time[empty-columns]",  # 20
    "tests/test_dbt_project_refusals.py::test_bad_arguments_stop_dbt_at_compile_time[not-a-relation]",  # 12
    "tests/test_dbt_project_refusals.py::test_bad_arguments_stop_dbt_at_compile_time[weight-and-fraction]",  # 13
    "tests/test_dbt_project_refusals.py::test_bad_attack_arguments_stop_dbt_at_compile_time[confidence-1]",  # 13
    "tests/test_dbt_project_refusals.py::test_bad_attack_arguments_stop_dbt_at_compile_time[overlapping-aux]",  # 13
    "tests/test_dbt_project_refusals.py::test_bad_attack_arguments_stop_dbt_at_compile_time[secret-in-aux]",  # 13
    "tests/test_dbt_project_refusals.py::test_compiles_before_anything_is_built",  # 27
    "tests/test_dbt_project_refusals.py::test_generalize_hierarchy_levels_must_nest_at_parse_time",  # 12
    "tests/test_dbt_project_refusals.py::test_microaggregate_model_refuses_mdav_at_compile_time",  # 12
    "tests/test_disclosure.py::test_adult_against_pycanon",  # 13
    "tests/test_disclosure.py::test_every_figure_equals_pycanon",  # 6
    "tests/test_disclosure_spark.py::test_cli_disclosure_engine_spark_gives_the_duckdb_figures_and_verdict",  # 20
    "tests/test_disclosure_spark.py::test_spark_equals_duckdb[1-classes]",  # 20
    "tests/test_disclosure_spark.py::test_spark_equals_duckdb[1-summary]",  # 17
    "tests/test_docs_blocks.py::test_docs_block_runs_as_pasted[generalize-L15-python-generalization-to-a-policy-sqlpriv-gener]",  # 5
    "tests/test_docs_blocks.py::test_docs_block_runs_as_pasted[report-L11-bash-the-privacy-report-sqlpriv-report-sqlpri]",  # 26
    "tests/test_docs_blocks.py::test_docs_block_runs_as_pasted[report-L18-python-the-privacy-report-sqlpriv-report-sqlpri]",  # 5
    "tests/test_docs_blocks.py::test_docs_block_runs_as_pasted[shapley-L81-bash-command-line]",  # 5
    "tests/test_faults.py::test_interrupted_write_leaves_no_output_and_no_temp_files[15]",  # 7
    "tests/test_faults.py::test_interrupted_write_leaves_no_output_and_no_temp_files[2]",  # 6
    "tests/test_faults.py::test_memory_limit_far_below_the_data_spills_and_finishes",  # 6
    "tests/test_faults.py::test_two_concurrent_writers_leave_one_complete_file",  # 14
    "tests/test_file_positions.py::test_glob_chunked_file_equals_frame[1]",  # 51
    "tests/test_generalize.py::test_report_what_to_do_section",  # 7
    "tests/test_generalize_cells.py::test_least_loss_node_and_wildcard_k[0]",  # 17
    "tests/test_generalize_cells.py::test_least_loss_node_and_wildcard_k[1]",  # 15
    "tests/test_generalize_cells.py::test_least_loss_node_and_wildcard_k[2]",  # 15
    "tests/test_generalize_cells.py::test_least_loss_node_and_wildcard_k[3]",  # 24
    "tests/test_generalize_cells.py::test_report_offers_the_cheapest_of_generalization_local_suppression_and_both",  # 9
    "tests/test_generalize_interval_magnitudes.py::test_spark_labels_equal_duckdb_and_the_oracle",  # 12
    "tests/test_generalize_order.py::test_release_of_a_dataframe_is_row_aligned_with_it",  # 8
    "tests/test_generalize_order.py::test_release_of_a_large_frame_keeps_its_order_on_several_threads[2]",  # 31
    "tests/test_generalize_order.py::test_release_of_a_large_frame_keeps_its_order_on_several_threads[4]",  # 29
    "tests/test_generalize_report.py::test_report_pareto_chart_is_the_brute_force_front",  # 9
    "tests/test_generalize_report_gate.py::test_report_what_to_do_uses_the_gates_min_k_and_approval",  # 7
    "tests/test_generalize_spark_search.py::test_cli_anonymize_engine_spark_writes_duckdbs_rows",  # 61
    "tests/test_generalize_spark_search.py::test_spark_search_equals_duckdb_on_a_slice_of_adult",  # 17
    "tests/test_generalize_spark_search.py::test_spark_search_equals_duckdb_on_random_table_hierarchies",  # 9
    "tests/test_identifiers.py::test_command_line_prints_one_warning_line",  # 21
    "tests/test_internal_names.py::test_every_family_on_columns_named_after_internal_names[44]",  # 8
    "tests/test_internal_names.py::test_every_family_on_columns_named_after_known_collisions",  # 7
    "tests/test_internal_names.py::test_report_on_columns_named_after_known_collisions",  # 9
    "tests/test_local_suppression.py::test_rounds_reach_k_with_no_more_cells_than_sdcmicro",  # 10
    "tests/test_local_suppression_packed.py::test_packed_greedy_suppresses_the_same_cells",  # 11
    "tests/test_local_suppression_spark.py::test_cli_engine_spark_equals_duckdb",  # 22
    "tests/test_local_suppression_spark.py::test_spark_equals_duckdb_with_strata[greedy]",  # 49
    "tests/test_local_suppression_spark.py::test_spark_equals_duckdb_with_strata[sdcmicro]",  # 21
    "tests/test_local_suppression_spark.py::test_spark_auto_table_name_and_writer",  # 92 at load 9-14
    "tests/test_microaggregation_spark.py::test_cli_mdav_engine_spark_equals_duckdb_and_numpy",  # 12
    "tests/test_microaggregation_spark.py::test_spark_mdav_equals_duckdb_with_strata_and_ties",  # 11
    "tests/test_newcomer_limits.py::test_a_list_of_all_the_columns_of_a_wide_table_is_allowed_as_no_list_is",  # 17
    "tests/test_newcomer_report.py::test_report_cli_hierarchy_adds_the_what_to_do_section",  # 7
    "tests/test_pif.py::test_properties_bounds_and_row_order",  # 6
    "tests/test_pif_spark.py::test_priors_and_accuracies_on_spark_equal_duckdb",  # 30
    "tests/test_readme.py::test_readme_block_runs_as_pasted[L127-python-one-example-per-family]",  # 6
    "tests/test_readme.py::test_readme_block_runs_as_pasted[L46-bash-one-example-per-family]",  # 6
    "tests/test_report.py::test_adult_pair_sections_and_singling_out",  # 6
    "tests/test_report_scatter_column.py::test_a_scatter_column_in_another_case_is_that_column",  # 6
    "tests/test_request.py::test_against_brute_force",  # 12
    "tests/test_request_chain.py::test_chains_equal_api_on_random_tables",  # 10
    "tests/test_request_cli.py::test_exit_codes_of_the_real_process",  # 9
    "tests/test_request_policy.py::test_cli_policy_exit_codes_and_the_rule_named",  # 5
    "tests/test_request_policy.py::test_splitting_a_column_never_scores_higher_than_the_pieces_together",  # 17
    "tests/test_risk.py::test_sample_figures_and_rows_equal_the_brute_force",  # 6
    "tests/test_risk.py::test_weighted_and_household_figures_equal_the_brute_force",  # 7
    "tests/test_risk_spark.py::test_gate_risk_rules_on_spark_equal_duckdb",  # 16
    "tests/test_risk_suda.py::test_scores_match_brute_force",  # 6
    "tests/test_risk_wildcard.py::test_wildcard_matches_brute_force",  # 10
    "tests/test_shapley_by_patterns.py::test_by_patterns_equals_the_levels_table_path",  # 10
    "tests/test_shapley_by_patterns.py::test_factored_values_and_by_tables_match_bruteforce",  # 14
    "tests/test_shapley_by_sampled.py::test_sampled_by_cells_path_equals_the_pairs_path",  # 8
    "tests/test_shapley_chunk_subsets.py::test_each_chunk_reads_its_subsets_from_a_table_the_planner_counts[1]",  # 10
    "tests/test_shapley_cli.py::test_wheel_installs_and_finds_its_templates",  # 16
    "tests/test_shapley_closure.py::test_closed_cells_equal_every_subsets_cells_and_the_bruteforce_estimator",  # 5
    "tests/test_shapley_properties.py::test_bracketing_and_summary_identities",  # 8
    "tests/test_shapley_properties.py::test_by_matches_per_row_group_means",  # 9
    "tests/test_shapley_properties.py::test_constant_column_is_exactly_zero_and_only_then",  # 8
    "tests/test_shapley_properties.py::test_database_key_rescaling",  # 7
    "tests/test_shapley_properties.py::test_direct_and_rollup_cells_are_the_same_table",  # 10
    "tests/test_shapley_properties.py::test_efficiency_and_nonnegativity",  # 7
    "tests/test_shapley_properties.py::test_independent_column_gets_its_entropy",  # 6
    "tests/test_shapley_properties.py::test_per_row_matches_bruteforce_oracle",  # 7
    "tests/test_shapley_setup.py::test_anchor_pairs_skipped_equal_the_plain_count_and_the_bruteforce_estimator",  # 6
    "tests/test_shapley_setup.py::test_unique_columns_pairs_and_determining_pairs_equal_brute_force",  # 14
    "tests/test_shapley_stream.py::test_chunked_file_equals_frame[options0-1]",  # 15
    "tests/test_shapley_stream.py::test_chunked_file_equals_frame[options1-1]",  # 17
    "tests/test_shapley_stream.py::test_chunked_file_equals_frame[options2-1]",  # 15
    "tests/test_shapley_stream.py::test_chunked_file_equals_frame[options3-1]",  # 18
    "tests/test_singling_out_masks.py::test_masks_from_any_level_equal_refinement",  # 9
    "tests/test_singling_out_rows.py::test_singled_out_rows_match_brute_force",  # 15
    "tests/test_singling_out_spark.py::test_cli_singling_out_engine_spark_gives_the_duckdb_summary_and_verdict",  # 23
    "tests/test_spark.py::test_a_table_name_with_spark_and_a_key_column",  # 7
    "tests/test_spark.py::test_bad_input_gets_the_duckdb_errors_on_spark",  # 8
    "tests/test_spark.py::test_cli_engine_spark_prints_spark_sql_and_gates_a_request",  # 11
    "tests/test_spark.py::test_cli_sql_query_engine_spark_prints_spark_sql_that_gives_the_duckdb_numbers",  # 5
    "tests/test_spark.py::test_information_factors_on_spark_equal_duckdb_on_flare[cig]",  # 8
    "tests/test_spark.py::test_information_factors_on_spark_equal_duckdb_on_flare[wcig]",  # 12
    "tests/test_spark.py::test_random_tables_with_nulls_on_spark_equal_duckdb",  # 30
    "tests/test_spark.py::test_rig_fig_pif_on_spark_equal_duckdb_on_flare[cig]",  # 69
    "tests/test_spark.py::test_shapley_entropies_on_spark_equal_duckdb_on_flare",  # 20
    "tests/test_spark_newcomer.py::test_boolean_and_decimal_hierarchies_are_keyed_by_value",  # 33
    "tests/test_spark_newcomer.py::test_by_on_a_column_outside_the_analysis_logs_no_error",  # 10
    "tests/test_sql_chains.py::test_chains_equal_the_plan_on_random_tables",  # 14
    "tests/test_templates.py::test_quote_and_literal_macros_equal_their_python_twins",  # 10
    "tests/test_uniques_spark.py::test_real_table_on_spark_equals_duckdb_and_sdcmicro",  # 23
    "tests/test_uniques_spark.py::test_sample_uniques_on_spark_equal_duckdb_with_nulls_and_odd_names",  # 18
    "tests/test_attack_spark_plan.py::test_univariate_sql_draw_on_spark_equals_duckdb",  # 83 at load 10-12
    "tests/test_shapley_sampled_spark.py::test_sampled_with_key_and_dropna_equal_duckdb",  # 53 at load 3
    # from the default run of 2026-12-02 17:23 (a clean clone, .ci/run's command, quiet 2-core machine)
    "tests/test_local_suppression_spark.py::test_spark_packed_ranks_with_nulls",  # 52
    "tests/test_docs_blocks.py::test_docs_block_runs_as_pasted[cli-L28-bash-exit-codes]",  # 37
    "tests/test_spark.py::test_awkward_column_names_on_spark",  # 36
    "tests/test_uniques_spark.py::test_cli_uniques_engine_spark_gives_the_duckdb_tables_and_verdict",  # 33
    "tests/test_generalize_spark_search.py::test_spark_search_equals_duckdb_with_builders_nulls_and_expressions",  # 27
    "tests/test_spark.py::test_results_stay_on_spark_until_asked_and_write_parquet_with_spark",  # 26
    "tests/test_spark.py::test_information_factors_on_spark_equal_duckdb_on_flare[csf]",  # 24
    "tests/test_dbt_project_gates.py::test_hierarchy_covers_test_fails_with_the_uncovered_values",  # 19 + 23 setup
    "tests/test_dbt_project_refusals.py::test_installs_as_a_git_package",  # 22
    "tests/test_singling_out_spark.py::test_petsard_mode_with_dropna_on_spark_equals_duckdb",  # 21
    "tests/test_pif_spark.py::test_dropna_on_spark_equals_duckdb",  # 19
    "tests/test_request_spark.py::test_fields_uniqueness_report_and_dropna_on_spark_equal_duckdb[False]",  # 17
    "tests/test_request_spark.py::test_fields_uniqueness_report_and_dropna_on_spark_equal_duckdb[True]",  # 16
    "tests/test_attack_spark_plan.py::test_dcr_on_spark_columns_and_refusals",  # 17
    "tests/test_spark.py::test_request_measures_on_spark_equal_duckdb_on_flare",  # 16
    "tests/test_spark.py::test_reidentification_risk_on_spark_equals_duckdb_on_flare",  # 14
    # from the default run of 2026-12-02 17:58 (a clean clone, quiet 2-core machine): 1,110 s
    "tests/test_singling_out_spark.py::test_exhaustive_singling_out_on_spark_equals_duckdb",  # 40
    "tests/test_pif_spark.py::test_bad_priors_refused_on_spark_as_on_duckdb[priors0-column 'sex'.*no entry for the observed value 'NULL']",  # 26
    "tests/test_attack_spark.py::test_singling_out_queries_on_spark_equals_duckdb",  # 24
    "tests/test_spark.py::test_printed_spark_sql_runs_as_is",  # 20
    "tests/test_spark.py::test_cli_shapley_engine_spark_prints_the_summary_and_the_verdict",  # 20
    "tests/test_attack_spark_cli.py::test_cli_inference_on_spark_equals_duckdb",  # 14
    "tests/test_singling_out_spread.py::test_spread_from_any_level_equals_plain",  # 13
    "tests/test_spark_newcomer.py::test_collated_text_is_compared_byte_for_byte",  # 12
    "tests/test_attack_inference.py::test_same_counts_risk_interval_and_groups_as_anonymeter[v-True]",  # 12
    "tests/test_attack_linkability.py::test_same_counts_risk_and_interval_as_anonymeter[1-1]",  # 11
    "tests/test_risk_spark.py::test_cli_request_gate_risk_rules_on_spark",  # 10
    "tests/test_dbt_project.py::test_singling_out_model_and_gates_equal_the_python_api",  # 21 setup (its own build)
    "tests/test_docs_blocks.py::test_docs_block_runs_as_pasted[generalize-L55-bash-generalization-to-a-policy-sqlpriv-gener]",  # 11
    "tests/test_docs_blocks.py::test_docs_block_runs_as_pasted[shapley-L100-bash-sql-the-duckdb-shell]",  # 10
    # out of the local-cluster step (.ci/run), and over 15 s there
    "tests/test_request_spark.py::test_weights_on_spark_equal_duckdb",  # 92 on local-cluster, with its start
    "tests/test_disclosure_spark.py::test_spark_per_row_equals_duckdb",  # 23 on local-cluster
    "tests/test_spark.py::test_shapley_on_spark_equals_duckdb_on_flare",  # 64 on local-cluster
    "tests/test_spark.py::test_by_tables_of_one_analysis_share_one_cached_values_table",  # 30 on local-cluster
    "tests/test_attack_spark_plan.py::test_dcr_on_spark_equals_duckdb",  # 35 on local-cluster
    "tests/test_request_spark.py::test_top_rows_and_heatmap_on_spark_equal_duckdb",  # 32 on local-cluster
    "tests/test_disclosure_spark.py::test_spark_dataframe_source_equals_duckdb",  # 32 on local-cluster
}

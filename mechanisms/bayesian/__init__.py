"""Bayesian inference and its privacy: conjugate and finite-support posteriors, divergences between
posteriors, Lipschitz constants of likelihood families, posterior sampling, Bayesian DP and its accountant.

Each name below is imported on first use from the module that defines it (``mechanisms.bayesian.<module>``)."""
from mechanisms._lazy import exports

MODULES = ('conjugate_families', 'finite_support', 'exponential_family', 'posterior_divergence', 'finite_support_divergence', 'posterior_quadrature', 'posterior_robustness', 'posterior_sampling', 'lipschitz', 'lipschitz_c_star', 'bayes_networks', 'dataset_metrics', 'empirical_deviation', 'bayesian_dp', 'bdp_estimators', 'bdp_subsampled_gaussian', 'privacy_cost', 'coverage',)

# each module's public names (a name is imported from its module on first use)
_NAMES = {
    'posterior_quadrature': ('LogDensityT', 'hockey_stick_quadrature', 'hockey_stick_quadrature_arb', 'integral_arb',
                             'kl_quadrature', 'log_concave_tail_bound', 'log_density_t', 'renyi_quadrature',
                             'tv_quadrature', 'tv_quadrature_arb'),
    'lipschitz': ('LogLevel', 'absolute_log_ratio', 'finite_lipschitz_mass_rate', 'finite_lipschitz_mass_rate_arb',
                  'hamming_matrix', 'level_value', 'level_value_arb', 'lipschitz_constant', 'log_ratio_sup',
                  'max_level', 'prior_mass_lipschitz_set', 'prior_mass_lipschitz_set_quadrature',
                  'prior_mass_lipschitz_set_quadrature_arb', 'product_lipschitz', 'product_lipschitz_level',
                  'product_lipschitz_mass_rate', 'product_lipschitz_mass_rate_arb', 'table_lipschitz_constant',
                  'table_lipschitz_level'),
    'posterior_sampling': ('affinity', 'bayes_test_error', 'best_test_error', 'compositions', 'gamma_best_test_error',
                           'gamma_best_test_error_arb', 'gamma_threshold', 'hockey_stick_monte_carlo',
                           'k_sample_hockey_stick_delta', 'k_sample_law', 'k_sample_max_divergence',
                           'k_sample_max_divergence_composed', 'le_cam_risk', 'multinomial_coefficient',
                           'pushforward', 'sample_law'),
    'finite_support': ('atom_log_likelihoods', 'exact_marginal', 'exact_posterior', 'log_posterior'),
    'bayesian_dp': ('bdp_compose', 'bdp_delta', 'bdp_delta_over_sets', 'bdp_loss_mgf', 'bdp_markov_moment',
                    'bdp_neighbour_pairs', 'bdp_pointwise_tails', 'bdp_renyi_mgf', 'bdp_tail',
                    'bdp_tail_monte_carlo'),
    'bdp_estimators': ('binary_estimate', 'binary_estimate_arb', 'binary_posterior_cdf', 'binary_posterior_cdf_exact',
                       'continuous_estimate', 'student_t_quantile'),
    'coverage': ('binary_failure_probability', 'binary_failure_probability_exact',
                 'gaussian_reference_failure_monte_carlo'),
    'bayes_networks': ('child_weights', 'joint_probability', 'joint_table', 'network_lipschitz',
                       'network_lipschitz_level', 'outcomes', 'smallest_probability', 'tables_from_rows',
                       'validate_network'),
    'conjugate_families': ('conjugate_posterior', 'log_density', 'log_gig_normaliser', 'log_likelihood', 'posterior',
                           'prior_distribution'),
    'exponential_family': ('constant_base_measure', 'exponential_family_distance', 'log_base_measure',
                           'natural_parameter', 'statistic_slope', 'sufficient_statistic'),
    'dataset_metrics': ('count_difference', 'dataset_distance', 'differing_records', 'hamming', 'l1_distance',
                        'normal_square_metric', 'per_record_max', 'per_record_sum', 'record_distance',
                        'sqrt_dataset_distance', 'weighted_hamming'),
    'posterior_divergence': ('crossing_enclosures_arb', 'crossings', 'hockey_stick_delta', 'hockey_stick_delta_arb',
                             'kl', 'log_ratio', 'renyi', 'renyi_is_finite', 't_of_theta', 'tv', 'tv_arb'),
    'bdp_subsampled_gaussian': ('exact_cost', 'exact_cost_arb', 'scaled_renyi', 'scaled_renyi_arb',
                                'subsampled_gaussian_binomial_cost'),
    'finite_support_divergence': ('finite_hockey_stick_delta', 'finite_kl', 'finite_max_divergence', 'finite_renyi',
                                  'finite_tv', 'normalise_log'),
    'privacy_cost': ('gaussian_reference_cost', 'gaussian_reference_cost_quadrature', 'log1p_exp', 'privacy_cost',
                     'privacy_cost_monte_carlo'),
    'posterior_robustness': ('kappa_constant', 'kappa_constant_algebraic', 'shell_bound', 'shell_bound_minimum',
                             'shell_root', 'shell_root_arb', 'shell_root_bisection_arb'),
    'empirical_deviation': ('l1_deviation_tail', 'weissman_bound'),
    'lipschitz_c_star': ('lipschitz_mass_rate', 'lipschitz_mass_rate_arb'),
}

__all__, __getattr__, __dir__ = exports(__name__, _NAMES, MODULES)

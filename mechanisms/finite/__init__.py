"""Finite mechanisms: channels and priors, their divergences and privacy profiles (hockey-stick),
quantitative information flow (vulnerability, leakage, capacities) and PAC robustness of finite estimators.

Each name below is imported on first use from the module that defines it (``mechanisms.finite.<module>``)."""
from mechanisms._lazy import exports

MODULES = ('channels', 'hockey_stick', 'leakage', 'channel_ops', 'robustness', 'capacity', 'metric_privacy',)

# each module's public names (a name is imported from its module on first use)
_NAMES = {
    'leakage': ('additive_bayes_capacity', 'additive_g_capacity_one_spanning', 'additive_g_leakage',
                'additive_leakage', 'bayes_capacity', 'bayes_risk', 'bayes_vulnerability', 'cascade',
                'conditional_min_entropy', 'conditional_shannon_entropy', 'g_vulnerability', 'guessing_entropy',
                'loss_risk', 'min_entropy', 'min_entropy_capacity', 'min_entropy_leakage',
                'multiplicative_bayes_capacity', 'multiplicative_bayes_risk_capacity', 'multiplicative_g_leakage',
                'multiplicative_leakage', 'multiplicative_loss_capacity', 'mutual_information',
                'parallel_composition', 'posterior_bayes_risk', 'posterior_bayes_vulnerability',
                'posterior_g_vulnerability', 'posterior_guessing_entropy', 'posterior_loss_risk',
                'product_composition', 'repeated_bayes_capacity_bound', 'shannon_entropy'),
    'robustness': ('all_rows_max', 'bad_set', 'event_probability', 'hamming', 'miss_probability_by_distance',
                   'neighbour_ratio', 'prior_average', 'skewed_two_point', 'tight_mbp_channel', 'worst_other_row'),
    'channels': ('belief_after_release', 'exact_matrix', 'exact_vector', 'js', 'kl', 'ldp_level', 'marginal',
                 'mbp_level', 'posterior', 'renyi', 'tv'),
    'hockey_stick': ('channel_hockey_stick', 'channel_hockey_stick_delta', 'hockey_stick', 'hockey_stick_delta'),
    'channel_ops': ('deterministic_channel', 'restrict', 'uniform_on_support'),
    'metric_privacy': ('exponential_mechanism_channel', 'geometric_pmf', 'metric_privacy_level',
                       'randomized_response_channel', 'rectangular_geometric_channel', 'tight_constraints_channel',
                       'truncated_geometric_channel'),
    'capacity': ('multiplicative_g_capacity', 'shannon_capacity', 'shannon_capacity_bounds'),
}

__all__, __getattr__, __dir__ = exports(__name__, _NAMES, MODULES)

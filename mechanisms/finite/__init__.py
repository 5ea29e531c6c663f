"""Finite mechanisms: channels and priors, their divergences and privacy profiles (hockey-stick),
quantitative information flow (vulnerability, leakage, capacities) and PAC robustness of finite estimators.

Each name below is imported on first use from the module that defines it (``mechanisms.finite.channels.<module>``)."""
import importlib

MODULES = ('channels', 'hockey_stick', 'leakage', 'channel_ops', 'robustness',)

_WHERE = {
    'additive_bayes_capacity': 'leakage',
    'additive_g_leakage': 'leakage',
    'additive_leakage': 'leakage',
    'all_rows_max': 'robustness',
    'bad_set': 'robustness',
    'bayes_capacity': 'leakage',
    'bayes_vulnerability': 'leakage',
    'belief_after_release': 'channels',
    'cascade': 'leakage',
    'channel_hockey_stick': 'hockey_stick',
    'channel_hockey_stick_delta': 'hockey_stick',
    'conditional_min_entropy': 'leakage',
    'conditional_shannon_entropy': 'leakage',
    'deterministic_channel': 'channel_ops',
    'event_probability': 'robustness',
    'exact_matrix': 'channels',
    'exact_vector': 'channels',
    'g_vulnerability': 'leakage',
    'hamming': 'robustness',
    'hockey_stick': 'hockey_stick',
    'hockey_stick_delta': 'hockey_stick',
    'js': 'channels',
    'kl': 'channels',
    'ldp_level': 'channels',
    'marginal': 'channels',
    'mbp_level': 'channels',
    'min_entropy': 'leakage',
    'min_entropy_capacity': 'leakage',
    'min_entropy_leakage': 'leakage',
    'miss_probability_by_distance': 'robustness',
    'multiplicative_bayes_capacity': 'leakage',
    'multiplicative_g_leakage': 'leakage',
    'multiplicative_leakage': 'leakage',
    'mutual_information': 'leakage',
    'neighbour_ratio': 'robustness',
    'parallel_composition': 'leakage',
    'posterior': 'channels',
    'posterior_bayes_vulnerability': 'leakage',
    'posterior_g_vulnerability': 'leakage',
    'prior_average': 'robustness',
    'product_composition': 'leakage',
    'renyi': 'channels',
    'restrict': 'channel_ops',
    'shannon_entropy': 'leakage',
    'skewed_two_point': 'robustness',
    'tight_mbp_channel': 'robustness',
    'tv': 'channels',
    'uniform_on_support': 'channel_ops',
    'validate_exact_channel': 'channels',
    'validate_exact_prior': 'channels',
    'worst_other_row': 'robustness',
}

__all__ = sorted(_WHERE)


def __getattr__(name):
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    if name in MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(__all__) | set(MODULES))

"""Privacy accounting: Rényi DP to (ε, δ) conversion, composition (basic, optimal, heterogeneous),
amplification by subsampling, and the RDP accountants of DP-SGD with Gaussian and VMF noise.

Each name below is imported on first use from the module that defines it (``mechanisms.accounting.<module>``)."""
import importlib

MODULES = ('rdp_conversion', 'rdp_interpolation', 'composition', 'optimal_composition', 'subsampling', 'subsampled_gaussian', 'subsampled_gaussian_curve', 'dpsgd_accountant', 'vmf_accounting', 'vmf_subsampled', 'vmf_subsampled_composition',)

_WHERE = {
    'BinnedTest': 'vmf_subsampled_composition',
    'best_delta_from_rdp': 'rdp_conversion',
    'best_delta_from_rdp_basic': 'rdp_conversion',
    'best_eps_from_rdp': 'rdp_conversion',
    'best_eps_from_rdp_basic': 'rdp_conversion',
    'choose_bins': 'vmf_subsampled_composition',
    'composition_eps': 'composition',
    'composition_profile': 'optimal_composition',
    'dpsgd_best_order': 'dpsgd_accountant',
    'dpsgd_epsilon': 'dpsgd_accountant',
    'dpsgd_epsilon_arb': 'dpsgd_accountant',
    'eps_from_rdp': 'rdp_conversion',
    'eps_from_rdp_basic': 'rdp_conversion',
    'interpolate_cgf': 'rdp_interpolation',
    'kov_extremal_composition_delta': 'composition',
    'kov_grid_composition_eps': 'optimal_composition',
    'log_binomial_excess': 'subsampled_gaussian',
    'log_delta_from_rdp': 'rdp_conversion',
    'log_delta_from_rdp_basic': 'rdp_conversion',
    'optimal_composition_eps': 'optimal_composition',
    'profile_lower_bound': 'vmf_subsampled_composition',
    'profile_lower_bound_arb': 'vmf_subsampled_composition',
    'profile_lower_eps': 'vmf_subsampled_composition',
    'rr_composition_delta': 'composition',
    'subsample_dp': 'subsampling',
    'subsampled_gaussian_integer_log_moment': 'subsampled_gaussian',
    'subsampled_gaussian_log_moment': 'subsampled_gaussian',
    'subsampled_gaussian_log_moment_arb': 'subsampled_gaussian',
    'subsampled_gaussian_rdp': 'subsampled_gaussian',
    'subsampled_gaussian_rdp_arb': 'subsampled_gaussian',
    'subsampled_gaussian_rdp_curve': 'subsampled_gaussian_curve',
    'subsampled_gaussian_rdp_quadrature': 'subsampled_gaussian',
    'subsampled_gaussian_rdp_quadrature_arb': 'subsampled_gaussian',
    'subsampled_renyi': 'subsampling',
    'vmf_alpha_star': 'vmf_accounting',
    'vmf_alpha_star_bracket_arb': 'vmf_accounting',
    'vmf_dlog_delta_quadrature': 'vmf_accounting',
    'vmf_dlog_delta_quadrature_arb': 'vmf_accounting',
    'vmf_log_delta_alpha': 'vmf_accounting',
    'vmf_min_log_delta': 'vmf_accounting',
    'vmf_min_log_delta_arb': 'vmf_accounting',
    'vmf_stationarity': 'vmf_accounting',
    'vmf_subsampled_kl_quadrature': 'vmf_subsampled',
    'vmf_subsampled_kl_quadrature_arb': 'vmf_subsampled',
    'vmf_subsampled_renyi_both': 'vmf_subsampled_composition',
    'vmf_subsampled_renyi_directions': 'vmf_subsampled_composition',
    'vmf_subsampled_renyi_directions_arb': 'vmf_subsampled_composition',
    'vmf_t_tail': 'vmf_subsampled_composition',
    'vmf_t_tail_arb': 'vmf_subsampled_composition',
    'zhu_wang_bound': 'subsampling',
    'zhu_wang_cgf_bound': 'subsampling',
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

"""Privacy accounting: Rényi DP to (ε, δ) conversion, composition (basic, optimal, heterogeneous),
amplification by subsampling, and the RDP accountants of DP-SGD with Gaussian and VMF noise.

Each name below is imported on first use from the module that defines it (``mechanisms.accounting.<module>``).

Calibration, one return type per name: ``gaussian_sigma``, ``laplace_scale`` and ``dpsgd_sigma`` are the value — the
exact rational scale, the number ``m.gaussian_sigma`` (...) gives a quantity on the certified path (on the float path
the same number as a float) —, and ``gaussian_sigma_calibration``, ``laplace_scale_calibration`` and
``dpsgd_sigma_calibration`` the :class:`~mechanisms.accounting.calibration.Calibration` with both certified balls (in
``mechanisms.accounting.calibration`` itself these are ``gaussian_sigma`` ..., and the values ``gaussian_sigma_exact``
...)."""
from mechanisms._lazy import exports

MODULES = ('rdp_conversion', 'rdp_interpolation', 'composition', 'optimal_composition', 'subsampling', 'subsampled_gaussian', 'subsampled_gaussian_curve', 'dpsgd_accountant', 'vmf_accounting', 'vmf_subsampled', 'vmf_subsampled_composition', 'calibration', 'pld', 'rdp_events', 'sampling_without_replacement',)

_WHERE = {
    'advanced_composition_eps': 'composition',
    'best_delta_from_rdp': 'rdp_conversion',
    'best_delta_from_rdp_basic': 'rdp_conversion',
    'best_eps_from_rdp': 'rdp_conversion',
    'best_eps_from_rdp_basic': 'rdp_conversion',
    'BinnedTest': 'vmf_subsampled_composition',
    'Calibration': 'calibration',
    'choose_bins': 'vmf_subsampled_composition',
    'composition_eps': 'composition',
    'composition_profile': 'optimal_composition',
    'dpsgd_best_order': 'dpsgd_accountant',
    'dpsgd_epsilon': 'dpsgd_accountant',
    'dpsgd_epsilon_arb': 'dpsgd_accountant',
    'dpsgd_sigma': ('calibration', 'dpsgd_sigma_exact'),  # the value: a number, as m.dpsgd_sigma
    'dpsgd_sigma_calibration': ('calibration', 'dpsgd_sigma'),  # the Calibration (both certified balls)
    'dpsgd_sigma_exact': 'calibration',
    'dpsgd_sigma_float': 'calibration',
    'dpsgd_sigma_grid': 'calibration',
    'eps_from_rdp': 'rdp_conversion',
    'eps_from_rdp_basic': 'rdp_conversion',
    'gaussian_pld_delta': 'pld',
    'gaussian_pld_delta_arb': 'pld',
    'gaussian_sigma': ('calibration', 'gaussian_sigma_exact'),  # the value: a number, as m.gaussian_sigma
    'gaussian_sigma_calibration': ('calibration', 'gaussian_sigma'),  # the Calibration (both certified balls)
    'gaussian_sigma_exact': 'calibration',
    'gaussian_sigma_float': 'calibration',
    'gaussian_sigma_grid': 'calibration',
    'heterogeneous_rr_composition_delta': 'composition',
    'interpolate_cgf': 'rdp_interpolation',
    'kov_extremal_composition_delta': 'composition',
    'kov_grid_composition_eps': 'optimal_composition',
    'kov_heterogeneous_composition_eps': 'composition',
    'laplace_pld_delta': 'pld',
    'laplace_pld_delta_arb': 'pld',
    'laplace_scale': ('calibration', 'laplace_scale_exact'),  # the value: a number, as m.laplace_scale
    'laplace_scale_calibration': ('calibration', 'laplace_scale'),  # the Calibration (both certified balls)
    'laplace_scale_exact': 'calibration',
    'laplace_scale_float': 'calibration',
    'laplace_scale_grid': 'calibration',
    'log_binomial_excess': 'subsampled_gaussian',
    'log_delta_from_rdp': 'rdp_conversion',
    'log_delta_from_rdp_basic': 'rdp_conversion',
    'optimal_composition_eps': 'optimal_composition',
    'optimal_heterogeneous_composition_delta': 'composition',
    'pld_delta': 'pld',
    'pld_delta_arb': 'pld',
    'pld_delta_bounds': 'pld',
    'pld_delta_float': 'pld',
    'pld_epsilon': 'pld',
    'pld_epsilon_arb': 'pld',
    'pld_epsilon_bounds': 'pld',
    'pld_epsilon_float': 'pld',
    'PldBounds': 'pld',
    'PldEpsilon': 'pld',
    'profile_lower_bound': 'vmf_subsampled_composition',
    'profile_lower_bound_arb': 'vmf_subsampled_composition',
    'profile_lower_eps': 'vmf_subsampled_composition',
    'randomised_response_composition_delta': 'composition',
    'repeat_and_select_rdp': 'rdp_events',
    'rr_composition_delta': 'composition',
    'sampled_without_replacement_gaussian_rdp': 'sampling_without_replacement',
    'sampled_without_replacement_gaussian_rdp_arb': 'sampling_without_replacement',
    'subsample_dp': 'subsampling',
    'subsampled_gaussian_integer_log_moment': 'subsampled_gaussian',
    'subsampled_gaussian_log_moment': 'subsampled_gaussian',
    'subsampled_gaussian_log_moment_arb': 'subsampled_gaussian',
    'subsampled_gaussian_pld_delta': 'pld',
    'subsampled_gaussian_pld_delta_arb': 'pld',
    'subsampled_gaussian_pld_epsilon': 'pld',
    'subsampled_gaussian_pld_epsilon_arb': 'pld',
    'subsampled_gaussian_rdp': 'subsampled_gaussian',
    'subsampled_gaussian_rdp_arb': 'subsampled_gaussian',
    'subsampled_gaussian_rdp_curve': 'subsampled_gaussian_curve',
    'subsampled_gaussian_rdp_quadrature': 'subsampled_gaussian',
    'subsampled_gaussian_rdp_quadrature_arb': 'subsampled_gaussian',
    'subsampled_renyi': 'subsampling',
    'tree_aggregation_rdp': 'rdp_events',
    'truncated_negative_binomial_gamma': 'rdp_events',
    'truncated_negative_binomial_mean': 'rdp_events',
    'vmf_alpha_star': 'vmf_accounting',
    'vmf_alpha_star_bracket_arb': 'vmf_accounting',
    'vmf_dlog_delta_quadrature': 'vmf_accounting',
    'vmf_log_delta_alpha': 'vmf_accounting',
    'vmf_min_log_delta': 'vmf_accounting',
    'vmf_min_log_delta_arb': 'vmf_accounting',
    'vmf_stationarity': 'vmf_accounting',
    'vmf_subsampled_kl_quadrature': 'vmf_subsampled',
    'vmf_subsampled_renyi_both': 'vmf_subsampled_composition',
    'vmf_subsampled_renyi_directions': 'vmf_subsampled_composition',
    'vmf_subsampled_renyi_directions_arb': 'vmf_subsampled_composition',
    'vmf_t_tail': 'vmf_subsampled_composition',
    'vmf_t_tail_arb': 'vmf_subsampled_composition',
    'zcdp_rdp': 'rdp_events',
    'zhu_wang_bound': 'subsampling',
    'zhu_wang_cgf_bound': 'subsampling',
}

__all__ = sorted(_WHERE)
__getattr__, __dir__ = exports(__name__, _WHERE, MODULES)

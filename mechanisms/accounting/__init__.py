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

# each module's public names (a name is imported from its module on first use)
_NAMES = {
    'rdp_conversion': ('best_delta_from_rdp', 'best_delta_from_rdp_basic', 'best_eps_from_rdp',
                       'best_eps_from_rdp_basic', 'eps_from_rdp', 'eps_from_rdp_basic', 'log_delta_from_rdp',
                       'log_delta_from_rdp_basic'),
    'rdp_interpolation': ('interpolate_cgf',),
    'composition': ('advanced_composition_eps', 'composition_eps', 'heterogeneous_rr_composition_delta',
                    'kov_extremal_composition_delta', 'kov_heterogeneous_composition_eps',
                    'optimal_heterogeneous_composition_delta', 'randomised_response_composition_delta',
                    'rr_composition_delta'),
    'optimal_composition': ('composition_profile', 'kov_grid_composition_eps', 'optimal_composition_eps'),
    'subsampling': ('subsample_dp', 'subsampled_renyi', 'zhu_wang_bound', 'zhu_wang_cgf_bound'),
    'subsampled_gaussian': ('log_binomial_excess', 'subsampled_gaussian_integer_log_moment',
                            'subsampled_gaussian_log_moment', 'subsampled_gaussian_log_moment_arb',
                            'subsampled_gaussian_rdp', 'subsampled_gaussian_rdp_arb',
                            'subsampled_gaussian_rdp_quadrature', 'subsampled_gaussian_rdp_quadrature_arb'),
    'subsampled_gaussian_curve': ('subsampled_gaussian_rdp_curve',),
    'dpsgd_accountant': ('dpsgd_best_order', 'dpsgd_epsilon', 'dpsgd_epsilon_arb'),
    'vmf_accounting': ('vmf_alpha_star', 'vmf_alpha_star_bracket_arb', 'vmf_dlog_delta_quadrature',
                       'vmf_log_delta_alpha', 'vmf_min_log_delta', 'vmf_min_log_delta_arb', 'vmf_stationarity'),
    'vmf_subsampled': ('vmf_subsampled_kl_quadrature',),
    'vmf_subsampled_composition': ('BinnedTest', 'choose_bins', 'profile_lower_bound', 'profile_lower_bound_arb',
                                   'profile_lower_eps', 'vmf_subsampled_renyi_both', 'vmf_subsampled_renyi_directions',
                                   'vmf_subsampled_renyi_directions_arb', 'vmf_t_tail', 'vmf_t_tail_arb'),
    'calibration': ('Calibration', 'dpsgd_sigma_exact', 'dpsgd_sigma_float', 'dpsgd_sigma_grid', 'gaussian_sigma_exact',
                    'gaussian_sigma_float', 'gaussian_sigma_grid', 'laplace_scale_exact', 'laplace_scale_float',
                    'laplace_scale_grid'),
    'pld': ('gaussian_pld_delta', 'gaussian_pld_delta_arb', 'laplace_pld_delta', 'laplace_pld_delta_arb', 'pld_delta',
            'pld_delta_arb', 'pld_delta_bounds', 'pld_delta_float', 'pld_epsilon', 'pld_epsilon_arb',
            'pld_epsilon_bounds', 'pld_epsilon_float', 'PldBounds', 'PldEpsilon', 'subsampled_gaussian_pld_delta',
            'subsampled_gaussian_pld_delta_arb', 'subsampled_gaussian_pld_epsilon',
            'subsampled_gaussian_pld_epsilon_arb'),
    'rdp_events': ('repeat_and_select_rdp', 'tree_aggregation_rdp', 'truncated_negative_binomial_gamma',
                   'truncated_negative_binomial_mean', 'zcdp_rdp'),
    'sampling_without_replacement': ('sampled_without_replacement_gaussian_rdp',
                                     'sampled_without_replacement_gaussian_rdp_arb'),
}
# the package's names that are not their module's: the value (a number, as m.NAME gives) and the Calibration
# (both certified balls) of each calibration
_ALIASES = {
    'dpsgd_sigma': ('calibration', 'dpsgd_sigma_exact'),
    'dpsgd_sigma_calibration': ('calibration', 'dpsgd_sigma'),
    'gaussian_sigma': ('calibration', 'gaussian_sigma_exact'),
    'gaussian_sigma_calibration': ('calibration', 'gaussian_sigma'),
    'laplace_scale': ('calibration', 'laplace_scale_exact'),
    'laplace_scale_calibration': ('calibration', 'laplace_scale'),
}

__all__, __getattr__, __dir__ = exports(__name__, _NAMES, MODULES, _ALIASES)

"""Seed 003's own subcommand: `proofcheck vmf P KAPPA [--alpha A [--delta D]]`, certified privacy figures of the
VMF mechanism (declared here, so the engine's command line knows no paper: proofcheck.registry.paper_commands)."""
from __future__ import annotations

import json

from mechanisms.accounting import rdp_conversion  # noqa: F401  (registers the conversion)
from mechanisms.continuous import capacity, vmf_renyi  # noqa: F401  (register the VMF formulas)
from mechanisms.errors import InvalidInput
from mechanisms.numerics import checks
from mechanisms.numerics.context import certified
from proofcheck.cli.inputs import exact_arg, int_arg
from proofcheck.numerics import fmt, precision, to_printed_digits
from proofcheck.registry import Command


def vmf_arguments(parser) -> None:
    parser.add_argument("p", help="dimension of the ambient space (the sphere is S^{p-1}), p >= 2")
    parser.add_argument("kappa", help="concentration κ >= 0 (exact: decimal or p/q)")
    parser.add_argument("--alpha", help="Rényi order α > 1")
    parser.add_argument("--delta", help="δ in (0, 1): also the ε that (α, τ_α)-RDP gives at this δ")


def run_vmf(args) -> int:
    """Certified privacy figures of the VMF mechanism on S^{p-1} (seed 003): Rényi DP at antipodal
    centres (Proposition 1), the (ε, δ) it converts to, and the Bayes' capacity (Theorem 6).

    κ = 0 is the uniform law on the sphere: τ_α = 0 and log capacity = 0 exactly (the limits of the
    printed formulas, which are 0/0 there), and ε at δ is the conversion of τ = 0."""
    p = checks.check_dimension(int_arg(args.p, "p"), "vmf")
    kappa = checks.check_kappa(exact_arg(args.kappa, "kappa"), "vmf")
    where = f"at p = {p}, kappa = {args.kappa}"
    # every figure at the precision its printed digits need (a huge κ cancels κ against log M_p(κ)); printed at 128
    with precision(128):
        out = {"p": p, "kappa": args.kappa,
               "log_bayes_capacity": fmt(to_printed_digits(lambda: certified.vmf_capacity(p, kappa),
                                                           f"the log Bayes' capacity {where}"))}
        if args.alpha is not None:
            alpha = checks.check_alpha(exact_arg(args.alpha, "alpha"), "vmf")
            out["renyi_dp_tau_alpha"] = fmt(to_printed_digits(lambda: certified.vmf_rdp(p, kappa, alpha),
                                                              f"tau_alpha {where}, alpha = {args.alpha}"))
            if args.delta is not None:
                delta = exact_arg(args.delta, "delta")
                out["epsilon_at_delta"] = fmt(to_printed_digits(
                    lambda: certified.eps_from_rdp(certified.vmf_rdp(p, kappa, alpha), alpha, delta),
                    f"epsilon {where}, alpha = {args.alpha}, delta = {args.delta}"))
        elif args.delta is not None:
            raise InvalidInput("--delta needs --alpha (the Rényi order the conversion uses)")
    print(json.dumps(out, indent=1))
    return 0


COMMANDS = [Command("vmf", "certified Rényi DP, (ε, δ) and Bayes' capacity of the VMF mechanism", vmf_arguments, run_vmf)]

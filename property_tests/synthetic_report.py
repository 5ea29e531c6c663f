"""A small synthetic report for the findings tests of each paper: one statement record per statement id
(its primary reading's claim, a counterexample whose size orders the witnesses), violated or holding."""


def synthetic(paper, violated, holding=(), primary_of=lambda sid: None):
    statements, claims = [], []
    for k, sid in enumerate([*violated, *holding]):
        cid = (primary_of(sid) or [sid])[0]
        statements.append({"id": sid, "paper": paper, "title": sid, "source": {"where": f"§{k}"},
                           "verdict": "violated" if sid in violated else "holds", "primary": {"id": cid},
                           "variants": [], "counterexample": {"objects": {"k": "1" * (k + 1)}}})
        claims.append({"id": cid, "relative_margin": -0.5})
    return statements, claims

"""Files a run writes: a safe file name for a claim id, standard JSON of its records, and a write that either
happens whole or not at all (a run stopped halfway leaves the previous file, never half of one)."""
from __future__ import annotations

import hashlib
import math
import os
import re
from pathlib import Path

import numpy as np


def safe_name(cid: str) -> str:
    """A file name for a claim id: the id itself where it is safe, else its safe characters and a short
    hash of the id (so `a_b` and `a#b` never share a file)."""
    name = re.sub(r"[^A-Za-z0-9._+-]", "_", cid)
    if name != cid or len(name) > 120:
        name = name[:120] + "-" + hashlib.sha256(cid.encode()).hexdigest()[:8]
    return name


def json_safe(x):
    """Standard JSON: a non-finite float becomes the string 'inf', '-inf' or 'nan' (as the schema says)."""
    if isinstance(x, float):
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return float(x)
    if isinstance(x, dict):
        return {str(k): json_safe(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [json_safe(v) for v in x]
    if isinstance(x, (str, int, bool)) or x is None:
        return x
    if isinstance(x, np.generic):
        return json_safe(x.item())
    if isinstance(x, np.ndarray):
        return json_safe(x.tolist())
    return str(x)


def write_atomic(path: Path, text: str):
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)

"""Device selection for the torch backend: code never hard-codes a device."""
from __future__ import annotations


def resolve_device(device: str = "auto"):
    """'auto' picks CUDA when present, else CPU; anything else is passed to torch.device."""
    import torch

    if device == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    return torch.device(device)

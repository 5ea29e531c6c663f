"""The record of one closed computation: every question it met and could not decide.

A proof by boxes is sound only if no code between a box and its verdict turns "this box does not decide it"
into a value. Code can do so in many ways — a comparison answered UNKNOWN read with ``is True``, an
:class:`Undecided` caught by a broad handler, a predicate (``is_zero``) of a ball that
reaches 0, a float read of a ball's midpoint — and no review of every formula and every user quantity can rule
them all out. So each such question is written down where it is asked, in the record of the computation that
asked it, whether or not anything later catches, ignores or hides it:

* an :class:`Undecided` raised (its constructor notes it);
* a comparison of enclosures answered UNKNOWN and not taken by a three-valued branch (``ctx.branch``);
* a predicate of a ball that does not decide it (its answer is an UNKNOWN);
* a float read of a number (``ctx.float_guess``), whatever is done with it.

A box is decided only by a computation whose record is clean (:func:`closed`): whatever the quantity returned, a
computation that met an undecided question decides nothing. Records nest: an inner computation (one method of
enclosing a value, tried before another) keeps its own, and the caller uses its value only where it is clean
(:func:`attempt`). Outside any closed computation nothing is recorded (the float search, the certified path).
"""
from __future__ import annotations

import contextvars
from contextlib import contextmanager

SHOWN = 3  # questions quoted in a reason

_CURRENT: contextvars.ContextVar = contextvars.ContextVar("mechanisms_numerics_record", default=None)


class Undecided(BaseException):
    """An enclosure too wide to decide a step (the sign of a ball that straddles 0, the log of one):
    retry at a higher precision, or split the box; never an error of the claim, never evidence.

    A BaseException, so that ``except Exception`` and ``except ArithmeticError`` in a quantity do not catch it;
    and noted in the record of the running computation when made, so that one that catches it anyway
    (``except BaseException``, a bare ``except``) still decides nothing (:func:`note`)."""

    def __init__(self, *args):
        super().__init__(*args)
        note(f"{type(self).__name__}: {args[0] if args else ''}")


class Record:
    """The undecided questions of one computation: ``asked`` (raised, read or predicated) and ``open`` (UNKNOWN
    answers no three-valued branch has taken)."""

    __slots__ = ("asked", "open")

    def __init__(self):
        self.asked: list[str] = []
        self.open: list = []

    @property
    def clean(self) -> bool:
        return not self.asked and not self.open

    def reason(self) -> str:
        """The first questions, as one line (empty when clean)."""
        said = self.asked + [f"a comparison answered UNKNOWN ({u.question})" for u in self.open]
        more = f" (and {len(said) - SHOWN} more)" if len(said) > SHOWN else ""
        return "; ".join(said[:SHOWN]) + more


def current() -> Record | None:
    return _CURRENT.get()


def note(question: str) -> None:
    """Write an undecided question into the record of the computation running now (if any)."""
    r = _CURRENT.get()
    if r is not None:
        r.asked.append(" ".join(str(question).split())[:200])


def answered_unknown(token) -> None:
    r = _CURRENT.get()
    if r is not None:
        r.open.append(token)


def settled(token) -> None:
    """A three-valued branch took this UNKNOWN answer (it used both branches, or refused): no longer open."""
    r = _CURRENT.get()
    if r is not None:
        r.open = [u for u in r.open if u is not token]


@contextmanager
def closed():
    """Run a block as one closed computation with a fresh record (yielded); the enclosing record does not see
    its questions, so the caller must read ``clean`` before using anything the block computed."""
    r = Record()
    token = _CURRENT.set(r)
    try:
        yield r
    finally:
        _CURRENT.reset(token)


class Failed:
    """What :func:`attempt` returns when the computation raised or met an undecided question."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason

    def __bool__(self):
        return False

    def __repr__(self):
        return f"Failed({self.reason!r})"


def attempt(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` as a closed computation: its value where it returned with a clean record, else a
    :class:`Failed` with the reason (an exception of any kind, or the first undecided questions)."""
    with closed() as r:
        try:
            value = fn(*args, **kwargs)
        except (Exception, Undecided) as e:
            return Failed(f"{type(e).__name__}: {e}")
    return value if r.clean else Failed(r.reason())

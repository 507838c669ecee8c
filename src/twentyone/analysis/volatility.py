"""Volatility of a side bet for the PAR sheet (issue 12, item 4).

The sheet gives, for every bet, "the distribution and SD ... and a volatility index with the
90% / 99% range of the realised RTP after 10^3 … 10^8 rounds". For the main game the report
computes them from the exact round distribution; this module does the same for a side bet from
its exact outcome table (:class:`~twentyone.analysis.sidebets.SideBetAnalysis`).

A side bet's top line is rare (Lucky Ladies' queen-of-hearts pair with a dealer blackjack is
about one wager in a few thousand), so the normal approximation of the realised RTP is poor over
a short horizon: most players never hit the top line and lose more than the normal range says,
a few hit it and win far more. So besides the normal range this module gives the chance of
never hitting the top line in ``n`` wagers (exact), and the exact quantiles of the realised RTP
where the distribution of the sum of ``n`` wagers is cheap to compute: every result is an integer
number of units, so that distribution is the outcome table convolved with itself ``n`` times,
done in one FFT.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from twentyone.analysis.sidebets import SideBetAnalysis

Z90 = 1.6448536269514722
"""Two-sided 90% normal quantile (Φ⁻¹(0.95))."""
Z99 = 2.5758293035489004
"""Two-sided 99% normal quantile (Φ⁻¹(0.995))."""

EXACT_SUPPORT_LIMIT = 1 << 23
"""Largest FFT size (number of possible sums) the exact quantiles use: 2^23 values are
64 MiB and take about a second; beyond it the sheet gives the normal range only."""


@dataclass(frozen=True, slots=True)
class RtpRange:
    """The range of the realised RTP after ``n`` wagers that 90% and 99% of players end in.

    Attributes:
        n: wagers.
        normal90, normal99: (low, high) RTP from the normal approximation.
        exact90, exact99: (low, high) RTP from the exact distribution of the sum of ``n``
            wagers (the 5%/95% and 0.5%/99.5% quantiles), or ``None`` where not computed.
        never_top: exact chance of never hitting the top line in ``n`` wagers.
    """

    n: int
    normal90: tuple[float, float]
    normal99: tuple[float, float]
    exact90: tuple[float, float] | None
    exact99: tuple[float, float] | None
    never_top: float


def side_sd(side: SideBetAnalysis) -> float:
    """Standard deviation of one wager's result per unit staked, from the outcome table alone
    (``√(Σ pays² p − (Σ pays p)²)``, exact before the square root)."""
    mean = sum((line.pays * line.probability for line in side.outcomes), Fraction(0))
    second = sum((line.pays**2 * line.probability for line in side.outcomes), Fraction(0))
    return math.sqrt(second - mean * mean)


def volatility_index(sd: float) -> tuple[float, float]:
    """The volatility index at 90% and 99%: the SD times the two-sided normal quantile, as the
    main game's section of the sheet gives it."""
    return Z90 * sd, Z99 * sd


def top_line_chance(side: SideBetAnalysis) -> Fraction:
    """The exact chance of the best-paying line that can occur on one wager (a line the shoe
    cannot make, such as a suited 7-7-7 from one deck, is skipped)."""
    possible = [line for line in side.outcomes if line.probability > 0 and line.pays > 0]
    if not possible:
        return Fraction(0)
    best = max(line.pays for line in possible)
    return sum((line.probability for line in possible if line.pays == best), Fraction(0))


def top_line_pays(side: SideBetAnalysis) -> int:
    """What the line of :func:`top_line_chance` pays to 1 (0 if no line can win)."""
    return max((x.pays for x in side.outcomes if x.probability > 0 and x.pays > 0), default=0)


def never_top_chance(side: SideBetAnalysis, n: int) -> float:
    """The chance of never hitting the top line in ``n`` independent wagers, ``(1 − p)^n``
    (each wager on a fresh shoe, as the outcome table is)."""
    p = float(top_line_chance(side))
    return math.exp(n * math.log1p(-p))


def never_top_log10(side: SideBetAnalysis, n: int) -> float:
    """``log10`` of :func:`never_top_chance`, which stays finite where the chance itself is
    below the smallest float (10^8 Lucky Ladies wagers: about 10^-632).

    >>> from twentyone.analysis.sidebets import analyse_side_bet
    >>> side = analyse_side_bet("lucky-ladies", decks=6)
    >>> round(never_top_log10(side, 1000), 4) == round(math.log10(never_top_chance(side, 1000)), 4)
    True
    """
    p = float(top_line_chance(side))
    return n * math.log1p(-p) / math.log(10)


def sum_distribution(side: SideBetAnalysis, n: int) -> NDArray[np.float64] | None:
    """The exact distribution of the total result of ``n`` independent wagers, as an array
    indexed by ``total + n`` (a lost wager is −1, so ``total + n`` is never negative), or
    ``None`` if its support exceeds :data:`EXACT_SUPPORT_LIMIT`.

    Each wager's shifted result ``pays + 1`` is a whole number in ``0 … top + 1``; the sum of
    ``n`` of them is the ``n``-fold convolution, computed as the ``n``-th power of one FFT.
    """
    top = max(line.pays for line in side.outcomes) + 1
    support = n * top + 1
    if support > EXACT_SUPPORT_LIMIT:
        return None
    size = 1 << (support - 1).bit_length()
    pmf = np.zeros(size)
    for line in side.outcomes:
        pmf[line.pays + 1] += float(line.probability)
    spectrum = np.fft.rfft(pmf)
    total: NDArray[np.float64] = np.clip(np.fft.irfft(spectrum**n, size)[:support], 0.0, None)
    return total


def _quantile(cdf: NDArray[np.float64], q: float) -> int:
    """The smallest index whose cumulative probability reaches ``q``."""
    return int(np.searchsorted(cdf, q * cdf[-1], side="left"))


def exact_ranges(
    side: SideBetAnalysis, n: int
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The exact 90% and 99% ranges of the realised RTP after ``n`` wagers (the 5%–95% and
    0.5%–99.5% quantiles of ``1 + total / n``), or ``None`` if too large to compute."""
    dist = sum_distribution(side, n)
    if dist is None:
        return None
    cdf = np.cumsum(dist)

    def rtp(q: float) -> float:
        return 1 + (_quantile(cdf, q) - n) / n

    return (rtp(0.05), rtp(0.95)), (rtp(0.005), rtp(0.995))


def rtp_ranges(side: SideBetAnalysis, horizons: tuple[int, ...]) -> list[RtpRange]:
    """The normal and (where computable) exact ranges of the realised RTP per horizon."""
    sd = side_sd(side)
    rtp = float(side.rtp)
    out = []
    for n in horizons:
        h90 = Z90 * sd / math.sqrt(n)
        h99 = Z99 * sd / math.sqrt(n)
        exact = exact_ranges(side, n)
        out.append(
            RtpRange(
                n=n,
                normal90=(rtp - h90, rtp + h90),
                normal99=(rtp - h99, rtp + h99),
                exact90=None if exact is None else exact[0],
                exact99=None if exact is None else exact[1],
                never_top=never_top_chance(side, n),
            )
        )
    return out

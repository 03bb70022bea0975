"""Glicko-2 ratings for puzzles and learners: each attempt is a rated game between the two.

A learner who solves a puzzle "wins" against it, one who misses it "loses",
and both ratings move, the less certain one more (its rating deviation, RD,
is larger). This is Mark Glickman's Glicko-2 system, as lichess rates its
puzzles: a rating, its deviation, and a volatility that says how erratic
the player's results have been. One attempt is one rating period here, so
a rating moves after every answer.

>>> learner, puzzle = Rating(), Rating(1700.0, 80.0)
>>> after, _ = play(learner, puzzle, solved=True)
>>> round(after.rating) > 1500 and after.deviation < learner.deviation
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

#: Glicko-2 works on its own scale: rating 1500 is 0, and 173.7178 rating points are 1.
SCALE = 173.7178
#: How far volatility may change per period; Glickman suggests 0.3 to 1.2.
TAU = 0.5
_EPSILON = 1e-6
#: A newcomer: rating 1500, deviation 350 (nothing known yet), volatility 0.06.
DEFAULT_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY = 1500.0, 350.0, 0.06
#: A deviation never falls below this, so a rating never stops learning.
MIN_DEVIATION = 45.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar scale (1500 a beginner's starting point)."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the true rating."""
        return self.rating - 1.96 * self.deviation, self.rating + 1.96 * self.deviation

    def to_dict(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "deviation": round(self.deviation, 2),
                "volatility": round(self.volatility, 6)}

    @classmethod
    def from_dict(cls, data: dict) -> "Rating":
        return cls(float(data["rating"]), float(data["deviation"]), float(data["volatility"]))


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance the player beats the opponent (for a learner: solves the puzzle)."""
    return _expected((player.rating - DEFAULT_RATING) / SCALE, (opponent.rating - DEFAULT_RATING) / SCALE,
                     opponent.deviation / SCALE)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of Glicko-2: the new volatility, found by the Illinois variant of regula falsi."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > _EPSILON:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    return math.exp(low / 2.0)


def update(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU,
           min_deviation: float = 0.0) -> Rating:
    """The player's rating after one rating period of ``(opponent, score)`` games (score 1, 0.5 or 0).

    With no games the deviation grows as time passes, and nothing else changes.
    """
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    games = [((o.rating - DEFAULT_RATING) / SCALE, o.deviation / SCALE, float(s)) for o, s in games]
    if not games:
        grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
        return Rating(player.rating, min(grown, DEFAULT_DEVIATION), sigma)
    v_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in games:
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    sigma_new = _new_volatility(phi, sigma, v * improvement, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(mu_new * SCALE + DEFAULT_RATING, max(phi_new * SCALE, min_deviation), sigma_new)


def play(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt: the learner scores 1 for a solve, the puzzle 1 for a miss."""
    score = 1.0 if solved else 0.0
    return (update(learner, [(puzzle, score)], min_deviation=MIN_DEVIATION),
            update(puzzle, [(learner, 1.0 - score)], min_deviation=MIN_DEVIATION))


#: Grades 1-5 are bands of puzzle rating: below the first bound grade 1, from the last grade 5.
GRADE_BANDS = (1250.0, 1450.0, 1650.0, 1850.0)


def band_of(rating: float) -> int:
    """The grade (1-5) whose band holds this rating."""
    return 1 + sum(rating >= bound for bound in GRADE_BANDS)

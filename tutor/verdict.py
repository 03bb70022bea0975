"""Answers as proofs: a verdict carries a witness for yes and the blocking rules for no."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules import Rules


@dataclass(frozen=True)
class Reason:
    """Why something is impossible: a rule ID, a sentence with the spot's numbers, the source."""

    rule: str
    text: str
    source: str = ""

    @classmethod
    def of(cls, rules: Rules, rule: str, text: str) -> "Reason":
        return cls(rule, text, rules.source_of(rule))

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text, "source": self.source}

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


def empty_stock_reason(rules: Rules) -> Reason:
    """Why no turn starts by drawing when the stock is empty (``goals.stock_draw`` is 0)."""
    return Reason.of(rules, rules.cite("draw", "end_rule"),
                     "the stock is empty, and a player who must draw from an empty stock ends the hand: "
                     "only taking the pile can start this turn")


@dataclass(frozen=True)
class Verdict:
    """The answer to one question about a spot."""

    question: str
    answer: bool
    witness: dict[str, Any] | None = None
    reasons: tuple[Reason, ...] = ()
    elapsed_ms: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)
    # the spot asked about, when known (``Spot.ask``): only for drawing the verdict, never compared or printed
    spot: Any = field(default=None, compare=False, repr=False)

    def __bool__(self) -> bool:
        return self.answer

    def to_dict(self) -> dict[str, Any]:
        d = {"question": self.question, "answer": self.answer, "witness": self.witness,
             "reasons": [r.to_dict() for r in self.reasons], "elapsed_ms": round(self.elapsed_ms, 2)}
        d.update(self.extra)
        return d

    def __str__(self) -> str:
        from .report import verdict_text

        return verdict_text(self)

    def _repr_html_(self) -> str:
        """Jupyter and marimo draw a verdict as the lessons do: witness cards, or the blocking rules quoted."""
        from .render import verdict_html

        return verdict_html(self)

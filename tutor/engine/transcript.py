"""A game told move by move, as plain text: what every seat was dealt, drew, played and scored.

The text is written from the events (``state.events``) and the hand results
alone, so it is the same for the same game on every machine; the recorded
playthroughs under ``tests/data/playthroughs/`` are such transcripts.
"""

from __future__ import annotations

import json

from .state import State

_REASONS = {"out": "a player went out", "stock": "the stock ran out", "circled": "a card went round the table",
            "turn-limit": "the turn limit was reached"}


def _signed(points: int) -> str:
    return f"{points:+d}"


def transcript(state: State, breakdown: bool = True) -> str:
    """The whole game so far, one line per event."""
    game = state.game
    options = json.dumps(dict(game.options), sort_keys=True)
    lines = [f"game {game.variant} {options} seed {game.seed}: {state.players} players, "
             f"{game.sides} sides (seat: side {' '.join(f'{s}:{x}' for s, x in enumerate(game.seating))})"]
    results = {r["hand"]: r for r in state.results}
    for e in state.events:
        kind, seat = e["event"], e.get("seat")
        who = f"  seat {seat}"
        if kind == "deal":
            lines.append(f"hand {e['hand']}: dealer seat {e['dealer']}, sides {e['seating']}")
            for s, cards in enumerate(e["hands"]):
                lines.append(f"  seat {s} dealt {cards}")
            if e.get("burned"):
                lines.append(f"  burned to the bottom of the stock: {e['burned']}")
            lines.append(f"  pile starts with {e['pile']}")
        elif kind == "bonus":
            lines.append(f"{who} lays out {e['cards']}, replaced by {e['replaced'] or 'nothing'}")
        elif kind == "draw":
            lines.append(f"{who} draws {e['cards'] or 'nothing: the stock is empty'}")
        elif kind == "play":
            end = " (concealed)" if e["concealed"] else ""
            out = f" and goes out{end}" if e["went_out"] else ""
            lines.append(f"{who} plays {e['play']}{out}")
        elif kind == "turn-up":
            lines.append(f"{who}: {e['card']} turned onto the pile ({e['why']})")
        elif kind == "dead":
            lines.append(f"{who}: {e['card']} set aside as a dead card")
        elif kind == "reshuffle":
            lines.append(f"  the pile but its top card becomes a new stock of {e['cards']} cards")
        elif kind == "exchange":
            lines.append(f"{who} exchanges {e['card']} for the joker in set {e['meld']}")
        elif kind == "combine":
            lines.append(f"{who} combines sets {e['sets'][0]} and {e['sets'][1]}")
        elif kind == "ask":
            lines.append(f"{who} asks seat {e['partner']}: may I go out?")
        elif kind == "answer":
            lines.append(f"{who} answers {'yes' if e['yes'] else 'no'}")
        elif kind == "offer":
            lines.append(f"{who} offers {e['cards']}")
        elif kind == "bid":
            lines.append(f"{who} bids {e['cards'] or 'nothing (passes)'}")
        elif kind == "accept":
            lines.append(f"{who} " + ("rejects every bid" if e["bidder"] is None else f"accepts seat {e['bidder']}'s bid"))
        elif kind == "odd-man":
            lines.append(f"  odd man: {'the trailing players partner against the leader' if e['yes'] else 'declined'}"
                         f", sides {e['seating']}")
        elif kind == "hand-end":
            r = results.get(e["hand"], {})
            why = _REASONS.get(e["reason"], e["reason"])
            if e["out"] is not None:
                why = f"seat {e['out']} went out" + (" concealed" if e["concealed"] else "")
            lines.append(f"hand {e['hand']} ends: {why}")
            for side, s in enumerate(r.get("sides", [])):
                seats = ",".join(str(x) for x in s["seats"])
                lines.append(f"  side {side} (seats {seats}): {_signed(s['total'])}")
                if breakdown:
                    for line in s["breakdown"]:
                        lines.append(f"      {_signed(line['points']):>6}  {line['item']} ({line['rule']})")
            lines.append("  scores: " + " ".join(f"seat {s}: {v}" for s, v in enumerate(e["scores"])))
        elif kind == "game-end":
            lines.append("game over: " + ", ".join(f"side {w}" for w in e["winners"]) + " won with "
                         + str(max(e["scores"])))
            for pay in e.get("money", []):
                lines.append(f"  side {pay['from']} pays {pay['cents']} cents to side(s) "
                             + ",".join(str(w) for w in pay["to"]))
    return "\n".join(lines) + "\n"

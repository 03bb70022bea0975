"""A progress bar on standard error for long work (puzzles, the cross-check, bot hands).

On a terminal it redraws one line; in a log it writes a line every tenth of
the way, so a long run shows it is alive without flooding the file.
"""

from __future__ import annotations

import sys
import time


class Progress:
    """``total`` steps of work named ``label``; ``enabled=False`` keeps it silent."""

    def __init__(self, total: int, label: str, enabled: bool = True, stream=None):
        self.total, self.label, self.enabled = total, label, enabled
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last = -1
        self.start = time.perf_counter()

    def update(self, done: int, note: str = "") -> None:
        if not self.enabled:
            return
        width = 28
        frac = min(1.0, done / self.total) if self.total else 1.0
        if not self.tty:
            tenth = int(frac * 10)
            if tenth == self.last:
                return
            self.last = tenth
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        line = f"{self.label} [{bar}] {done}/{self.total} {note} {time.perf_counter() - self.start:.0f}s"
        if self.tty:
            self.stream.write("\r" + line[:110].ljust(110))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty:
            self.stream.write("\n")
            self.stream.flush()

    def __call__(self, done: int, total: int) -> None:
        """The ``progress(done, total)`` callback of the long runs; closes the bar at the end."""
        self.total = total
        self.update(done)
        if done >= total:
            self.close()

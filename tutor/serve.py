"""Serve the lesson gallery: ``marimo run lessons/`` with the lessons' libraries imported first.

    python -m tutor.serve                     # what ``make lessons`` runs
    python -m tutor.serve --port 2719         # any other ``marimo run`` option

``marimo run`` gives every learner a kernel thread in one server process. When
a class opens lessons at the same moment on a freshly started server, each new
kernel sets up its output formatters for the libraries already in memory,
while another kernel may still be importing them (IPython, through the card
widget), and sessions can break (``bench/classroom.py`` shows it). Importing
them once, before the first learner arrives, leaves nothing half-imported.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def main(argv: list[str] | None = None) -> None:
    import anywidget  # noqa: F401
    import IPython  # noqa: F401
    import ipywidgets  # noqa: F401

    from . import checker, widget  # noqa: F401

    args = sys.argv[1:] if argv is None else argv
    sys.argv = ["marimo", "run", str(LESSONS), *args]
    runpy.run_module("marimo", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()

"""The pieces every ``canasta-tutor`` command shares: the parser, checked numbers, --variant, --progress.

Each command defines its own options beside the code they drive (an
``add_arguments(parser)`` function) and uses these pieces, so an option that
means the same thing is spelled and checked the same way everywhere.
"""

from __future__ import annotations

import argparse
import sys

from .errors import TutorError

PROG = "canasta-tutor"
VARIANT_HELP = "classic, house, canasty, albany, or the path of a house-rules .toml file"


class UsageError(TutorError):
    """A command line argparse refuses (exit 2)."""


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (a ``UsageError``), never printing or exiting itself."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        raise UsageError(f"{message} (see '{self.prog} --help')")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def add_variant(parser: argparse.ArgumentParser, *, required: bool = False, default=None,
                extra: str = "") -> None:
    parser.add_argument("--variant", required=required, default=default, metavar="VARIANT",
                        help=VARIANT_HELP + extra)


def add_workers(parser: argparse.ArgumentParser, what: str = "processes working in parallel") -> None:
    parser.add_argument("--workers", type=positive_int, default=2, metavar="N", help=f"{what} (default 2)")


def add_progress(parser: argparse.ArgumentParser) -> None:
    """``--progress`` / ``--no-progress``; left out, progress shows when standard error is a terminal."""
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="show a progress bar on standard error (default: when it is a terminal)")


def show_progress(args: argparse.Namespace) -> bool:
    choice = getattr(args, "progress", None)
    if choice is None:
        return hasattr(sys.stderr, "isatty") and sys.stderr.isatty()
    return bool(choice)


def json_options(text: str) -> dict:
    """``--options`` as a JSON object of variant options."""
    from .inputs import loads

    if len(text) > 64 * 1024:
        raise TutorError("--options may be at most 64 KiB of JSON")
    options = loads(text, "--options")
    if not isinstance(options, dict):
        raise TutorError("--options must be a JSON object, e.g. '{\"players\": 2}'")
    return options

"""Build hook: the lessons and the puzzle bank travel inside the wheel as package data.

They live at the top of the repository (``lessons/``, ``puzzles/``) and are
mapped to ``tutor/_data/`` file by file, leaving out what running them leaves
beside them (marimo's session caches, Python's byte code, the puzzle files'
write locks). An editable install reads them from the checkout instead
(``tutor/resources.py``), so nothing is mapped there.
"""

from __future__ import annotations

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

FOLDERS = {"lessons": "tutor/_data/lessons", "puzzles": "tutor/_data/puzzles"}
LEFT_OUT = {"__marimo__", "__pycache__"}


def _kept(path: Path, root: Path) -> bool:
    parts = path.relative_to(root).parts
    return path.is_file() and not LEFT_OUT.intersection(parts) and not path.name.startswith(".")


class DataFolders(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if version == "editable":
            return
        root = Path(self.root)
        for folder, target in FOLDERS.items():
            for path in sorted((root / folder).rglob("*")):
                if _kept(path, root / folder):
                    build_data["force_include"][str(path)] = f"{target}/{path.relative_to(root / folder).as_posix()}"

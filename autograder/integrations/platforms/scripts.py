"""The scripts and page the platform packages carry, kept as files beside this module
so that they read (and lint) as what they are."""
from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent / 'scripts'


def script(name: str) -> str:
    return (FOLDER / name).read_text(encoding='utf-8')

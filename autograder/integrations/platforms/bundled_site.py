"""A folder to put on PYTHONPATH that holds hexgrade and all that grading imports, for
a grading container that has no network and none of it installed.

hexgrade comes from its wheel; the packages grading needs are copied from this
Python's own installation, at the versions hexgrade runs with here. Only pure-Python
packages can travel this way, and those are all grading needs.
"""
from __future__ import annotations

import importlib.metadata as metadata
import re
import shutil
import zipfile
from pathlib import Path

from autograder.errors import GraderError

# pytest comes with hexgrade for students' own runs; grading never imports it
GRADING_NEEDS = ('hypothesis',)
COMPILED = ('.so', '.pyd', '.dylib')


def write_site(target: Path, wheel: Path) -> list[str]:
    """Fill `target` with the wheel's contents and the packages grading needs; the
    names and versions of those packages."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    copied = []
    for dist in needed_distributions():
        _copy(dist, target)
        copied.append(f'{dist.metadata["Name"]} {dist.version}')
    return copied


def needed_distributions() -> list[metadata.Distribution]:
    """GRADING_NEEDS and what they require, as installed here, each once."""
    # here, not at the top: the container that grades has no `packaging`, nor needs it
    from packaging.requirements import Requirement

    found: dict[str, metadata.Distribution] = {}
    todo = list(GRADING_NEEDS)
    while todo:
        name = _normal(todo.pop())
        if name in found:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise GraderError(f'{name}, which grading needs, is not installed here',
                              tip=f'pip install {name}') from None
        found[name] = dist
        for text in dist.requires or []:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({'extra': ''}):
                todo.append(requirement.name)
    return [found[name] for name in sorted(found)]


def _copy(dist: metadata.Distribution, target: Path) -> None:
    for file in dist.files or []:
        parts = file.parts
        if not parts or parts[0] == '..' or '__pycache__' in parts:
            continue  # scripts installed elsewhere, and bytecode of this Python
        if file.suffix in COMPILED:
            raise GraderError(f'{dist.metadata["Name"]} has compiled parts ({file}), '
                              f'which cannot be shipped to another machine')
        source = Path(str(dist.locate_file(file)))
        destination = target.joinpath(*parts)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)


def _normal(name: str) -> str:
    return re.sub(r'[-_.]+', '-', name).lower()

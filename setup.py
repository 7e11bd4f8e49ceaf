"""Packaging hook: a wheel carries the student kit and the model answers inside
`autograder/kit_files/`, copied at build time from `exercises/` and `solutions/`,
so that an installed hexgrade grades and writes courses without this source tree.
Everything else about the package is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithKit(build_py):
    def run(self) -> None:
        super().run()
        for folder in ('exercises', 'solutions'):
            target = Path(self.build_lib) / 'autograder' / 'kit_files' / folder
            target.mkdir(parents=True, exist_ok=True)
            for source in sorted(Path(folder).glob('*.py')):
                shutil.copy2(source, target / source.name)


setup(cmdclass={'build_py': BuildWithKit})

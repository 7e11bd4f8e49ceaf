"""The zip Gradescope's "Zip file upload" autograder takes: setup.sh and
run_autograder at its top, with grader.toml and the hexgrade wheel beside them."""
from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

from autograder.errors import UsageError
from autograder.integrations.platforms.scripts import script
from autograder.integrations.platforms.wheel import hexgrade_wheel

EXECUTABLE = 0o100755 << 16  # a regular file, rwxr-xr-x, in a zip entry's attributes
READABLE = 0o100644 << 16
SCRIPTS = {'setup.sh': 'gradescope_setup.sh', 'run_autograder': 'gradescope_run_autograder'}


def write_gradescope_zip(out: Path, settings: str, wheel: Path | None = None) -> list[str]:
    """Write the autograder zip to `out`, with `settings` as its grader.toml; the names
    of the entries written."""
    if out.suffix != '.zip':
        raise UsageError(f'{out}: Gradescope takes a .zip file', tip='name it autograder.zip')
    with tempfile.TemporaryDirectory(prefix='hexgrade-gradescope-') as scratch:
        built = hexgrade_wheel(Path(scratch), wheel)
        entries: list[tuple[str, bytes, int]] = [
            (name, script(source).encode('utf-8'), EXECUTABLE)
            for name, source in SCRIPTS.items()]
        entries += [('grader.toml', settings.encode('utf-8'), READABLE),
                    (built.name, built.read_bytes(), READABLE)]
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as archive:
        for name, data, mode in entries:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = mode
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return [name for name, _, _ in entries]

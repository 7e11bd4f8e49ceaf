"""A student who handed in their work as a zip (uploaded to an LMS, or left in their
folder): unpacked as warily as a class download (see `extract`), and graded from what
is inside.

The zip is opened only where nothing gradeable stands beside it: a folder of one or
more files none of which is a `.py` or a notebook, but a zip. Its entries are read
with every check of `extract` (no links, no path out of the folder, bounded sizes);
what a Mac adds to a zip (`__MACOSX/`, `._` files) is left out; and when everything
in it sits in one folder (a zipped `hexapawn/` folder), that folder's files are what
is graded.
"""
from __future__ import annotations

from pathlib import Path

from autograder.classroom.extract import read_zip
from autograder.submission.safe_files import Entry, make_folders
from autograder.submission.snapshot import graded_name

MAX_ZIP_BYTES = 32 * 1024 * 1024  # a zipped folder of notebooks, outputs and all
MAC = '__MACOSX'


def zip_to_open(path: Path, entries: list[Entry]) -> Path | None:
    """The one zip of a folder that holds no gradeable file beside it (or the
    submission itself, a zip file); None when there is none to open."""
    if path.is_file():
        return path if path.suffix.lower() == '.zip' else None
    top = [entry for entry in entries if len(entry.parts) == 1 and entry.kind == 'file']
    if any(graded_name(entry.parts[0]) for entry in top):
        return None
    zips = [entry for entry in top if entry.parts[0].lower().endswith('.zip')
            and entry.size <= MAX_ZIP_BYTES]
    return path / zips[0].parts[0] if len(zips) == 1 else None


def unpacked(zipped: Path, target: Path) -> list[str]:
    """Unpack the zip's gradeable entries into `target` (made already); the notes for
    the teacher: where the files came from, and what was left out and why."""
    entries, rejected = read_zip(zipped)
    kept = [entry for entry in entries if entry.parts[0] != MAC
            and not entry.parts[-1].startswith('._')]
    folders = {entry.parts[0] for entry in kept if len(entry.parts) > 1}
    inside = next(iter(folders)) if len(folders) == 1 and all(
        len(entry.parts) > 1 for entry in kept) else None
    notes = [f'graded from the files inside {zipped.name}' +
             (f', in its folder {inside}/' if inside else '')]
    for entry in kept:
        parts = entry.parts[1:] if inside else entry.parts
        try:
            folder = make_folders(target, parts[:-1])
            with open(folder / parts[-1], 'xb') as stream:  # never through what is there
                stream.write(entry.data)
        except OSError as exc:
            notes.append(f'{zipped.name}: {"/".join(entry.parts)} was left out: it could '
                         f'not be unpacked ({exc.strerror})')
    notes += [f'{zipped.name}: {item.shown} was left out: {item.reason}' for item in rejected]
    return notes

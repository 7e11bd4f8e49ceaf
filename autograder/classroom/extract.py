"""Reading a zip from an LMS without trusting it.

Every entry is checked before its bytes are used: a path that leaves the folder,
a name that is not UTF-8, a link, a password, a damaged or oversized entry is
rejected with a reason, and the rest of the zip is still read.
"""
from __future__ import annotations

import re
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from autograder.errors import UsageError
from autograder.submission.safe_files import MAX_DEPTH

MAX_ENTRY_BYTES = 4 * 1024 * 1024
MAX_TOTAL_BYTES = 256 * 1024 * 1024
MAX_ENTRIES = 20_000
UTF8_FLAG = 0x800
DRIVE = re.compile(r'^[A-Za-z]:')


@dataclass(frozen=True)
class Entry:
    parts: tuple[str, ...]  # the entry's path inside the zip, every part checked
    data: bytes


@dataclass(frozen=True)
class Rejected:
    shown: str  # the entry's name as far as it can be read, for messages
    reason: str


def read_zip(path: Path) -> tuple[list[Entry], list[Rejected]]:
    """The entries of the zip at `path` that are safe to use, and the ones rejected."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise UsageError(f'{path}: cannot be read as a zip file ({exc})') from None
    entries: list[Entry] = []
    rejected: list[Rejected] = []
    total = 0
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_ENTRIES:
            raise UsageError(f'{path}: holds {len(infos)} entries, more than the '
                             f'{MAX_ENTRIES} a class download can have')
        for info in infos:
            if info.is_dir():
                continue
            shown, parts, problem = _checked_name(info)
            if problem is None and total > MAX_TOTAL_BYTES:
                problem = f'the zip unpacks to more than {MAX_TOTAL_BYTES // 2**20} MiB'
            if problem is None:
                data, problem = _read(archive, info)
                if data is not None:
                    total += len(data)
                    entries.append(Entry(parts, data))
                    continue
            rejected.append(Rejected(shown, problem or 'it could not be read'))
    return entries, rejected


def _checked_name(info: zipfile.ZipInfo) -> tuple[str, tuple[str, ...], str | None]:
    raw = info.filename
    if not info.flag_bits & UTF8_FLAG:
        # zipfile read the name as cp437; most tools write UTF-8 without the flag
        original = raw.encode('cp437')
        try:
            raw = original.decode('utf-8')
        except UnicodeDecodeError:
            return original.decode('utf-8', 'replace'), (), 'its name is not UTF-8'
    shown = raw.replace('\\', '/')
    if shown.startswith('/') or DRIVE.match(shown):
        return shown, (), 'its path is absolute, so it would land outside the class folder'
    parts = tuple(p for p in shown.split('/') if p not in ('', '.'))
    if '..' in parts:
        return shown, (), 'its path climbs out of the class folder with ..'
    if not parts or any('\x00' in p for p in parts):
        return shown, (), 'its name is empty or holds a NUL character'
    if len(parts) > MAX_DEPTH:
        return shown, (), f'its path nests folders more than {MAX_DEPTH} deep'
    if (info.external_attr >> 16) & 0o170000 == 0o120000:
        return shown, (), 'it is a symbolic link'
    if info.flag_bits & 0x1:
        return shown, (), 'it is protected by a password'
    return shown, parts, None


def _read(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> tuple[bytes | None, str | None]:
    too_big = f'it is larger than {MAX_ENTRY_BYTES // 2**20} MiB'
    if info.file_size > MAX_ENTRY_BYTES:
        return None, too_big
    try:
        with archive.open(info) as stream:
            data = stream.read(MAX_ENTRY_BYTES + 1)  # the header's size may lie
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as exc:
        return None, f'it is damaged ({exc})'
    except NotImplementedError:
        return None, 'it is compressed in a way Python cannot read'
    if len(data) > MAX_ENTRY_BYTES:
        return None, too_big
    return data, None

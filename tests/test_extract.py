from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from autograder.classroom import extract
from autograder.classroom.extract import read_zip
from autograder.errors import UsageError


def zip_with(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, 'w') as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def reasons(path: Path) -> dict[str, str]:
    return {r.shown: r.reason for r in read_zip(path)[1]}


def test_safe_entries_are_read_with_their_paths(tmp_path: Path) -> None:
    path = zip_with(tmp_path / 'c.zip', {'ada/mirror.py': b'x = 1\n', './ada//winner.py': b''})
    entries, rejected = read_zip(path)
    assert {e.parts: e.data for e in entries} == {('ada', 'mirror.py'): b'x = 1\n',
                                                 ('ada', 'winner.py'): b''}
    assert rejected == []


def test_paths_that_leave_the_folder_are_rejected(tmp_path: Path) -> None:
    path = zip_with(tmp_path / 'c.zip', {'../evil.py': b'', 'a/../../evil.py': b'',
                                         '/etc/evil.py': b'', 'C:/evil.py': b'',
                                         'ok.py': b'fine'})
    assert reasons(path) == {
        '../evil.py': 'its path climbs out of the class folder with ..',
        'a/../../evil.py': 'its path climbs out of the class folder with ..',
        '/etc/evil.py': 'its path is absolute, so it would land outside the class folder',
        'C:/evil.py': 'its path is absolute, so it would land outside the class folder',
    }
    assert [e.parts for e in read_zip(path)[0]] == [('ok.py',)]


def test_a_name_that_is_not_utf8_is_rejected(tmp_path: Path) -> None:
    path = zip_with(tmp_path / 'c.zip', {'cafXX.py': b'', 'plain.py': b''})
    path.write_bytes(path.read_bytes().replace(b'cafXX', b'caf\xe9\xe9'))
    assert reasons(path) == {'caf\ufffd\ufffd.py': 'its name is not UTF-8'}


def test_links_passwords_and_damage_are_rejected(tmp_path: Path) -> None:
    link = zipfile.ZipInfo('link.py')
    link.external_attr = 0o120777 << 16
    path = tmp_path / 'c.zip'
    with zipfile.ZipFile(path, 'w') as archive:
        archive.writestr(link, '/etc/passwd')
        archive.writestr('locked.py', 'secret')
        archive.writestr('broken.py', 'CORRUPTME')
    data = bytearray(path.read_bytes().replace(b'CORRUPTME', b'corrupted', 1))
    # zipfile writes no encrypted entries: set the flag bit in both of locked.py's headers
    local = data.index(b'PK\x03\x04', data.index(b'/etc/passwd'))
    central = data.index(b'PK\x01\x02', data.index(b'PK\x01\x02') + 4)
    data[local + 6] |= 0x1
    data[central + 8] |= 0x1
    path.write_bytes(bytes(data))
    found = reasons(path)
    assert found['link.py'] == 'it is a symbolic link'
    assert found['locked.py'] == 'it is protected by a password'
    assert found['broken.py'].startswith('it is damaged (Bad CRC-32')


def test_oversized_entries_and_zips_are_rejected(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extract, 'MAX_ENTRY_BYTES', 2 * 1024 * 1024)
    monkeypatch.setattr(extract, 'MAX_TOTAL_BYTES', 3 * 1024 * 1024)
    big = b'#' * (2 * 1024 * 1024 + 1)
    fits = b'#' * (2 * 1024 * 1024 - 1)
    path = zip_with(tmp_path / 'c.zip', {'a.py': fits, 'b.py': big, 'c.py': fits,
                                         'd.py': fits, 'e.py': fits})
    found = reasons(path)
    assert found['b.py'] == 'it is larger than 2 MiB'
    assert found['e.py'] == 'the zip unpacks to more than 3 MiB'
    assert 'a.py' not in found


def test_a_file_that_is_not_a_zip_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / 'class.zip'
    path.write_text('not a zip')
    with pytest.raises(UsageError, match=r'class.zip: cannot be read as a zip file \('):
        read_zip(path)


def test_a_zip_with_too_many_entries_is_a_usage_error(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extract, 'MAX_ENTRIES', 2)
    path = zip_with(tmp_path / 'c.zip', {'a.py': b'', 'b.py': b'', 'c.py': b''})
    with pytest.raises(UsageError, match='holds 3 entries, more than the 2 a class download '
                                         'can have'):
        read_zip(path)

from __future__ import annotations

from autograder.records import Student, file_stems


def test_file_stems_are_safe_and_never_shared() -> None:
    students = [Student(i, None) for i in ('Jane Doe_12', 'jane doe/12', '../up', 'Zoë', '..',
                                           'JANE_DOE_12')]
    assert list(file_stems(students).values()) == ['Jane_Doe_12', 'jane_doe_12-2', 'up',
                                                   'Zo', 'student', 'JANE_DOE_12-3']

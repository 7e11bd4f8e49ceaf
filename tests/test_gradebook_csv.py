from __future__ import annotations

from autograder.render.gradebook_csv import grades_csv, nbgrader_csv

from class_records import batch_of, record, wrong_mirror


def test_grades_csv_has_fixed_columns_and_one_row_per_student() -> None:
    batch = batch_of(record('ada'), record('bob, jr', wrong_mirror(), notes=('handed in late',)))
    assert grades_csv(batch) == (
        'student,name,mirror,winner,count_boxes,total,max,flags,isolation,notes\n'
        'ada,,3,3,4,10,10,,process-group,\n'
        '"bob, jr",,1,3,4,8,10,hard-coded,process-group,handed in late\n')


def test_nbgrader_csv_has_the_export_columns() -> None:
    batch = batch_of(record('2001'), names={'2001': 'Jane van Doe'})
    assert nbgrader_csv(batch) == (
        'assignment,duedate,timestamp,student_id,last_name,first_name,email,raw_score,'
        'late_submission_penalty,score,max_score\n'
        'hexapawn,,,2001,Doe,Jane van,,10.0,0.0,10.0,10.0\n')

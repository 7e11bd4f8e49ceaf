"""Grading a class on a Dask cluster: the same outputs as on one machine, and a lost
worker's submissions graded again."""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from autograder.cli import main
from autograder.settings.config import Config

from class_records import PIECES, fast_config

# what a run measures rather than decides: how long a right but slow call took
MEASURED = re.compile(rb'took \d+(?:\.\d+)? s of computing')


def grade(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(['grade', *argv])
    out, err = capsys.readouterr()
    return code, out, err


def outputs(out: Path) -> dict[str, bytes]:
    """Every file of the results, the cache's too, with measured times blanked."""
    return {p.relative_to(out).as_posix(): MEASURED.sub(b'took ... s of computing',
                                                        p.read_bytes())
            for p in sorted(out.rglob('*'))
            if p.is_file() and 'sample-class' not in p.parts}


def test_without_dask_the_option_says_what_to_install(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ('distributed', 'autograder.classroom.cluster'):
        monkeypatch.setitem(sys.modules, name, None)  # importing it now fails
    code, _, err = grade(capsys, '--out', str(tmp_path / 'out'), '--dask', 'local:2')
    assert code == 2
    assert err == ("error: --dask needs Dask, which is not installed\n"
                   "tip: pip install 'hexgrade[dask]'\n")
    assert not (tmp_path / 'out').exists()


def test_a_local_cluster_needs_a_number_of_workers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip('distributed')
    code, _, err = grade(capsys, '--out', str(tmp_path / 'out'), '--dask', 'local:0')
    assert code == 2
    assert err == ('error: --dask local:0: a local cluster needs a number of workers, '
                   'at least 1\ntip: for example --dask local:4\n')


def test_an_address_where_no_scheduler_answers_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip('distributed')
    from autograder.classroom import cluster

    monkeypatch.setattr(cluster, 'CONNECT_SECONDS', 1)
    config, _ = fast_config(tmp_path)
    code, _, err = grade(capsys, '--out', str(tmp_path / 'out'), '--config', str(config),
                         '--dask', 'tcp://127.0.0.1:1')
    assert code == 2
    assert err.splitlines()[-2:] == [
        'error: --dask tcp://127.0.0.1:1: no Dask scheduler answered (Timed out trying to '
        'connect to tcp://127.0.0.1:1 after 1 s)',
        'tip: start one with `dask scheduler`, and workers with `dask worker ADDRESS`']


def test_the_sample_class_graded_on_a_cluster_gives_what_one_machine_gives(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip('distributed')
    config, _ = fast_config(tmp_path)
    # giulia's count_boxes is right but slow: count_boxes keeps limits that let it pass
    config.write_text(config.read_text(encoding='utf-8') + '\n[limits.count_boxes]\n'
                      'call_seconds = 10\nload_seconds = 6\nfile_seconds = 120\n',
                      encoding='utf-8')
    here, there = tmp_path / 'here', tmp_path / 'there'
    assert grade(capsys, '--out', str(here), '--config', str(config), '-j', '2')[0] == 0
    code, printed, _ = grade(capsys, '--out', str(there), '--config', str(config),
                             '--dask', 'local:2')
    assert code == 0
    assert printed.startswith('Graded 34 students in ')
    mine, theirs = outputs(here), outputs(there)
    assert sorted(mine) == sorted(theirs)
    assert len([name for name in mine if name.startswith('.cache/')]) > 20
    assert {name for name in mine if mine[name] != theirs[name]} == set()
    # what was blanked is there to blank: the slow student's note
    assert b'took ... s of computing' in mine['results/giulia.json']


def _dies_once(path: str, config: Config) -> tuple[tuple[str, Any], float]:
    """Grading that takes its worker down the first time it meets s0."""
    from autograder.classroom.cluster import grade_on_worker

    marker = Path(f'{path}.lost')
    if path.endswith('s0') and not marker.exists():
        marker.touch()
        os._exit(1)
    return grade_on_worker(path, config)


def test_the_submissions_of_a_lost_worker_are_graded_again(tmp_path: Path) -> None:
    pytest.importorskip('distributed')
    import cloudpickle

    from autograder.classroom.cluster import Cluster, run_jobs_on_cluster
    from autograder.classroom.workers import Job
    from autograder.serialise import from_data
    from autograder.submission.snapshot import take, write

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers lack the tests
    mirror = (PIECES / 'mirror' / 'correct_slicing.py').read_text(encoding='utf-8')
    jobs = []
    for number in range(4):
        (tmp_path / f'{number}').mkdir()
        (tmp_path / f'{number}' / 'mirror.py').write_text(mirror, encoding='utf-8')
        write(take(tmp_path / f'{number}'), tmp_path / f's{number}')  # as the command does
        jobs.append(Job(number, str(tmp_path / f's{number}')))
    replies: dict[int, tuple[str, Any]] = {}
    _, config = fast_config(tmp_path)
    run_jobs_on_cluster(jobs, Cluster(None, 2), config,
                        lambda index, reply, seconds: replies.update({index: reply}),
                        task=_dies_once)
    assert (tmp_path / 's0.lost').exists()  # its worker was lost
    assert sorted(replies) == [0, 1, 2, 3]
    assert [reply[0] for reply in replies.values()] == ['graded'] * 4
    for reply in replies.values():
        first = from_data(reply[1]).exercises[0]
        assert (first.exercise, first.points) == ('mirror', first.max_points)


def test_a_running_cluster_is_reached_by_its_address(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip('distributed')
    from distributed import LocalCluster

    from class_records import write_class
    from test_grade_command import ROSTER

    config, _ = fast_config(tmp_path)
    klass = write_class(tmp_path, ROSTER)
    here, there = tmp_path / 'here', tmp_path / 'there'
    assert grade(capsys, str(klass), '--out', str(here), '--config', str(config))[0] == 0
    with LocalCluster(n_workers=1, threads_per_worker=1, host='127.0.0.1',
                      dashboard_address=None) as cluster:
        code, printed, _ = grade(capsys, str(klass), '--out', str(there), '--config',
                                 str(config), '--dask', cluster.scheduler_address)
    assert code == 0 and printed.startswith('Graded 4 students in ')
    assert outputs(here) == outputs(there)
    assert [p.name for p in there.iterdir() if p.name.startswith('hexgrade-class-')] == []

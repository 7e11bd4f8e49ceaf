"""On a student's own machine: installed by the README's line, quiet, clear about its
sandbox; and the teacher, grading a class, told once what is missing and how to fix it."""
from __future__ import annotations

import json
import re
import tomllib
import warnings
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from autograder.cli import main
from autograder.integrations import pytest_plugin as pytest_support
from autograder.kit.paths import PROJECT, SOLUTIONS
from autograder.sandbox import working_layers
from autograder.sandbox.isolation import FLOOR_LAYERS, PRACTICE_ONLY, Isolation

from class_records import fast_config, write_class

NO_CGROUPS = 'the pids group /sys/fs/cgroup/pids is not writable'
CGROUPS_OFF = (f'{NO_CGROUPS}; memory is limited per process (rlimits) instead, which is '
               'enough for grading. Fix, if you want it: grade as root on a system with '
               'cgroup v2')


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def no_cgroups(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine where the cgroups layer cannot be had, as for an ordinary user."""
    monkeypatch.setitem(working_layers.CHECKS, 'cgroups', lambda: NO_CGROUPS)


# -- installing -----------------------------------------------------------------------

def test_pytest_comes_with_the_student_install() -> None:
    project = tomllib.loads((PROJECT / 'pyproject.toml').read_text(encoding='utf-8'))
    names = [re.split(r'[<>=!~ \[;]', dep, maxsplit=1)[0]
             for dep in project['project']['dependencies']]
    assert 'pytest' in names


def test_the_readme_installs_in_two_commands_the_first_making_a_venv() -> None:
    readme = (PROJECT / 'README.md').read_text(encoding='utf-8')
    section = readme.split('## Two commands', 1)[1].split('\n## ', 1)[0]
    commands = section.split('```sh\n', 1)[1].split('```', 1)[0].splitlines()
    assert len(commands) == 2
    assert commands[0].startswith('python3 -m venv .venv && . .venv/bin/activate && '
                                  'pip install -e . && hexgrade grade')
    assert commands[1].startswith('bash tests/run')


def test_the_tests_install_only_what_the_readme_lists_without_recommends() -> None:
    script = (PROJECT / 'tests' / 'run').read_text(encoding='utf-8')
    listed = re.search(r'^system_packages=\(([^)]*)\)', script, re.MULTILINE)
    assert listed is not None
    packages = listed.group(1).split()
    installs = [line for line in script.splitlines() if 'apt-get install' in line
                and not line.lstrip().startswith(('#', 'say'))]
    assert installs and all('--no-install-recommends' in line for line in installs)
    readme = (PROJECT / 'README.md').read_text(encoding='utf-8')
    removal = re.search(r'^apt-get remove ([^#\n]*)', readme, re.MULTILINE)
    assert removal is not None and removal.group(1).split() == packages
    for package in packages:
        assert f'`{package}`' in readme
    assert 'rm -r .venv hexgrade-out' in readme


def test_the_tests_say_each_step_before_they_take_it() -> None:
    script = (PROJECT / 'tests' / 'run').read_text(encoding='utf-8').splitlines()
    command = re.compile(r'\s*(DEBIAN_FRONTEND=\S+ )?(apt-get|"\$python" -m pip|'
                         r'python3 -m venv|exec )')
    steps = [i for i, line in enumerate(script) if command.match(line)]
    assert len(steps) == 5
    for step in steps:
        assert script[step - 1].lstrip().startswith('say ')


# -- quiet for students -----------------------------------------------------------------

def test_a_students_check_writes_nothing_on_stderr_and_names_its_sandbox(
        no_cgroups: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no grader.toml here: the built-in defaults
    code, out, err = run_cli('check', str(SOLUTIONS))
    assert (code, err) == (0, '')
    lines = out.splitlines()
    assert lines[1].startswith('  (grader ') and ', isolation: ' in lines[1]
    assert 'cgroups' not in lines[1] and lines[1].endswith('+private-folder)')
    assert lines[2] == '  (settings from the built-in defaults)'
    assert lines[-1] == 'All checks passed.'


def test_a_students_json_names_its_settings_and_stderr_stays_empty(
        no_cgroups: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli('check', '--json', str(SOLUTIONS))
    assert (code, err) == (0, '')
    assert json.loads(out)['extra_data']['settings'] == 'settings from the built-in defaults'


def test_isolation_explains_what_is_off_and_how_to_get_it(no_cgroups: None) -> None:
    code, out, err = run_cli('check', '--isolation')
    assert (code, err) == (0, '')
    off = [line for line in out.splitlines() if line.startswith('  off  ')]
    assert off[0] == '  off  cgroups        ' + CGROUPS_OFF
    assert out.splitlines()[-1] in ('grades made here count', PRACTICE_ONLY)


def test_pytest_in_the_students_folder_raises_no_sandbox_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    weak = Isolation(missing=(('cgroups', NO_CGROUPS),))
    monkeypatch.setattr(pytest_support, 'probe', lambda: weak)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        assert pytest_support._isolation.__wrapped__() is weak
    assert caught == []


# -- loud for teachers ------------------------------------------------------------------

def test_grading_a_class_says_once_what_holds_and_nothing_that_needs_no_act(
        no_cgroups: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A rerun, with results kept: no worker starts before it is known how many are
    needed, so the command probes the sandbox itself (and this process lacks cgroups,
    which costs a grade nothing: no warning, one line of what holds)."""
    config, _ = fast_config(tmp_path)
    klass = write_class(tmp_path, '[[student]]\nid = "ada"\nmirror = "correct_slicing"\n')
    (tmp_path / 'out' / '.cache').mkdir(parents=True)
    code = main(['grade', str(klass), '--out', str(tmp_path / 'out'), '--config', str(config),
                 '-j', '2'])
    err = capsys.readouterr().err.splitlines()
    assert code == 0
    assert err[0] == f'settings from {config}'  # the teacher's command still says it
    assert not any(line.startswith('warning:') for line in err), err
    said = [line for line in err if line.startswith('sandbox: ')]
    assert len(said) == 1 and said[0].endswith(
        'without cgroups: grades made here count (hexgrade check --isolation says what '
        'each layer does)'), err


def test_a_layer_an_ordinary_user_cannot_have_needs_no_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr('os.geteuid', lambda: 1000)
    isolation = Isolation(layers=('bubblewrap', 'landlock', 'seccomp') + FLOOR_LAYERS,
                          missing=(('uid', "not root, so children keep the grader's uid"),
                                   ('cgroups', NO_CGROUPS)))
    assert isolation.warnings() == [
        'sandbox: bubblewrap, landlock, seccomp on, without uid or cgroups: grades made '
        'here count (hexgrade check --isolation says what each layer does)']
    weak = Isolation(layers=('bubblewrap',) + FLOOR_LAYERS,
                     missing=(('cgroups', NO_CGROUPS), ('seccomp', 'no seccomp here')))
    assert weak.warnings() == [
        'warning: sandbox without seccomp: no seccomp here; children may make any system '
        'call: open sockets, start programs. Fix: a Linux kernel with seccomp on x86-64 or '
        'arm64', f'warning: {PRACTICE_ONLY}']


def test_a_first_run_warns_once_of_what_its_workers_found_and_probes_nothing_itself(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers started ahead each probe the sandbox as they start: the command says
    what the first found, once, instead of a trial sandbox of its own."""
    import autograder.commands.grade as grade

    def no_trial(warn: bool = True) -> Isolation:
        raise AssertionError('the command probed the sandbox itself')
    monkeypatch.setattr(grade, 'probed_isolation', no_trial)
    monkeypatch.setenv(working_layers.ENV_OFF, 'seccomp')  # the workers see it too
    config, _ = fast_config(tmp_path)
    klass = write_class(tmp_path, '[[student]]\nid = "ada"\nmirror = "correct_slicing"\n'
                                  '[[student]]\nid = "bo"\nmirror = "correct_loops"\n')
    code = main(['grade', str(klass), '--out', str(tmp_path / 'out'), '--config', str(config),
                 '-j', '2'])
    err = capsys.readouterr().err.splitlines()
    assert code == 0
    assert err.count('warning: sandbox without seccomp: turned off') == 1
    assert err[0] == f'settings from {config}'
    result = json.loads(next((tmp_path / 'out' / 'results').glob('ada*.json')).read_text())
    layers = result['extra_data']['isolation'].split('+')
    assert 'seccomp' not in layers and 'rlimits' in layers  # the workers' own isolation


@pytest.mark.parametrize(('layers', 'counts'), [
    (('bubblewrap', 'landlock', 'seccomp') + FLOOR_LAYERS, True),
    (('landlock', 'seccomp') + FLOOR_LAYERS, True),
    (('bubblewrap', 'landlock') + FLOOR_LAYERS, False),  # no seccomp
    (('seccomp',) + FLOOR_LAYERS, False),  # nothing keeps other folders out of reach
])
def test_results_say_when_they_are_for_practice_only(layers: tuple[str, ...], counts: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr('os.geteuid', lambda: 1000)  # an ordinary user needs no uid layer
    isolation = Isolation(layers=layers)
    assert isolation.counts is counts
    assert (f'warning: {PRACTICE_ONLY}' in isolation.warnings()) is not counts
    assert isolation.describe().splitlines()[-1] == \
        ('grades made here count' if counts else PRACTICE_ONLY)


def test_as_root_a_grade_counts_only_with_a_uid_per_child(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr('os.geteuid', lambda: 0)
    strong = ('bubblewrap', 'landlock', 'seccomp') + FLOOR_LAYERS
    assert not Isolation(layers=strong).counts
    assert Isolation(layers=('uid',) + strong).counts


def test_a_layer_turned_off_on_purpose_is_named_without_a_fix() -> None:
    isolation = Isolation(missing=(('seccomp', 'turned off'),))
    assert isolation.warnings()[0] == 'warning: sandbox without seccomp: turned off'


def test_the_nbgrader_course_says_where_it_goes_before_writing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli('nbgrader', 'course')
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == f'writing the nbgrader course into {tmp_path.resolve()}/course/'
    assert lines[1].startswith('wrote course/')
    code, out, err = run_cli('nbgrader', 'course')  # there already: said, then refused
    assert code == 2 and out.splitlines() == [lines[0]]
    assert err.splitlines()[-2].startswith('error: course/nbgrader_config.py already exists')


def test_when_a_workers_probe_failed_the_command_probes_and_says_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import autograder.commands.grade as grade
    from autograder.classroom.workers import Probed

    class Ahead:
        def probed(self) -> Probed:
            return Probed(None, failed='OSError: no zygote')
    here = Isolation(layers=('seccomp',) + FLOOR_LAYERS)
    monkeypatch.setattr(grade, 'probed_isolation', lambda warn=True: here)
    assert grade._isolation(Ahead()) == here.name  # type: ignore[arg-type]
    assert capsys.readouterr().err == (
        'warning: a grading process could not set up its sandbox (OSError: no zygote); '
        'others grade the class, and a student given to it is flagged with that reason\n')

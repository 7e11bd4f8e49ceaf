"""Other rules swapped into the game (autograder/sandbox/inside/variant.py): compiled once in
the zygote for the kit's game, and compiled afresh wherever that would not be the
same code."""
from __future__ import annotations

import sys
import types
from typing import Any

from autograder.kit.paths import game_file, rules_variants
from autograder.sandbox.inside import variant
from hexapawn_ref.variants import NO_CAPTURES, no_captures

BOARD = 'BB..W.W.W'  # the lesson's: W at the centre may take


def game() -> dict[str, Any]:
    """The kit's game, run as a child runs it."""
    namespace: dict[str, Any] = {'__name__': 'hexapawn'}
    exec(compile(game_file(), 'hexapawn.py', 'exec'), namespace)
    return namespace


def test_the_kit_holds_the_variant_the_checks_swap_in() -> None:
    assert NO_CAPTURES in rules_variants()


def test_a_warmed_variant_is_the_code_it_would_be_compiled_to() -> None:
    real = game()
    variant.warm(NO_CAPTURES, real)
    warmed = variant._warmed(NO_CAPTURES, game())
    assert warmed is not None
    assert warmed == variant._as_if_real(NO_CAPTURES, real)  # code equality skips the file
    replacement = dict(real)
    exec(warmed, replacement)
    assert warmed.co_filename == replacement['moves'].__code__.co_filename == 'hexapawn.py'
    assert replacement['moves'].__code__.co_firstlineno == \
        real['moves'].__code__.co_firstlineno
    assert replacement['moves'](BOARD, 'W') == no_captures(BOARD, 'W')


def test_a_game_changed_by_the_student_compiles_the_variant_afresh() -> None:
    variant.warm(NO_CAPTURES, game())
    moved = game()
    exec(compile('\n' * 40 + 'def moves(board, side):\n    return []\n', 'hexapawn.py',
                 'exec'), moved)  # the student's own moves, on another line
    assert variant._warmed(NO_CAPTURES, moved) is None

    class Moves:
        __code__ = game()['moves'].__code__  # not a function, but says it has its code

        def __call__(self, board: str, side: str) -> list[tuple[int, int]]:
            return []

    dressed = game()
    dressed['moves'] = Moves()
    assert variant._warmed(NO_CAPTURES, dressed) is None


def test_a_name_the_variant_finds_nothing_under_must_still_hold_nothing() -> None:
    """A statement without a name (an import) looks up '' in the game, which holds
    nothing there: a student who puts a function there gets the variant compiled
    afresh, whose file name that function's would be."""
    source = NO_CAPTURES + 'import math\n'  # last: its look-up names the file
    variant.warm(source, game())
    assert variant._warmed(source, game()) is not None
    planted = game()
    planted[''] = lambda: None
    assert variant._warmed(source, planted) is None
    assert variant._as_if_real(source, planted).co_filename != 'hexapawn.py'


def test_swapping_in_a_warmed_variant_and_back() -> None:
    real = game()
    variant.warm(NO_CAPTURES, real)
    module = types.ModuleType('hexapawn')
    module.__dict__.update(game())
    kept = sys.modules.get('hexapawn')
    sys.modules['hexapawn'] = module
    try:
        moves = module.moves
        taking = moves(BOARD, 'W')
        saved = variant.swap_in({'source': NO_CAPTURES, 'names': ['moves']}, {})
        assert module.moves is moves  # the same function, other code
        assert moves(BOARD, 'W') == no_captures(BOARD, 'W') != taking
        variant.swap_back(saved)
        assert moves(BOARD, 'W') == taking
    finally:
        if kept is None:
            del sys.modules['hexapawn']
        else:
            sys.modules['hexapawn'] = kept

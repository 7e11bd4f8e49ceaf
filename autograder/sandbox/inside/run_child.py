"""The program every sandbox interpreter runs (the zygote's, or a child's own where
there is no zygote): `child.py`, loaded as a module, which Python reads compiled
where it keeps it so. A script run by its path is compiled afresh at every start:
some 8 ms of each zygote's, and of each child's of its own.

Standard library only, like `child.py`.
"""
import importlib.util
import os

if __name__ == '__main__':
    _spec = importlib.util.spec_from_file_location(
        'child', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'child.py'))
    assert _spec is not None and _spec.loader is not None
    _child = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_child)
    _child.main()

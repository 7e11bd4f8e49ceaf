"""Text that can always be written, whatever a student's code sent back.

A child's messages and values, and names taken from a class's folders, can hold
lone surrogates ('\\udc80': an undecodable byte of a file name, or a string a
student built on purpose). UTF-8 cannot encode them, and one of them used to stop
every page of a batch from being written. Every renderer's output goes through
`encodable` once, at the end, so no single field can be forgotten.
"""
from __future__ import annotations


def encodable(text: str) -> str:
    """`text` with each character UTF-8 cannot encode written as its escape (\\udc80)."""
    return text.encode('utf-8', 'backslashreplace').decode('utf-8')

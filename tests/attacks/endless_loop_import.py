"""Resources: an endless loop at import time."""
while True:
    pass


def count_boxes(use_mirror):
    return [19, 47] if use_mirror else [37, 90]

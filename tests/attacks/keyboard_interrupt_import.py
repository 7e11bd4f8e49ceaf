"""Resources: KeyboardInterrupt at import time."""
raise KeyboardInterrupt


def count_boxes(use_mirror):
    return [19, 47] if use_mirror else [37, 90]

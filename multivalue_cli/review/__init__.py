"""Native-speaker review of a run: export items for reviewers, import their judgments.

``multivalue review export`` samples texts of a finished run, stratified by feature
(:mod:`.sampling`), and writes a review folder (:mod:`.export`): a self-contained page for
reviewers (:mod:`.page`), the same items as JSON lines and CSV for crowd platforms, and
``review.json`` that ties the folder to its run. ``multivalue review import`` reads the
reviewers' files (:mod:`.judgments`), scores them (:mod:`.scores`: accuracy per feature by
majority vote, transformation accuracy, Krippendorff's alpha), shows them (:mod:`.show`) and
can write a profile without the features reviewers rejected (:mod:`.validated`).
"""
from __future__ import annotations

from ..errors import MultivalueError


class ReviewError(MultivalueError):
    """A review folder, run or judgments file that cannot be used; the message says where."""

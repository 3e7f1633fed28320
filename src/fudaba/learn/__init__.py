"""Taking lessons (issue 22): :class:`~fudaba.learn.run.LessonRun` drives one lesson on a play
session (what ``fudaba learn`` and a browser page show), :class:`~fudaba.learn.progress.Progress`
remembers what is finished. The lessons themselves and the goal vocabulary are in
:mod:`fudaba.core.lessons` (the games' packages hold their lessons)."""

from .progress import Progress, data_dir, progress_path
from .run import LessonReply, LessonRun, reachable, start_state

__all__ = ["LessonReply", "LessonRun", "Progress", "data_dir", "progress_path", "reachable", "start_state"]

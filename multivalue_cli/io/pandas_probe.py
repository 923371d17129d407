"""Writing Arrow without importing pandas.

The first time pyarrow converts Python values (``pa.array``, ``Table.from_pylist``) it asks
whether the value is a pandas object, and imports pandas to find out: 0.15-0.3 s, the most
expensive import of a run. In a run with worker processes it fell on the first write, while
the workers kept both cores busy, and held up the results for up to a second. The writers pass
only lists of plain Python values, so the answer is known beforehand.

:func:`spare_pandas_probe` lets pyarrow's first probe find pandas unimportable; pyarrow
remembers that for its probes (is this a pandas object?) and nothing else: whatever really
needs pandas (``to_pandas``, ``from_pandas``, ``pd.read_parquet``) makes pyarrow import it
then, and from that moment pyarrow knows pandas as usual (``tests/test_pandas_probe.py``).
Until then ``pa.array`` of a pandas object treats it as a plain sequence; nothing in a run
hands pyarrow a pandas object. Where pandas is imported already (a hub dataset brings it)
nothing is done, and it is done once per process, in the processes of a run only
(:func:`spare_at_first_write`, called by :func:`multivalue_cli.run.tuning.tune_process`).
"""
from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder

_wanted = False  # see spare_at_first_write
_done = False


class _PandasUnimportable(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "pandas" or name.startswith("pandas."):
            raise ModuleNotFoundError("not imported for pyarrow's probe", name=name)
        return None


def spare_at_first_write() -> None:
    """From now on in this process, :func:`spare_pandas_probe` (the writers call it before
    their first write) spares pyarrow's first probe its pandas import."""
    global _wanted
    _wanted = True


def spare_pandas_probe() -> None:
    """Have pyarrow's probe for pandas objects answer "no pandas" without importing it, in a
    process that asked for it (:func:`spare_at_first_write`)."""
    global _done
    if _done or not _wanted:
        return
    _done = True
    if "pandas" in sys.modules:
        return
    import pyarrow as pa

    finder = _PandasUnimportable()
    sys.meta_path.insert(0, finder)
    try:
        pa.array([], type=pa.null())  # the probe: is [] a pandas object?
    finally:
        sys.meta_path.remove(finder)

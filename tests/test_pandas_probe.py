"""Writing a shard in a process of a run does not import pandas, and pandas still works with
pyarrow afterwards (multivalue_cli/io/pandas_probe.py); elsewhere pyarrow probes as it does.
Run in fresh processes: the test session has pandas."""
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import sys
    from pathlib import Path
    import pyarrow as pa
    import pyarrow.parquet as pq
    from multivalue_cli.io.writers import EditLogWriter, ShardFile
    from multivalue_cli.run.tuning import tune_process

    tune_process()  # a process of a run
    out = Path(sys.argv[1])
    schema = pa.schema([("text", pa.string()), ("labels", pa.list_(pa.int64()))])
    shard = ShardFile(out / "data.parquet", "parquet", schema)
    shard.write([{"text": "He speaks English.", "labels": [1, 2]}, {"text": None, "labels": []}])
    shard.close()
    log = EditLogWriter(out / "edits.parquet")
    log.write([(0, "text", 170, "uninflect", 3, 9, "speaks", "speak", 1)])
    log.close()
    assert "pandas" not in sys.modules, "writing imported pandas"

    import pandas as pd  # whatever needs pandas still gets it, with pyarrow as usual
    frame = pq.read_table(out / "data.parquet").to_pandas()
    assert frame["text"].iloc[0] == "He speaks English." and frame["text"].isna().tolist() == [False, True]
    assert pa.Table.from_pandas(frame).column("labels").to_pylist() == [[1, 2], []]
    assert pa.array(pd.Series([1.0, None])).null_count == 1  # a pandas object is known again
    print("ok")
""")


def test_writing_arrow_does_not_import_pandas_and_pandas_still_works(tmp_path):
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


LIBRARY = """
import sys
import pyarrow as pa
from multivalue_cli.io.pandas_probe import spare_pandas_probe
meta_path = list(sys.meta_path)
spare_pandas_probe()  # as the writers call it, in a process that did not ask for it
pa.array([], type=pa.null())
print("pandas" in sys.modules, sys.meta_path == meta_path)
"""


def test_a_library_callers_pyarrow_probes_for_pandas_as_it_does():
    done = subprocess.run([sys.executable, "-c", LIBRARY], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]

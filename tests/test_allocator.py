"""The C allocator keeps freed memory for the next batch in a run's processes
(multivalue_cli/run/allocator.py). Run in fresh processes: the setting lasts a process."""
import platform
import subprocess
import sys
import textwrap

import pytest

CHURN = textwrap.dedent("""
    import resource, sys
    from multivalue_cli.run.allocator import keep_memory_between_batches
    from multivalue_cli.run.tuning import tune_process
    if sys.argv[1] == "keep":
        assert keep_memory_between_batches()
    if sys.argv[1] == "tuned":  # as the command line and the workers set their processes up
        tune_process()
    def batch():  # a batch's worth of memory in pieces the heap holds, then freed
        for _ in range(3):
            pieces = [bytearray(100_000) for _ in range(1000)]
            del pieces
    batch()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    batch()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
""")


def _faults(mode: str) -> int:
    done = subprocess.run([sys.executable, "-c", CHURN, mode], capture_output=True, text=True, check=True)
    return int(done.stdout)


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="the setting is glibc's")
def test_freed_memory_is_kept_for_the_next_batch():
    """Without the setting every batch faults its 100 MB in again (about 25,000 pages);
    with it the second batch reuses the first one's memory."""
    assert _faults("default") > 10_000
    assert _faults("keep") < 1_000
    assert _faults("tuned") < 1_000


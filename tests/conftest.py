import os
import tempfile

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
# A cache of its own per test session: datasets keys its cache by file names, and pytest
# reuses folder names across sessions, so a shared cache can serve an older run's data.
os.environ["HF_DATASETS_CACHE"] = tempfile.mkdtemp(prefix="multivalue-tests-datasets-")

import pytest


@pytest.fixture(scope="session")
def nlp():
    from multivalue_cli.engine.nlp import load_pipeline

    return load_pipeline()

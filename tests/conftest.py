import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

import pytest


@pytest.fixture(scope="session")
def nlp():
    from multivalue_cli.nlp import load_pipeline

    return load_pipeline()

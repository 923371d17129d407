"""The dataset card (``OUT/README.md``) of a finished output folder.

The card is built from the manifest alone (no timings, no dates), so the same run gives the
same card. Its YAML front matter declares the data files for the Hugging Face hub: the
``default`` configuration is ``data/``, the ``edits`` configuration the edit log.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

import yaml

from ..profiles import catalog
from ..io.writers import atomic_write_text

TOP_FEATURES = 15

EWAVE_BIBTEX = """@book{ewave2020,
  editor    = {Kortmann, Bernd and Lunkenheimer, Kerstin and Ehret, Katharina},
  title     = {The Electronic World Atlas of Varieties of English},
  year      = {2020},
  publisher = {Max Planck Institute for the Science of Human History},
  address   = {Jena},
  url       = {https://ewave-atlas.org},
  note      = {CC-BY-3.0}
}"""

MULTIVALUE_BIBTEX = """@inproceedings{ziems2023multivalue,
  title     = {Multi-{VALUE}: A Framework for Cross-Dialectal {E}nglish {NLP}},
  author    = {Ziems, Caleb and Held, William and Yang, Jingfeng and Dhamala, Jwala and Gupta, Rahul and Yang, Diyi},
  booktitle = {Proceedings of the 61st Annual Meeting of the Association for Computational Linguistics (ACL)},
  year      = {2023},
  address   = {Toronto, Canada},
  publisher = {Association for Computational Linguistics}
}"""

# Used when the manifest's ``learner`` section does not carry its own ``citation``: the ERRANT
# error types, and the W&I+LOCNESS corpus (BEA-2019) whose statistics the bundled learner-error
# profiles are generated from.
LEARNER_BIBTEX = """@inproceedings{bryant2017errant,
  title     = {Automatic Annotation and Evaluation of Error Types for Grammatical Error Correction},
  author    = {Bryant, Christopher and Felice, Mariano and Briscoe, Ted},
  booktitle = {Proceedings of the 55th Annual Meeting of the Association for Computational Linguistics (ACL)},
  year      = {2017},
  address   = {Vancouver, Canada},
  publisher = {Association for Computational Linguistics}
}

@inproceedings{bryant2019bea,
  title     = {The {BEA}-2019 Shared Task on Grammatical Error Correction},
  author    = {Bryant, Christopher and Felice, Mariano and Andersen, {\\O}istein E. and Briscoe, Ted},
  booktitle = {Proceedings of the Fourteenth Workshop on Innovative Use of NLP for Building Educational Applications},
  year      = {2019},
  address   = {Florence, Italy},
  publisher = {Association for Computational Linguistics}
}

@article{yannakoudakis2018wi,
  title     = {Developing an Automated Writing Placement System for {ESL} Learners},
  author    = {Yannakoudakis, Helen and Andersen, {\\O}istein E. and Geranpayeh, Ardeshir and Briscoe, Ted and Nicholls, Diane},
  journal   = {Applied Measurement in Education},
  volume    = {31},
  number    = {3},
  pages     = {251--267},
  year      = {2018}
}

@incollection{granger1998locness,
  title     = {The Computer Learner Corpus: A Versatile New Source of Data for {SLA} Research},
  author    = {Granger, Sylviane},
  booktitle = {Learner English on Computer},
  publisher = {Addison Wesley Longman},
  pages     = {3--18},
  year      = {1998}
}"""


def write_card(out: Path, manifest: dict) -> None:
    """Write ``out/README.md`` (atomically: a temporary file renamed into place)."""
    out = Path(out)
    atomic_write_text(out / "README.md", render_card(out, manifest))


def render_card(out: Path, manifest: dict) -> str:
    split = manifest.get("input", {}).get("split") or "train"
    sections = [
        "---\n" + yaml.safe_dump(front_matter(manifest, split), sort_keys=False, allow_unicode=True) + "---",
        _intro(manifest),
        _what(manifest),
        _profile(manifest),
        _counts(manifest),
        _files(manifest, split),
        _loading(out, manifest, split),
        _reproduce(),
        _limits(manifest),
        _citations(manifest),
    ]
    return "\n\n".join(s.strip("\n") for s in sections if s) + "\n"


def _what_name(manifest: dict) -> str:
    """'Indian English (IndE)', 'learner errors (prep)', or both."""
    profile = manifest.get("profile") or {}
    learner = manifest.get("learner") or {}
    parts = []
    if profile:
        parts.append(f"{profile.get('name')} ({profile.get('abbreviation')})")
    if learner:
        level = f", level {learner['level']}" if learner.get("level") else ""
        parts.append(f"learner errors ({', '.join(learner.get('error_types', []))}{level}, rate {learner.get('target')})")
    return " with ".join(parts) or "unchanged"


def front_matter(manifest: dict, split: str) -> dict:
    tags = ["multivalue", "english-dialects", "ewave", "synthetic", "robustness"]
    if manifest.get("learner"):
        tags.append("learner-errors")
    return {
        "pretty_name": f"{_input_name(manifest)} in {_what_name(manifest)}, multivalue",
        "language": ["en"],
        "tags": tags,
        "size_categories": [_size_category(manifest.get("counts", {}).get("written", 0))],
        "configs": [
            {"config_name": "default", "default": True,
             "data_files": [{"split": split, "path": f"data/{split}-*"}]},
            {"config_name": "edits", "data_files": [{"split": split, "path": f"edits/{split}-*"}]},
        ],
    }


def _input_name(manifest: dict) -> str:
    return str(manifest.get("input", {}).get("description") or "input").split(" (")[0]


def _size_category(n: int) -> str:
    bounds = [(1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
              (1_000_000, "100K<n<1M"), (10_000_000, "1M<n<10M"), (100_000_000, "10M<n<100M")]
    return next((label for bound, label in bounds if n < bound), "100M<n<1B")


def _intro(manifest: dict) -> str:
    profile = manifest.get("profile") or {}
    text = f"# {_input_name(manifest)} in {_what_name(manifest)}\n\n"
    if profile:
        text += (f"The user-typed text of `{_input_name(manifest)}` rewritten into "
                 f"{profile.get('name')} by multivalue with the Multi-VALUE method: "
                 "each feature of the dialect's eWAVE profile is a rule over a spaCy parse, fired "
                 "with a probability from the linguists' rating (A → 1.0, B → 0.6, C → 0.3). ")
    if manifest.get("learner"):
        learner = manifest["learner"]
        who = (f"W&I+LOCNESS writers of level {learner['level']}" if learner.get("level")
               else "the W&I+LOCNESS learners")
        text += ("Learner errors (determiner, preposition, verb, spelling) were injected at a "
                 f"calibrated token-level rate with the error-type shares and confusions of {who}, "
                 "each labelled with its ERRANT type in the edit log. ")
    return text + ("Every other value of every record, labels included, is unchanged, and the "
                   "records keep their order.")


def _what(manifest: dict) -> str:
    run = manifest.get("run", {})
    tool, spacy = manifest.get("tool", {}), manifest.get("spacy", {})
    rows = [
        ("input", manifest.get("input", {}).get("description")),
        ("split", manifest.get("input", {}).get("split")),
        ("rewritten fields", ", ".join(f"`{f}`" for f in manifest.get("fields", []))),
        ("seed", run.get("seed")),
        ("records limited to", run.get("limit")),
        ("original texts kept", "yes, in `<field>_original` columns" if run.get("keep_original") else "no"),
        ("format", manifest.get("format")),
        ("tool", f"{tool.get('name', 'multivalue')} {tool.get('version')}"),
        ("spaCy", f"{spacy.get('version')}, model {spacy.get('model')}"),
    ]
    rows = [(k, v) for k, v in rows if v is not None]
    return "## What was transformed\n\n" + _table(("", ""), rows)


def _profile(manifest: dict) -> str:
    profile = manifest.get("profile") or {}
    if not profile:
        return "## Profile\n\nNo dialect: learner errors only."
    entries = catalog()
    features = sorted(profile.get("features", {}).items(),
                      key=lambda kv: (entries[kv[0]].ewave if kv[0] in entries else 10_000, kv[0]))
    rows = [(f"`{name}`", entries[name].ewave if name in entries else "",
             entries[name].title if name in entries else "", f"{prob:g}") for name, prob in features]
    text = (f"## Profile: {profile.get('name')} ({profile.get('abbreviation')})\n\n"
            f"{len(features)} features with a rule, each applied at every site it finds with this "
            f"probability. Profile hash: `{profile.get('hash')}`.\n\n"
            + _table(("feature", "eWAVE", "eWAVE title", "probability"), rows))
    missing = profile.get("features_without_rule") or []
    if missing:
        text += (f"\n\nAttested for this variety but without a rule yet, hence not applied ({len(missing)}): "
                 + ", ".join(f"`{m}`" for m in missing) + ".")
    return text


def _counts(manifest: dict) -> str:
    counts = manifest.get("counts", {})
    texts, changed = counts.get("texts", 0), counts.get("texts_changed", 0)
    share = f" ({100 * changed / texts:.1f}%)" if texts else ""
    rows = [("records read", counts.get("records")), ("records written", counts.get("written")),
            ("texts", texts), ("texts changed", f"{changed}{share}"), ("edits", counts.get("edits")),
            ("records not transformed (see `errors.jsonl`)", counts.get("errors"))]
    text = "## Counts\n\n" + _table(("", ""), rows)
    per_feature = sorted(counts.get("edits_per_feature", {}).items(), key=lambda kv: (-kv[1], kv[0]))
    if per_feature:
        shown = per_feature[:TOP_FEATURES]
        title = "Edits per feature" + (f" (the {len(shown)} most frequent)" if len(per_feature) > len(shown) else "")
        text += f"\n\n{title}:\n\n" + _table(("feature", "edits"), [(f"`{k}`", v) for k, v in shown])
    return text


def _files(manifest: dict, split: str) -> str:
    ext = "jsonl" if manifest.get("format") == "jsonl" else "parquet"
    return (
        "## Files\n\n"
        f"- `data/{split}-0000k-of-0000N.{ext}`: the records, same schema and order as the input, "
        "the selected fields rewritten.\n"
        f"- `edits/{split}-0000k-of-0000N.parquet`: one row per edit: `key` (input row, from 0), "
        "`field` (concrete path), `ewave`, `feature`, `start`/`end` (character span in the input "
        "text), `before`, `after`. Replacing every row's `before` by its `after` in the input "
        "text gives the output text exactly.\n"
        "- `errors.jsonl`: records that could not be transformed, if any.\n"
        "- `manifest.json`: versions, arguments, the profile in canonical form, counts, timings."
    )


def _loading(out: Path, manifest: dict, split: str) -> str:
    builder = "json" if manifest.get("format") == "jsonl" else "parquet"
    folder = out.as_posix()
    counts = manifest.get("counts") or {}
    if builder == "parquet":
        pandas_line = f'df = pd.read_parquet("{folder}/data")'
    else:
        pandas_line = ("df = pd.concat(pd.read_json(p, lines=True)\n"
                       f'               for p in sorted(Path("{folder}/data").glob("*.jsonl")))')
    # load_dataset refuses a folder whose files hold no rows: read such a part with pyarrow
    if counts.get("written", 1):
        data_line = f'ds = load_dataset("{builder}", data_dir="{folder}/data", split="{split}")'
    elif builder == "parquet":
        data_line = f'ds = Dataset(pq.read_table("{folder}/data"))  # no rows'
    else:
        data_line = "ds = Dataset.from_dict({})  # no rows"
    if counts.get("edits", 1):
        edits_line = f'edits = load_dataset("parquet", data_dir="{folder}/edits", split="{split}")'
    else:
        edits_line = f'edits = Dataset(pq.read_table("{folder}/edits"))  # no edits'
    imports = "from datasets import Dataset, load_dataset\n"
    if "pq." in data_line + edits_line:
        imports += "import pyarrow.parquet as pq\n"
    why = ""
    if manifest.get("format_reason"):
        why = (f"\n\nThe data is in JSON lines because {manifest['format_reason'][0].lower()}"
               f"{manifest['format_reason'][1:]}. Readers that type JSON by column (`datasets`, "
               "pandas) may change or refuse those values; `json.loads` line by line gives them "
               "exactly.")
    return (
        "## Loading\n\n"
        f"With `datasets`:\n\n```python\n{imports}\n{data_line}\n{edits_line}\n```\n\n"
        "On the hub (this card's front matter declares the files), `load_dataset(\"OWNER/NAME\")` "
        "and `load_dataset(\"OWNER/NAME\", \"edits\")`." + why + "\n\n"
        "With pandas:\n\n```python\nimport pandas as pd\n"
        + ("from pathlib import Path\n" if builder == "json" else "") + "\n"
        f"{pandas_line}\nedits = pd.read_parquet(\"{folder}/edits\")\n```"
    )


def _reproduce() -> str:
    return ("## Reproducing\n\nThe output depends only on the input, the profile, the seed and the "
            "tool and model versions. `multivalue transform --from-manifest manifest.json -o again/` "
            "repeats this run; `multivalue verify INPUT .` checks that labels are unchanged and that "
            "the edit log reproduces every rewritten text.")


def _limits(manifest: dict) -> str:
    text = ("## Limits\n\n"
            "- The text is synthetic: produced by rules over an automatic parse, not written by "
            "speakers of the variety. It is not native-speaker text, and a parse error can give an "
            "unnatural sentence.\n"
            "- Only grammatical (morphosyntactic) features are applied, and only those with a rule; "
            "lexical variation (vocabulary, spelling, idiom), pronunciation-based spelling, "
            "code-switching and discourse style are out of scope.\n"
            "- A feature fires at the rate of its eWAVE rating wherever the rule finds a site, which "
            "is denser and more uniform than real usage.")
    if manifest.get("learner"):
        text += ("\n- Learner errors follow the ERRANT type shares and the commonest confusions of a "
                 "learner corpus (W&I+LOCNESS), but they are placed by rule on a parse, at most one per "
                 "token: they are not text written by learners, and errors beyond the four types "
                 "(word choice, word order, punctuation) are not made.")
    return text


def _citations(manifest: dict) -> str:
    blocks = [("The dialect profiles are derived from eWAVE, licensed CC-BY-3.0 (Kortmann, Lunkenheimer "
               "& Ehret (eds.) 2020, *The Electronic World Atlas of Varieties of English*):", EWAVE_BIBTEX),
              ("The method is Multi-VALUE (Ziems et al., ACL 2023):", MULTIVALUE_BIBTEX)]
    learner = manifest.get("learner")
    if learner:
        custom = learner.get("citation") if isinstance(learner, dict) else None
        own = isinstance(custom, str) and custom.strip()
        if own:
            blocks.append(("Learner errors:", custom))
        else:
            blocks.append(("Learner error types (ERRANT) and their shares (BEA-2019):", LEARNER_BIBTEX))
    body = "\n\n".join(f"{intro}\n\n```bibtex\n{bib.strip()}\n```" for intro, bib in blocks)
    return "## Citation\n\nIf you use this dataset, please cite the sources of the input data and:\n\n" + body


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def _cell(value: Any) -> str:
    return "" if value is None else str(value).replace("|", "\\|").replace("\n", " ")

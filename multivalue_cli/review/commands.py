"""The commands of the native-speaker review (``multivalue review export`` and ``import``):
they parse the options and hand off to :mod:`.export` and :mod:`.results`."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from . import ReviewError
from ..errors import UsageError
from ..options import AsJson, CommandGroup
from ..reports.terminal import note, show

review_app = typer.Typer(cls=CommandGroup, help="Native-speaker review of a run: export items for reviewers, import "
                         "their judgments, write a validated profile.", no_args_is_help=True)


@review_app.command("export")
def review_export(
    run: Path = typer.Argument(..., help="The output folder of a finished `multivalue transform` run."),
    output: Path = typer.Option(..., "--output", "-o", help="Review folder to write: index.html, items.jsonl, items.csv, README.md."),
    per_feature: int = typer.Option(10, "--per-feature", min=1, help="Instances of every feature that fired to include (all it has, if fewer)."),
    max_items: Optional[int] = typer.Option(None, "--max-items", min=1, help="At most N items (the rarest features keep their share)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the sample; the same seed gives the same folder."),
    field: List[str] = typer.Option([], "--field", "-f", help="Only texts of this field path of the run (repeatable)."),
    controls: int = typer.Option(0, "--controls", min=0, help="Add N unchanged texts of the same fields, to see how often reviewers reject unchanged text."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace an earlier export in the folder (judgment files in it are kept)."),
) -> None:
    """Sample a run for native-speaker reviewers.

    Up to --per-feature instances of every feature that fired, written to a review folder: a
    self-contained page for reviewers, and the same items as JSON lines and CSV."""
    from .export import export
    from .sampling import SampleOptions

    meta = export(run, output, SampleOptions(per_feature, max_items, seed, tuple(field), controls),
                  overwrite=overwrite)
    features = meta["features"]
    reviewed = sum(1 for f in features.values() if f["in_review"])
    typer.echo(f"wrote {output}: {meta['items']} items ({meta['controls']} controls) covering "
               f"{reviewed} of the {len(features)} features that fired; open {output / 'index.html'}")
    if meta["skipped_long"]:
        note(f"note: {meta['skipped_long']} candidate text(s) longer than the page shows were left out")


@review_app.command("import")
def review_import(
    folder: Path = typer.Argument(..., help="The review folder written by `multivalue review export`."),
    judgments: List[Path] = typer.Argument(..., help="The page's judgments-<name>.json files, or CSV files with columns annotator,item,wrong_edits,acceptable."),
    min_votes: int = typer.Option(1, "--min-votes", min=1, help="Count only edits and items with at least N judgments."),
    as_json: AsJson = False,
    write_profile: Optional[Path] = typer.Option(None, "--write-profile", help="Write a profile that extends the run's and turns off the features below --min-accuracy."),
    min_accuracy: Optional[float] = typer.Option(None, "--min-accuracy", min=0.0, max=1.0, help="Accuracy a feature needs to stay on (also flags the weaker ones in the table)."),
    run: Optional[Path] = typer.Option(None, "--run", help="Where the run folder is now, if it moved since the export."),
) -> None:
    """Score the reviewers' judgments of a review folder.

    Accuracy per feature by majority vote, transformation accuracy and Krippendorff's alpha,
    recorded in the run folder for `multivalue report`; --write-profile writes a profile
    without the features below --min-accuracy."""
    from rich.console import Console

    from .results import import_review, record_in_run, save_results
    from .show import print_results
    from .validated import write_profile as write_validated

    if write_profile is not None and min_accuracy is None:
        raise UsageError("--write-profile needs --min-accuracy (the accuracy a feature needs to stay on)")
    meta, result = import_review(folder, judgments, min_votes)
    if write_profile is not None:
        result["turned_off"] = write_validated(write_profile, meta["profile"], result, min_accuracy)
        note(f"wrote {write_profile}: {len(result['turned_off'])} feature(s) off "
              f"(use it with --dialect {write_profile})")
    result["min_accuracy"] = min_accuracy
    save_results(folder, result)
    try:
        target = record_in_run(meta, result, run)
        note(f"recorded in {target} (`multivalue report {target.parent}` shows it)")
    except ReviewError as exc:
        if run is not None:  # the folder named is not the run's: an error
            raise
        note(f"note: not recorded in the run folder: {exc}")
    show(result, as_json, lambda data: print_results(data, Console()))

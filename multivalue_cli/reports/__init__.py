"""What is said about a run or a profile: ``run_folder`` reads a finished output folder back,
``report`` summarises it (``report_html`` as a page, with ``svgchart`` and before/after
``examples``), ``card`` writes its dataset card, ``verify`` checks it against its input,
``coverage`` tabulates which dialect features have a rule."""

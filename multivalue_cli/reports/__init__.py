"""What is said about a run or a profile: ``report`` summarises an output folder (``report_html``
as a page, with ``svgchart``), ``card`` writes its dataset card, ``verify`` checks it against
its input, ``coverage`` tabulates which dialect features have a rule."""

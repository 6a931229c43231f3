#!/usr/bin/env python3
"""`watson add` for each line of stdin (its arguments, separated by tabs), through Watson's
own command line (its click command) in one process: a `watson` process per frame takes
up to a second, fifty of them most of a case's time.

Usage: watson-add.py < frames.tsv    (WATSON_DIR and TZ as for watson)
"""
import sys

from watson.cli import cli

for line in sys.stdin:
    args = line.rstrip("\n").split("\t")
    if args == [""]:
        continue
    try:
        cli.main(args=["add", *args], prog_name="watson")
    except SystemExit as e:
        if e.code:
            sys.exit(f"watson add {' '.join(args)}: exit {e.code}")

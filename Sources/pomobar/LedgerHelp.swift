/// Usage texts of the ledger's commands (`pomobar COMMAND --help`).
enum LedgerHelp {
  static let range = """
    RANGE: today, yesterday, week, last-week, month, last-month, year, all (the default),
    in local days, weeks from Monday; or --from YYYY-MM-DD --to YYYY-MM-DD.
    """

  static let topics: [String: String] = [
    "export": """
    Usage: pomobar export [RANGE] --format csv|json|timewarrior|watson|timewarrior-data

    Writes the history to stdout in order of start, streamed.
      csv          a header and one row per record (RFC 4180, UTF-8): id, kind, start,
                   end (local ISO 8601), seconds, hours, project, outcome, internal,
                   external, gap, note
      json         an array of the history's own record objects
      timewarrior  the array `timew export` prints, for `timew import`
      watson       a frames file for `watson merge` (no project: "(no project)")
    \(range)
    """,
    "import": """
    Usage: pomobar import FILE [--from csv|json|timewarrior|watson]

    Adds the records of FILE that are not in the history yet: pomobar's CSV and JSON
    exports, `timew export` output, or Watson's frames file; the format is guessed from
    the content unless --from gives it. Importing a file twice adds nothing. Invalid
    entries are listed (FILE:LINE or element N) and skipped; the status is then 1.
    """,
    "log": """
    Usage: pomobar log [RANGE]

    The records, one per line: short id, local day and times, kind, time counted,
    project, outcome and note. `history remove` and `amend` take the short id.
    \(range)
    """,
    "track": """
    Usage: pomobar track [DAY] FROM TO [PROJECT] [--note TEXT] [--adjust]

    Adds forgotten work time, in local time: `track 9:00 10:30 api`,
    `track yesterday 14:00 15:00`, `track 2026-11-20 9:00 12:00`. DAY is today (the
    default), yesterday or YYYY-MM-DD. The end must be after the start, on the same day,
    and not in the future. Work time is one timeline: an interval that overlaps a work
    record (or the running work clock) is refused, naming it (status 1); --adjust adds
    only the time around what is there, in pieces or not at all, and says so.
    """,
    "history": """
    Usage: pomobar history remove ID
           pomobar history amend ID --project NAME
           pomobar history reset [--before YYYY-MM-DD] [--yes]
           pomobar history undo [ID]

    ID is the short id `pomobar log` shows (or any unique prefix of 4 digits or more, or
    the full id). `reset` removes every record (or those that started before the day);
    it asks first, and without a terminal needs --yes. An edit rewrites nothing: it is
    one more line in this machine's history/edits.MACHINE.jsonl, so a synced folder never
    conflicts and `undo` can take it back. `undo` reverts the latest change made on this
    machine (an edit, or what track or import added); `undo ID` reverts that one, on any
    machine, and the id it prints undoes the undo.
    """,
    "project": """
    Usage: pomobar project rename OLD NEW
           pomobar project delete NAME [--yes]

    `rename` changes the project of every record of OLD; `delete` removes every record
    of NAME, asking first (without a terminal it needs --yes). Both apply to the records
    made before them, on every machine, and `pomobar history undo` takes them back.
    """,
  ]
}

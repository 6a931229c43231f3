import PomobarCore
import PomobarSystem

/// What the command line asked for.
public enum Command: Equatable {
  case run(Options)
  /// `ctl ACTION`, at a moment before now with `--at`/`--ago`.
  case ctl(Action, Options, at: Moment?)
  /// `ctl task` without a text: the task picked from the configured source.
  case pickTask(Options, keepProject: Bool)
  case status(Options)
  /// `watch`: one JSON line per change (`WatchEncoder`).
  case watch(Options)
  /// `idle-watch [--after DURATION]`: away when input stops, for bars with no process.
  case idleWatch(after: Duration?, configPath: String?)
  case checkConfig(String?)
  /// The hidden `check-config --example`: `config.example.toml`, made from the schema.
  case configExample
  case report(ReportRequest)
  /// `projects`, or only the names (`--names`) or the tags in use (`--tag-names`), one
  /// per line (for shell completion).
  case projects(Options, only: ProjectsCommand.Names?)
  case themes(ThemesCommand.Request)
  case help(String?)
  case version
  /// The hidden `--dump-commands`: the command table as JSON, for scripts/gendocs.
  case dumpCommands
  /// The hidden `__effects JOB`: pomobar's own effect runner, started by a transition.
  case effects(String)
  /// The hidden `__notify JOB`: one notification and its buttons, started by the runner.
  case notify(String)
  /// The hidden `__dnd FOLDER CHOICE on|off`: do-not-disturb, run by the runner.
  case doNotDisturb([String])
  /// The hidden `__task-write-back ...`: a focus written back to its task, run by the runner.
  case taskWriteBack([String])
  /// The hidden `__taskwarrior-hook`: the contrib taskwarrior hook's start and stop.
  case taskwarriorHook
  /// export, import, log, track, history, project.
  case ledger(LedgerCommand)
}

/// The ledger's commands: export, import, log, track, history, project, bill.
public enum LedgerCommand: Equatable {
  case export(RangeArgument, ExchangeFormat, focus: Bool, kind: ExportKind = .all)
  case importFile(ImportRequest)
  case log(RangeArgument, tags: [String] = [])
  /// `track [DAY] FROM-TO [PROJECT] [+TAG...] [--note TEXT] [--adjust]`: the words are read
  /// by `TrackWords` when the command runs, on the day it is then.
  case track([String], note: String?, adjust: Bool)
  case historyRemove(String)
  case historyAmend(String, AmendRequest)
  /// `history split ID AT`.
  case historySplit(String, at: String)
  /// `history join ID ID`.
  case historyJoin(String, String)
  /// `history edit [RANGE]`.
  case historyEdit(RangeArgument)
  case historyReset(before: CivilTime.Date?, yes: Bool)
  case historyUndo(String?)
  case projectRename(String, String)
  case projectDelete(String, yes: Bool)
  /// `bill RANGE --client NAME [--project NAME]... [--invoice ID] [--dry-run]`.
  case bill(BillRequest)
}

/// What `history amend ID` changes, as given; nil leaves it as it is. An empty project or
/// note clears it.
/// `import FILE [--from FORMAT] [--project-tags LIST] [--dry-run]`.
public struct ImportRequest: Equatable {
  var path: String
  var format: ExchangeFormat?
  /// `--project-tags`, read (`ProjectTags.patterns`); nil when not given.
  var projectTags: [String]?
  var dryRun = false
}

public struct AmendRequest: Equatable {
  var start: String?
  var end: String?
  var project: String?
  var note: String?
  /// `--tags '+billable +"client call"'`: the record's tags, all of them ("" for none).
  var tags: String? = nil

  var isEmpty: Bool { start == nil && end == nil && project == nil && note == nil && tags == nil }
}

/// A range as given: a name (`month`), or `--from`/`--to` dates.
public enum RangeArgument: Equatable {
  case named(String)
  case dates(CivilTime.Date?, CivilTime.Date?)

  /// The days it covers, as of `today`.
  func resolve(today: CivilTime.Date) -> LedgerRange {
    switch self {
    case .named(let name): return LedgerRange(named: name, today: today) ?? .all
    case .dates(let first, let last): return LedgerRange(first: first, last: last)
    }
  }
}

/// Options shared by the commands.
public struct Options: Equatable {
  var format: OutputFormat?
  var configPath: String?
  /// `run --wrap COMMAND`: the status command to merge blocks with.
  var wrap: String?
}

/// A usage error: what is wrong and how to get help.
public struct UsageError: Error {
  public var message: String
  public var hint = "Run 'pomobar --help' for usage."
}

/// The exit statuses of sysexits(3) that pomobar uses.
public enum ExitCode {
  public static let success: Int32 = 0
  public static let failure: Int32 = 1
  public static let usage: Int32 = 64
  public static let unavailable: Int32 = 69
  public static let config: Int32 = 78
}

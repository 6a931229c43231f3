import PomobarCore
import PomobarSystem

/// `pomobar projects`: every project with its colour, today's and this week's work, and
/// its goals' progress; with `--names`, only the names, one per line, for shell completion
/// (and `--tag-names` the tags in use).
public enum ProjectsCommand {
  public enum Names {
    case projects, tags
  }

  public static func run(_ options: Options, only: Names? = nil) -> Int32 {
    let context = Context.reading(options)
    context.warnConfig()
    if only == .tags {
      Console.out(KnownProjects.tags(context).map { $0 + "\n" }.joined())
      return ExitCode.success
    }
    let calendar = LedgerCalendar(context.config.ledger)
    let today = calendar.day(of: LocalZone.wallTime(wall: context.store.now().wall))
    let day = ReportCommand.build(context, .today, today: today, project: nil)
    let week = ReportCommand.build(context, .week, today: today, project: nil)
    let state = context.store.peek()?.timer.ledger
    // Known projects: those the config names, those used before, and any with time this week.
    var names = week.projects.compactMap(\.name)
    for name in (state?.projects ?? []) + context.config.projects.keys.sorted() where !names.contains(name) {
      names.append(name)
    }
    if only == .projects {
      Console.out(names.map { $0 + "\n" }.joined())
      return ExitCode.success
    }
    guard !names.isEmpty else {
      Console.out("No projects yet: start one with 'pomobar ctl project NAME'.\n")
      return ExitCode.success
    }
    let color = Console.colors(context.environment)
    let width = min(24, names.map(\.terminalColumns).max() ?? 0)
    var out = ""
    for name in names {
      let settings = context.config.project(name)
      let todaySeconds = day.projects.first { $0.name == name }?.seconds ?? 0
      let weekSeconds = week.projects.first { $0.name == name }?.seconds ?? 0
      var line = swatch(context.config.color(ofProject: name), color: color) + " " + pad(name, width)
      line += "  today " + pad(WorkView.clock(todaySeconds), 6, right: true)
      line += "  week " + pad(WorkView.clock(weekSeconds), 6, right: true)
      if let goal = settings.goal {
        line += "  goal \(DurationFormat.format(goal)): \(percent(todaySeconds, of: goal)) %"
      }
      if let weekly = settings.weeklyGoal {
        line += "  weekly \(DurationFormat.format(weekly)): \(percent(weekSeconds, of: weekly)) %"
      }
      if state?.work?.project == name {
        line += "  (running)"
      } else if state?.project == name {
        line += "  (active)"
      }
      out += line + "\n"
    }
    Console.out(out)
    return ExitCode.success
  }

  /// `●` in the project's colour on a terminal (24-bit), plain otherwise.
  static func swatch(_ hex: String, color: Bool) -> String {
    guard color, let parsed = HexColor(hex) else { return "●" }
    return "\u{1B}[38;2;\(parsed.red);\(parsed.green);\(parsed.blue)m●\u{1B}[0m"
  }

  static func percent(_ seconds: Int64, of goal: Duration) -> Int64 {
    let target = max(1, goal.floorSeconds)
    return seconds * 100 / target
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.terminalColumns))
    return right ? fill + text : text + fill
  }
}

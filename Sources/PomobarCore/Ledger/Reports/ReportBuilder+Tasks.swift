/// Tasks in a report (`report --by task`): each task's work, focus time and completed
/// focus sessions.
///
/// A task's work is counted as a tag's (`ReportBuilder+Tags`): each day, the work clock's
/// time on records with that task, or on a day without such a record, the time of focus
/// sessions with it. Tasks are told by their title. Only asked for (`byTask`), and only
/// records with a task cost anything.
extension ReportBuilder {
  /// Adds the part on `day` of a record of `kind` for the task `title` to its task's day.
  mutating func addTask(_ title: String, of kind: LedgerRecord.Kind, day: Int64, part: Int64) {
    let slot =
      taskSlots[title]
      ?? {
        taskNames.append(title)
        taskSlots[title] = taskNames.count - 1
        return taskNames.count - 1
      }()
    if kind == .focus { taskFocus[slot, default: 0] += part }
    taskDays[day, default: TagAccount()].add(part, of: kind, slots: [slot])
  }

  /// Counts a completed focus session on its task.
  mutating func countTask(_ record: LedgerRecord) {
    guard record.kind == .focus, record.outcome == .completed, let title = record.task?.title,
      let slot = taskSlots[title]
    else { return }
    taskSessions[slot, default: 0] += 1
  }

  /// Each task with time on the `shown` days, the most work first (then by title).
  func taskLines(_ shown: ClosedRange<Int64>) -> [Report.TaskLine] {
    var totals = [Int64](repeating: 0, count: taskNames.count)
    for (day, account) in taskDays where shown.contains(day) {
      for slot in totals.indices { totals[slot] += account.work(slot) }
    }
    return totals.indices.filter { totals[$0] > 0 || taskFocus[$0, default: 0] > 0 }
      .sorted { totals[$0] != totals[$1] ? totals[$0] > totals[$1] : taskNames[$0] < taskNames[$1] }
      .map { slot in
        Report.TaskLine(
          title: taskNames[slot], work: totals[slot], focus: taskFocus[slot, default: 0],
          completed: taskSessions[slot, default: 0])
      }
  }
}

/// Tags in a report: the `--tag` filter and each tag's work time.
///
/// A tag's time is what `report --tag TAG` counts as work: each day, the work clock's time
/// on records with that tag, or on a day without such a record, the time of focus sessions
/// with it (as a day without the work clock counts its focus). Only tagged records cost
/// anything here, so a history without tags is read as fast as before.
extension ReportBuilder {
  /// Whether `record` carries every tag of `tagFilter`.
  func carriesEveryFilterTag(_ record: LedgerRecord) -> Bool {
    tagFilter.allSatisfy { record.tags.contains($0) }
  }

  /// The slots of `tags`, made on first sight.
  mutating func tagSlots(_ tags: [String]) -> [Int] {
    if tags == lastTags.tags { return lastTags.slots }
    let slots = tags.map { tag in
      if let slot = tagSlots[tag] { return slot }
      tagNames.append(tag)
      tagSlots[tag] = tagNames.count - 1
      return tagNames.count - 1
    }
    lastTags = (tags, slots)
    return slots
  }

  /// Each tag with time on the `shown` days, the largest first (then by name), with its
  /// share of `work`.
  func tagLines(_ shown: ClosedRange<Int64>, work: Int64) -> [Report.TagLine] {
    var totals = [Int64](repeating: 0, count: tagNames.count)
    for (day, account) in tagDays where shown.contains(day) {
      for slot in totals.indices { totals[slot] += account.work(slot) }
    }
    return totals.indices.filter { totals[$0] > 0 }
      .sorted { totals[$0] != totals[$1] ? totals[$0] > totals[$1] : tagNames[$0] < tagNames[$1] }
      .map { slot in
        Report.TagLine(
          name: tagNames[slot], seconds: totals[slot],
          percent: work > 0 ? Int((totals[slot] * 100 + work / 2) / work) : 0)
      }
  }
}

/// One day's work and focus per tag slot.
struct TagAccount {
  var workBySlot: [Int64] = []
  var focusBySlot: [Int64] = []

  /// The tag's work that day: its work clock's time, or without any, its focus time.
  func work(_ slot: Int) -> Int64 {
    let work = slot < workBySlot.count ? workBySlot[slot] : 0
    return work > 0 ? work : slot < focusBySlot.count ? focusBySlot[slot] : 0
  }

  mutating func add(_ seconds: Int64, of kind: LedgerRecord.Kind, slots: [Int]) {
    switch kind {
    case .work: for slot in slots { Self.add(seconds, at: slot, to: &workBySlot) }
    case .focus: for slot in slots { Self.add(seconds, at: slot, to: &focusBySlot) }
    case .shortBreak, .longBreak: return
    }
  }

  private static func add(_ seconds: Int64, at slot: Int, to bySlot: inout [Int64]) {
    if slot >= bySlot.count { bySlot.append(contentsOf: repeatElement(0, count: slot + 1 - bySlot.count)) }
    bySlot[slot] += seconds
  }
}

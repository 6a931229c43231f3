import PomobarCore

/// `pomobar --wrap COMMAND`: the loop's side of running another status command and
/// showing its blocks with pomobar's.
///
/// A status line goes out whenever the command writes a complete one and whenever
/// pomobar's own block changes; nothing else wakes the loop, so a quiet command and an
/// idle timer cost nothing. The command's blocks pass through as it wrote them.
///
/// While a phase counts seconds, the command's lines are read on pomobar's ticks instead,
/// and go out in the tick's line: i3status writes on the wall clock's seconds and the
/// timer ticks on its own, so reading each line as it comes would wake the bar twice a
/// second. A line then shows up to a second after the command wrote it; its answer to a
/// click, and its end (hang-up), are still read at once.
extension BarLoop {
  /// Starts (or restarts) the wrapped command; while it cannot run, a marker takes the
  /// place of its blocks.
  func startWrapped(_ poller: Poller) -> [BarEvent] {
    guard let wrap else { return [] }
    wrap.start(poller)
    wrappedOnTicks = false  // a new pipe, watched for reading
    if let problem = wrap.problem {
      warnings.warn("\(problem); trying again in \(seconds(wrap.restartWait)) s", kind: "wrap start")
    }
    return [.wrappedStarted(problem: wrap.problem)]
  }

  /// Reads what the command wrote: its newest status line, if it completed one.
  func wrappedOutput(_ poller: Poller) -> [BarEvent] {
    guard let wrap else { return [] }
    // nil: it closed its stdout; its exit (SIGCHLD) says what happened.
    guard let update = wrap.read(poller) else { return [] }
    // Restarted while the bar is hidden: once it has spoken, it gets its stop signal too.
    if session.isHidden { wrap.barHidden(true) }
    for problem in update.problems {
      warnings.warn(
        "'\(wrap.shortName)' wrote something unusable: \(problem.message)",
        kind: "wrap \(problem.kind.rawValue)")
    }
    if let blocks = update.blocks { return [.wrappedBlocks(blocks)] }
    // Nothing in this read could be shown: the bar says why, not only stderr.
    return update.problems.last.map {
      [.wrappedUnusable(problem: "'\(wrap.shortName)' wrote something unusable: \($0.message)")]
    } ?? []
  }

  /// Reaps ended children; when the wrapped command was one, says why and plans its
  /// restart.
  func wrappedChildrenEnded(_ poller: Poller) -> [BarEvent] {
    guard let wrap, let how = wrap.reapChildren() else { return [] }
    wrap.died(how, poller)
    let problem = wrap.problem ?? how
    warnings.warn("\(problem); starting it again in \(seconds(wrap.restartWait)) s", kind: "wrap exit")
    return [.wrappedEnded(problem: problem)]
  }

  /// Passes a click on to the wrapped command.
  func forward(click text: [UInt8]) {
    guard let wrap else { return }
    switch wrap.send(click: text) {
    case .sent:
      wrappedClicked = true
    case .notWanted:
      break
    case .dropped(let why):
      warnings.warn("a click for '\(wrap.shortName)' was dropped: \(why)", kind: "wrap click")
    }
  }

  /// Reads the command's output on the second ticks while a phase counts them and no click
  /// awaits its answer; otherwise when it writes.
  func followWrapped(_ poller: Poller) {
    let onTicks = secondTick != nil && !wrappedClicked
    guard let output = wrap?.output, onTicks != wrappedOnTicks else { return }
    wrappedOnTicks = onTicks
    poller.modify(output, readable: !onTicks, writable: false)
  }

  private func seconds(_ nanoseconds: Int64) -> Int64 { (nanoseconds + 999_999_999) / 1_000_000_000 }
}

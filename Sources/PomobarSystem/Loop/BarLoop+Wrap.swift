import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// `pomobar --wrap COMMAND`: the loop's side of running another status command and
/// showing its blocks with pomobar's.
///
/// A status line goes out whenever the command writes a complete one and whenever
/// pomobar's own block changes; nothing else wakes the loop, so a quiet command and an
/// idle timer cost nothing. The command's blocks pass through as it wrote them.
extension BarLoop {
  /// Starts (or restarts) the wrapped command; while it cannot run, a marker takes the
  /// place of its blocks.
  func startWrapped(_ poller: Poller) {
    guard let wrap else { return }
    wrap.start(poller)
    if let problem = wrap.problem {
      warnings.warn("\(problem); trying again in \(seconds(wrap.restart.wait)) s", kind: "wrap start")
      showMarker(problem)
    } else {
      // Its blocks come back with the first line it writes.
      wrap.merger.setTheirs([])
    }
  }

  /// Reads what the command wrote and shows its newest status line; false when the bar
  /// is gone.
  func wrappedOutput(_ poller: Poller) -> Bool {
    guard let wrap else { return true }
    // nil: it closed its stdout; its exit (SIGCHLD) says what happened.
    guard let update = wrap.read(poller) else { return true }
    // Restarted while the bar is hidden: once it has spoken, it gets its stop signal too.
    if hidden { wrap.barHidden(true) }
    for problem in update.problems {
      warnings.warn(
        "'\(wrap.shortName)' wrote something unusable: \(problem.message)",
        kind: "wrap \(problem.kind.rawValue)")
    }
    guard let blocks = update.blocks else { return true }
    wrap.merger.setTheirs(blocks)
    // Before pomobar's first frame, or while the bar is hidden, nothing is written; the
    // next frame carries these blocks.
    guard !hidden, lastView != nil else { return true }
    return output.submit(wrap.merger.line())
  }

  /// Reaps ended children; when the wrapped command was one, shows why and plans its
  /// restart. The changed problem redraws pomobar's block on this wake-up's refresh.
  func wrappedChildrenEnded(_ poller: Poller) {
    guard let wrap, let how = wrap.reapChildren() else { return }
    wrap.died(how, poller)
    let problem = wrap.problem ?? how
    warnings.warn("\(problem); starting it again in \(seconds(wrap.restart.wait)) s", kind: "wrap exit")
    showMarker(problem)
  }

  /// Where a click in the merged line goes: pomobar's own action, or on to the command.
  func routeWrapped(_ click: ClickEvent, text: ArraySlice<UInt8>) -> Action? {
    guard let wrap else { return nil }
    switch WrapClicks.route(click, name: config.display.name, instance: config.display.instance) {
    case .timer:
      return config.clicks.action(forButton: click.button)
    case .work:
      return WorkClicks.action(forButton: click.button)
    case .marker:
      return nil
    case .child:
      switch wrap.send(click: text) {
      case .sent, .notWanted:
        break
      case .dropped(let why):
        warnings.warn("a click for '\(wrap.shortName)' was dropped: \(why)", kind: "wrap click")
      }
      return nil
    }
  }

  private func showMarker(_ problem: String) {
    guard let wrap else { return }
    let marker = StatusMerger.marker(
      name: config.display.name, instance: config.display.instance, text: "⚠ \(problem)",
      shortText: "⚠ \(wrap.shortName)")
    wrap.merger.setTheirs([marker])
  }

  private func seconds(_ nanoseconds: Int64) -> Int64 { (nanoseconds + 999_999_999) / 1_000_000_000 }
}

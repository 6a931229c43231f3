extension Ledger {
  /// The instant `moment` names, as of `now`; `since` is when what the action ends began
  /// (the running work interval, the phase), nil when it ends nothing.
  ///
  /// A time of day without a day is the latest such time not in the future: today's once
  /// it has passed, else yesterday's, but yesterday's only for an action that ends
  /// something running since before it. So `ctl work stop --at 18:00` the morning after a
  /// forgotten clock stops it at yesterday's 18:00, and `ctl work start --at 18:00` at
  /// 17:00 is refused as in the future rather than taken as yesterday's (`--at 'yesterday
  /// 18:00'` says that). The moment may be neither in the future nor before `since`, nor
  /// outside the times the history holds.
  public func instant(of moment: Moment, since: Instant?) -> Result<Instant, BackdateRefusal> {
    let present = now.instant
    var found: Instant
    switch moment {
    case .ago(let span):
      found = present - span
    case .clock(let second, let day):
      let today = CivilTime.split(wallTime(present).local).date.dayNumber
      // The middle of the second it names (or now, in that second): the wall clock, read
      // again by a later copy, is off the timeline by parts of a second, and must still
      // write that second.
      func on(_ days: Int64) -> Instant {
        let start = instant(ofLocal: (today - days) * 86_400 + second)
        return start <= present ? min(start + .milliseconds(500), present) : start
      }
      found = on(day == .yesterday ? 1 : 0)
      if found > present, day == nil, let since, on(1) >= since { found = on(1) }
    }
    if found > present { return .failure(.future(found, now: present)) }
    if !HistoryTime.holds(wallTime(found)) { return .failure(.outsideHistory(wallTime(found))) }
    if let since, found < since { return .failure(.beforeStart(found, start: since)) }
    return .success(found)
  }

  /// The instant at which the local clock read `local` (seconds since the epoch, counted
  /// as if the local clock were UTC), as `WallTime(local:zone:)` reads it.
  func instant(ofLocal local: Int64) -> Instant {
    let utc = WallTime(local: local, zone: zone).utc
    return Instant(nanoseconds: now.boottime &+ (utc &* 1_000_000_000 &- now.wall))
  }
}

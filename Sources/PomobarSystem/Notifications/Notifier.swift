import PomobarCore

/// `pomobar __notify JOB`: shows one notification, waits for a button, and says which.
///
/// Started by the effect runner without waiting for it (in a session of its own), so a
/// notification that waits for a button never holds up the hooks after it or their
/// timeout. There is one at a time: each notifier records itself (pid, start time and the
/// notification's subject) in `notification` in the state folder and holds
/// `notification.lock` for as long as it waits. A new one first stops the previous one and
/// waits for its lock; the effect runner of any transition that leaves the timer somewhere
/// else (the user acted from the bar) stops it too (`closeIfStale`).
///
/// Stopping is SIGTERM to the notifier, which passes SIGINT to notify-send: libnotify's
/// notify-send (0.8) closes its notification on SIGINT when it waits (`--wait`, implied by
/// `--action`), then exits. A notify-send that does not exit in two seconds is killed with
/// its process group. The notification also carries the `x-canonical-private-synchronous`
/// hint, so daemons that know it (dunst, swaync, notify-osd) replace the previous one in
/// place even before it is closed. notify-send's `--print-id` is no help here: the id is
/// printed to a pipe, buffered, and only arrives when notify-send exits.
///
/// When notify-send fails (no notification service on the session bus, or no notify-send),
/// one line says so in `hooks.log`, and no more until a notification has been shown again
/// (the mark is `notification.failed`).
///
/// A notifier that finds no session bus (`SessionBus`: a copy started by cron or a
/// systemd unit without the session's variables, where no per-user bus exists) runs no
/// notify-send, which would start a bus and a notification daemon of its own: it leaves
/// its job in the state folder as `notification.owed`, and the first copy with a bus to
/// see it (a bar or `watch`, when it starts or the file appears: `takeOwed`) takes it by a
/// rename, which only one can win, and shows it if the timer is still where the
/// notification found it. One notification per transition still, shown in the session
/// the user sees.
public enum Notifier {
  public static let command = "__notify"

  /// Shows the job's notification and waits until it is closed, a button is pressed, it
  /// is stopped, or its lifetime ends; returns the button pressed.
  public static func show(_ job: NotificationJob) -> NotificationJob.Button? {
    show(job, clock: SystemClock())
  }

  /// `show`, waiting and logging by `clock`.
  static func show(_ job: NotificationJob, clock: any ClockSource) -> NotificationJob.Button? {
    guard SessionBus.adopt() != nil else {
      leave(job, clock: clock)
      return nil
    }
    SignalSet.ignoreBrokenPipe()
    Spawner.waitForChildren()
    let signals = try? SignalSet([Signal.terminate, Signal.interrupt, Signal.hangup]).blockAndOpen()
    let record = StateFolder(job.folder).notification
    stopPrevious(record)
    var arguments = job.arguments
    if job.icon == nil {
      // Among pomobar's options, after the words of `[notifications] command`.
      let at = arguments.firstIndex(of: "--app-name=pomobar") ?? 1
      arguments.insert("--icon=" + defaultIcon(Environment.current()), at: at)
    }
    let deadline = clock.read().monotonic + job.lifetime.nanoseconds
    let run = { () -> ChildProcess.Captured in
      let me = Processes.current
      let line = "\(me) \(startTime(of: me) ?? "0") \(job.subject)\n"
      try? FileSystem.writeAtomically(record, Array(line.utf8))
      defer { forget(record, ifOwnedBy: me) }
      return ChildProcess.capture(
        arguments, deadline: deadline, clock: clock, interrupt: signals, stopSignal: Signal.interrupt)
    }
    let result: ChildProcess.Captured
    do {
      result = try FileLock.withExclusive(StateFolder(job.folder).notificationLock, timeout: .seconds(3), run)
    } catch {
      result = run()  // the previous one did not go: show this one anyway, the hint replaces it
    }
    let log = HookLog(job.log, clock: clock)
    defer { log.close() }
    let pressed = job.buttons.first { button in result.lines.contains(button.name) }
    report(result, pressed: pressed, command: arguments[0], folder: job.folder, log)
    return pressed
  }

  /// The icon when `[notifications] icon` is not set: pomobar's tomato where it is
  /// installed (`icons/hicolor/scalable/apps/pomobar.svg` under `$XDG_DATA_HOME` or one
  /// of `$XDG_DATA_DIRS`), else the theme icon `appointment-soon`.
  public static func defaultIcon(_ environment: Environment) -> String {
    let home =
      environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? environment["HOME"].map { $0 + "/.local/share" }
    let dirs =
      (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    for dir in (home.map { [$0] } ?? []) + dirs where dir.hasPrefix("/") {
      let path = dir + "/icons/hicolor/scalable/apps/pomobar.svg"
      if FileSystem.isReadable(path) { return path }
    }
    return "appointment-soon"
  }

  /// Stops the notifier recorded in the state folder if the timer is no longer where its
  /// notification found it; does not wait. Called by the effect runner of every
  /// transition, before its commands.
  public static func closeIfStale(folder: String, state: TimerState?) {
    guard let current = recorded(StateFolder(folder).notification) else { return }
    if let state, NotificationSubject.holds(current.subject, in: state) { return }
    Processes.send(Signal.terminate, to: current.pid)
  }

  // MARK: - Without a session bus

  /// Leaves `job` for a copy that has a session bus (the newest one left replaces an
  /// older one: one notification at a time).
  static func leave(_ job: NotificationJob, clock: any ClockSource) {
    let log = HookLog(job.log, clock: clock)
    defer { log.close() }
    do {
      try FileSystem.writeAtomically(StateFolder(job.folder).notificationOwed, Array(job.json().utf8))
      log.line(
        "notification: no session bus here (DBUS_SESSION_BUS_ADDRESS unset, no $XDG_RUNTIME_DIR/bus): "
          + "left for a pomobar that has one")
    } catch {
      log.line("notification: no session bus here, and it cannot be left for another pomobar: \(error)")
    }
  }

  /// Shows the notification a copy without a session bus left in `folder`, if this copy
  /// has a bus and `state` (the timer as the state file has it) is still where that
  /// notification found it; does not wait. Called by a bar or `watch` when it starts and
  /// when the file appears.
  public static func takeOwed(folder: String, state: TimerState?) {
    let owed = StateFolder(folder).notificationOwed
    guard FileSystem.isPresent(owed), SessionBus.adopt() != nil else { return }
    // Only one copy's rename finds the file: that copy shows it.
    let taken = owed + ".\(Processes.current)"
    do { try FileSystem.rename(owed, taken) } catch { return }
    defer { FileSystem.remove(taken) }
    guard let bytes = (try? FileSystem.readRegularFile(taken, limit: 1 << 20, followSymlinks: false)) ?? nil,
      let job = NotificationJob(json: String(decoding: bytes, as: UTF8.self))
    else { return }
    let log = HookLog(job.log, clock: SystemClock())
    defer { log.close() }
    if let state, !NotificationSubject.holds(job.subject, in: state) {
      log.line("notification: left by a pomobar without a session bus; the timer has moved on: not shown")
      return
    }
    do {
      let pid = try Spawner.spawn(
        ["pomobar", command, job.json()], executable: "/proc/self/exe", detach: .newSession)
      log.line("notification: taken over from a pomobar without a session bus: started [\(pid)]")
    } catch {
      log.line("notification: taken over from a pomobar without a session bus: not started: \(error)")
    }
  }

  /// Whether a notification may be open (a notifier has recorded itself): a cheap check
  /// for a transaction, under its lock, to decide whether its runner must look.
  public static func mayBeOpen(folder: String) -> Bool {
    FileSystem.isPresent(StateFolder(folder).notification)
  }

  // MARK: - The record

  struct Record {
    var pid: Int32
    var subject: String
  }

  /// The live notifier recorded at `path`; nil if none, or if its pid now names another
  /// process (its start time differs).
  static func recorded(_ path: String) -> Record? {
    guard let bytes = try? FileSystem.readRegularFile(path, limit: 4096, followSymlinks: false) else {
      return nil
    }
    let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard words.count == 3, let pid = Int32(words[0]), pid > 1, startTime(of: pid) == String(words[1]) else {
      return nil
    }
    return Record(pid: pid, subject: String(words[2]))
  }

  private static func stopPrevious(_ path: String) {
    if let previous = recorded(path), previous.pid != Processes.current {
      Processes.send(Signal.terminate, to: previous.pid)
    }
  }

  private static func forget(_ path: String, ifOwnedBy pid: Int32) {
    guard let bytes = try? FileSystem.readRegularFile(path, limit: 4096, followSymlinks: false),
      String(decoding: bytes, as: UTF8.self).split(separator: " ").first == "\(pid)"[...]
    else { return }
    FileSystem.remove(path)
  }

  /// Field 22 of `/proc/PID/stat`: when the process started, in clock ticks after boot;
  /// with the pid, it names one process for the life of the boot.
  static func startTime(of pid: Int32) -> String? {
    guard let bytes = try? FileSystem.readRegularFile("/proc/\(pid)/stat", limit: 4096, followSymlinks: true),
      let close = bytes.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count > 19 else { return nil }
    return String(decoding: fields[19], as: UTF8.self)
  }

  // MARK: - The log

  /// One line in the log at `path`.
  public static func log(_ path: String, _ line: String, clock: any ClockSource = SystemClock()) {
    let log = HookLog(path, clock: clock)
    log.line(line)
    log.close()
  }

  private static func report(
    _ result: ChildProcess.Captured, pressed: NotificationJob.Button?, command: String, folder: String,
    _ log: HookLog
  ) {
    let mark = StateFolder(folder).notificationFailed
    if let pressed {
      log.line("notification: \(pressed.name) pressed")
    }
    let failure: String?
    if let error = result.error {
      failure = error
    } else if result.stopped == nil, let status = result.status, status != 0, pressed == nil {
      let said = result.lines.filter { !$0.hasPrefix("Wait ") }.prefix(2).joined(separator: "; ")
      failure = "\(command) exit \(status)" + (said.isEmpty ? "" : ": \(said)")
    } else {
      failure = nil
    }
    guard let failure else {
      FileSystem.remove(mark)  // shown: the next failure is said again
      return
    }
    guard !FileSystem.isPresent(mark) else { return }  // said once already
    try? FileSystem.writeAtomically(mark, Array((failure + "\n").utf8))
    log.line(
      "notification: not shown: \(failure) (is a notification service running? said once, until one is shown)"
    )
  }
}

import Testing

@testable import PomobarCore

@Suite("Task sources")
struct TaskSourceTests {
  static let export = """
    [{"id":1,"description":"tidy the desk","status":"pending","urgency":1.8,"uuid":"u-1"},
    {"id":2,"description":"write the report","project":"acme","status":"pending","urgency":9.2,"uuid":"u-2"},
    {"id":3,"description":"old thing","status":"completed","urgency":20,"uuid":"u-3"},
    {"id":4,"description":"call Bob","project":"acme.sales","status":"pending","urgency":9.2,"uuid":"u-4"}]
    """

  @Test func taskwarriorListsPendingMostUrgentFirst() throws {
    let tasks = try TaskListing.read(Array(Self.export.utf8), source: .taskwarrior).get()
    #expect(tasks.map(\.title) == ["write the report", "call Bob", "tidy the desk"])
    #expect(tasks.map(\.id) == ["u-2", "u-4", "u-1"])
    #expect(tasks.map(\.project) == ["acme", "acme.sales", nil])
    #expect(tasks[0].line == "2  write the report  +acme")
  }

  @Test func taskwarriorExportThatIsNotAListIsRefused() {
    #expect(throws: TaskListing.Failure.self) {
      try TaskListing.read(Array("Unable to lock".utf8), source: .taskwarrior).get()
    }
    #expect(throws: TaskListing.Failure.notExport("not an array")) {
      try TaskListing.read(Array("{}".utf8), source: .taskwarrior).get()
    }
  }

  @Test func todoTxtPrioritiesFirstDoneLeftOut() throws {
    let file = """
      call mum @phone
      x 2026-11-20 2026-11-01 (A) filed taxes +home
      (B) 2026-11-01 review PR 12 +acme @work due:2026-12-01
      (A) write the report +acme +writing @desk pomo:2 spent:50m

      see https://example.org +web
      """
    let tasks = try TaskListing.read(Array(file.utf8), source: .todoTxt).get()
    #expect(
      tasks.map(\.title) == ["write the report", "review PR 12", "call mum", "see https://example.org"])
    #expect(tasks.map(\.project) == ["acme", "acme", nil, "web"])
    #expect(tasks[0].detail == "(A) @desk")
    #expect(tasks[0].id == "(A) write the report +acme +writing @desk")
    #expect(tasks[2].line == "@phone  call mum")
  }

  @Test func todoTxtWriteBackAddsToTheLineFoundByItsIdentity() {
    let file = "(A) write the report +acme pomo:2 spent:50m\ncall mum\n"
    let id = TodoTxt.identity("(A) write the report +acme")
    let once = TodoTxt.writingBack(file, id: id, minutes: 25, completed: true)
    #expect(once == "(A) write the report +acme pomo:3 spent:75m\ncall mum\n")
    let twice = once.flatMap { TodoTxt.writingBack($0, id: id, minutes: 7, completed: false) }
    #expect(twice == "(A) write the report +acme pomo:3 spent:82m\ncall mum\n")
    // Marked done meanwhile: still the task.
    let done = TodoTxt.writingBack(
      "x 2026-11-27 (A) write the report +acme\n", id: id, minutes: 5, completed: false)
    #expect(done == "x 2026-11-27 (A) write the report +acme spent:5m\n")
    #expect(TodoTxt.writingBack("something else\n", id: id, minutes: 5, completed: true) == nil)
  }

  @Test func aCommandsLinesAreTasksInTheirOrder() throws {
    let tasks = try TaskListing.read(Array("b second +web\n\n  a first  \n".utf8), source: .command).get()
    #expect(tasks.map(\.title) == ["b second", "a first"])
    #expect(tasks.map(\.id) == ["b second +web", "a first"])
    #expect(tasks[0].project == "web")
  }

  @Test func hostileOutputIsRefusedWithThePlace() {
    #expect(throws: TaskListing.Failure.nul(offset: 3)) {
      try TaskListing.read([0x61, 0x62, 0x0A, 0x00, 0x63], source: .command).get()
    }
    #expect(throws: TaskListing.Failure.notUTF8(offset: 2)) {
      try TaskListing.read([0x61, 0x0A, 0xC3, 0x28], source: .command).get()
    }
    #expect(throws: TaskListing.Failure.tooLarge(limit: TaskListing.outputLimit)) {
      try TaskListing.read(Array("a\n".utf8), truncated: true, source: .command).get()
    }
    let many = Array(String(repeating: "task\n", count: TaskListing.maxTasks + 5).utf8)
    #expect((try? TaskListing.read(many, source: .command).get().count) == TaskListing.maxTasks)
  }

  @Test func thePickersAnswerIsAListedTaskOrNewWordsOrNothing() {
    let tasks = try! TaskListing.read(Array(Self.export.utf8), source: .taskwarrior).get()
    #expect(TaskListing.choice("4  call Bob  +acme.sales\n", in: tasks)?.id == "u-4")
    #expect(
      TaskListing.choice("plan the week +home\n", in: tasks)
        == TaskCandidate(title: "plan the week", project: "home"))
    #expect(TaskListing.choice("", in: tasks) == nil)
    #expect(TaskListing.choice("  \n", in: tasks) == nil)
  }

  @Test func pickerLinesAreOneLineAndBounded() {
    let task = TaskCandidate(title: "a\tb\u{7}" + String(repeating: "é", count: 500))
    #expect(!task.line.unicodeScalars.contains { $0.value < 0x20 })
    #expect(task.line.utf8.count <= TaskListing.lineBytes)
  }

  @Test func pickersFoundInTheSessionsOrder() {
    #expect(
      TaskPicker.candidates(wayland: true).map { $0[0] } == ["fuzzel", "wofi", "bemenu", "rofi", "dmenu"])
    #expect(TaskPicker.candidates(wayland: false).map { $0[0] } == ["rofi", "dmenu", "bemenu"])
  }

  @Test func writeBackPlans() {
    var settings = TaskSettings()
    #expect(
      TaskWriteBack.plan(
        settings, source: "taskwarrior", id: "u-2", step: .end, outcome: "completed", spent: .seconds(1510))
        == TaskWriteBack(
          source: "taskwarrior", step: .end, id: "u-2", minutes: 25, outcome: "completed", file: "~/todo.txt")
    )
    #expect(TaskWriteBack.plan(settings, source: "todo.txt", id: "x", step: .start) == nil)
    #expect(TaskWriteBack.plan(settings, source: nil, id: nil, step: .start) == nil)
    #expect(TaskWriteBack.plan(settings, source: "command", id: "x", step: .start) == nil)
    settings.writeBack = false
    #expect(TaskWriteBack.plan(settings, source: "taskwarrior", id: "u-2", step: .start) == nil)
    let job = TaskWriteBack(
      source: "todo.txt", step: .end, id: "a b", minutes: 3, outcome: "stopped", file: "f")
    #expect(TaskWriteBack(arguments: job.arguments) == job)
    #expect(job.annotation == "pomobar: focus stopped, 3 min")
    #expect(TaskWriteBack(source: "t", step: .end, id: "u", minutes: 0).annotation == nil)
  }

  @Test func taskwarriorsHookStartsAndStopsOnlyItsTask() {
    let old = #"{"uuid":"u-2","description":"write the report","project":"acme","status":"pending"}"#
    let started =
      #"{"uuid":"u-2","description":"write the report","project":"acme","status":"pending","start":"20261127T150000Z"}"#
    let done =
      #"{"uuid":"u-2","description":"write the report","status":"completed","start":"20261127T150000Z"}"#
    let task = TaskRef(title: "write the report", id: "u-2", source: "taskwarrior", project: "acme")
    #expect(TaskwarriorHook.change(old: old, new: started) == .started(task))
    #expect(TaskwarriorHook.change(old: started, new: old) == .stopped(uuid: "u-2"))
    #expect(TaskwarriorHook.change(old: started, new: done) == .stopped(uuid: "u-2"))
    #expect(TaskwarriorHook.change(old: old, new: old) == .none)
    #expect(TaskwarriorHook.change(old: "not json", new: started) == .none)
    #expect(
      TaskwarriorHook.events(.started(task), state: TimerState()) == [.action(.task(task)), .action(.start)])
    var focus = TimerState(phase: .running(.focus, deadline: Instant(nanoseconds: 0), total: .seconds(1500)))
    #expect(TaskwarriorHook.events(.stopped(uuid: "u-2"), state: focus) == [])  // not on that task
    focus.ledger.task = task
    #expect(TaskwarriorHook.events(.stopped(uuid: "u-2"), state: focus) == [.action(.stop)])
    #expect(TaskwarriorHook.events(.stopped(uuid: "u-9"), state: focus) == [])
  }

  @Test func configReadsTheTasksTable() {
    let load = ConfigLoader.load(
      Array(
        """
        [tasks]
        source = "todo.txt"
        file = "~/notes/todo.txt"
        picker = "rofi -dmenu -p 'a task'"
        write-back = false
        [clicks]
        middle = "pick-task"
        """.utf8), file: "config.toml")
    #expect(load.errors.isEmpty)
    let config = load.config
    #expect(config.tasks.source == .todoTxt)
    #expect(config.tasks.file == "~/notes/todo.txt")
    #expect(config.tasks.picker == ["rofi", "-dmenu", "-p", "a task"])
    #expect(config.tasks.writeBack == false)
    #expect(config.clicks.middle == .pickTask)
    #expect(Config().clicks.middle == .stop)
    #expect(Config().tasks.source == .none)
  }
}

/// Mangled sources must only ever give tasks or a failure, never a trap or a hang.
@Suite("Task source fuzzing")
struct TaskSourceFuzzTests {
  @Test(arguments: [TaskSettings.Source.taskwarrior, .todoTxt, .command])
  func mangledSourcesGiveTasksOrAFailure(source: TaskSettings.Source) {
    let valid = Array(
      (source == .taskwarrior
        ? TaskSourceTests.export : "(A) 2026-11-01 write +acme @desk pomo:1 spent:5m\nx done\n(B) b +c\n")
        .utf8)
    var random = SeededRandom(seed: 0x5441_534B &+ UInt64(source.rawValue.utf8.count))
    for round in 0..<1500 {
      var bytes = valid
      switch round % 3 {
      case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
      case 1:
        for _ in 0..<Int.random(in: 1...6, using: &random) where !bytes.isEmpty {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        }
      default:
        let from = Int.random(in: 0..<bytes.count, using: &random)
        bytes.insert(
          contentsOf: ["(", "+", "@", ":", "x ", "\n", "\"", "{", "é"].randomElement(using: &random)!.utf8,
          at: from)
      }
      if case .success(let tasks) = TaskListing.read(bytes, source: source) {
        for task in tasks {
          #expect(!task.line.isEmpty)
          #expect(task.line.utf8.count <= TaskListing.lineBytes)
          if let id = task.id, source == .todoTxt {
            let file = String(decoding: bytes, as: UTF8.self)
            #expect(TodoTxt.writingBack(file, id: id, minutes: 1, completed: true) != nil)
          }
        }
      }
    }
  }
}

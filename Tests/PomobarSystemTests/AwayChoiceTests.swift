import Foundation
import Testing

/// The say over away time, with the built binary: `ctl away`/`back`, the question in the
/// status and the notification, `ctl away-was`, its button, the default at its deadline,
/// and `log` and `history undo` over what the answer added.
@Suite("Away time: the choice on return", .serialized)
struct AwayChoiceTests {
  /// The clock on `api`, away 23 minutes (moved on pomobar's clocks, not waited for).
  func awayAndBack(_ sandbox: Sandbox) async throws {
    try await sandbox.ctl("project", "api")
    try await sandbox.ctl("away")
    try sandbox.setClock("awake 1380")
    try await sandbox.ctl("back")
  }

  /// What the effect runners logged and the state holds, for a failure's message.
  func evidence(_ sandbox: Sandbox) -> String {
    "hooks.log:\n" + (sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? "none") + "\nstate:\n"
      + (sandbox.read(sandbox.statePath) ?? "none")
  }

  func notificationLines(_ sandbox: Sandbox) -> [String] {
    sandbox.notifications().filter { $0.hasPrefix("Away ") }
  }

  @Test("Back from 23 minutes away asks what it was; ctl away-was work adds it to the history")
  func workAnswerIsInTheLog() async throws {
    try await withSandbox(config: "") { sandbox in
      try await awayAndBack(sandbox)
      let status = try await sandbox.status()
      let away = try #require(status["away"] as? [String: Any], "\(status)")
      // 23 minutes on pomobar's clocks, and the real time the commands took.
      #expect((1380..<1440).contains(away["seconds"] as? Int ?? 0), "\(away)")
      #expect(away["project"] as? String == "api")
      #expect(away["unanswered"] as? String == "discard")
      #expect((status["text"] as? String)?.contains("away 23 min?") == true, "\(status)")
      try await eventually("the question's notification\n\(evidence(sandbox))", timeout: 5) {
        notificationLines(sandbox).isEmpty ? nil : true
      }
      try await sandbox.waitForEffects()
      #expect(notificationLines(sandbox) == ["Away 23 min|What was it? The clock was on api."])
      let words = try #require(sandbox.read(sandbox.notificationLog + ".args"))
      #expect(
        words.contains(
          "--action=away-work=Keep as work --action=away-discard=Discard --action=away-break=Was a break -- Away 23 min"
        ), "\(words)")

      let answered = try await sandbox.ctl("away-was", "work")
      #expect(answered.stdout.hasPrefix("away "), "\(answered)")
      #expect(answered.stdout.hasSuffix("(23 min, api): kept as work"), "\(answered)")
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.contains("  0:23:") && log.contains("  api  · away: kept as work"), "\(log)")
      #expect(try await sandbox.status()["away"] is NSNull)

      let again = try await sandbox.run(["ctl", "away-was", "work"])
      #expect(again.status == 0)
      #expect(again.stderr.contains("no away time to answer for"), "\(again)")
      let undo = try await sandbox.run(["history", "undo"])
      #expect(undo.stdout.contains("away: kept as work"), "\(undo)")
      #expect(!(try await sandbox.run(["log", "today"]).stdout.contains("kept as work")))
    }
  }

  /// Back at the desk without the idle watch: `ctl away --ago` says when you left, and the
  /// work interval ends there, as the watch would have dated it.
  @Test("ctl away --ago 20m dates the time away back: the interval ends then, and back asks")
  func awayCanBeDatedBack() async throws {
    try await withSandbox(config: "") { sandbox in
      try await sandbox.ctl("project", "api", "--ago", "30m")
      let away = try await sandbox.ctl("away", "--ago", "20m")
      #expect(away.status == 0, "\(away)")
      try await sandbox.ctl("back")
      let question = try #require(try await sandbox.status()["away"] as? [String: Any])
      #expect((1200..<1260).contains(question["seconds"] as? Int ?? 0), "\(question)")
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.contains("  0:10:") && log.contains("api"), "\(log)")
      #expect(away.stdout.contains("(api, ") && away.stdout.hasSuffix(", 0:10)"), "\(away)")
      // A moment that does not read is a usage error, as for the other timed actions.
      #expect(try await sandbox.run(["ctl", "away", "--at", "25:00"]).status == 64)
    }
  }

  @Test("Discard leaves the gap, break records one; a short absence is not asked about")
  func discardAndBreak() async throws {
    try await withSandbox(config: "") { sandbox in
      try await awayAndBack(sandbox)
      let discarded = try await sandbox.ctl("away-was", "discard")
      #expect(discarded.stdout.hasSuffix("(23 min, api): discarded"), "\(discarded)")
      #expect(!(try await sandbox.run(["log", "today"]).stdout.contains("away:")))

      try await sandbox.ctl("away")
      try sandbox.setClock("awake 1380\nawake 1200")
      try await sandbox.ctl("back")
      try await sandbox.ctl("away-was", "break")
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.contains("short-break   0:20:"), "\(log)")
      #expect(log.contains("  api  completed  · away: recorded as a break"), "\(log)")

      try await sandbox.ctl("away")
      try sandbox.setClock("awake 1380\nawake 1200\nawake 60")
      try await sandbox.ctl("back")
      #expect(try await sandbox.status()["away"] is NSNull, "a minute is under ask-after")
    }
  }

  @Test("away-was work NAME +TAG puts the time on another project; a project after discard is refused")
  func workForAnotherProject() async throws {
    try await withSandbox(config: "") { sandbox in
      try await awayAndBack(sandbox)
      let wrong = try await sandbox.run(["ctl", "away-was", "discard", "web"])
      #expect(wrong.status == 64, "\(wrong)")
      #expect(wrong.stderr.contains("takes no project; work does: pomobar ctl away-was work web"), "\(wrong)")
      let typo = try await sandbox.run(["ctl", "away-was", "wrok"])
      #expect(typo.status == 64)
      #expect(typo.stderr.contains("not 'wrok' (did you mean 'work'?)"), "\(typo)")
      let answered = try await sandbox.ctl("away-was", "work", "web", "+call")
      #expect(answered.stdout.hasSuffix("(23 min, api): kept as work for web +call"), "\(answered)")
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.contains("  web +call  · away: kept as work"), "\(log)")
    }
  }

  @Test("The notification's Keep as work button answers through ctl away-was")
  func buttonAnswers() async throws {
    try await withSandbox(config: "") { sandbox in
      try sandbox.write("away-work\n", to: sandbox.root + "/press")
      try await awayAndBack(sandbox)
      try await eventually("the pressed answer in the log", timeout: 5) {
        (sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? "").contains(
          "notification: away-work: did 'pomobar ctl away-was work'") ? true : nil
      }
      #expect(try await sandbox.status()["away"] is NSNull)
      #expect(try await sandbox.run(["log", "today"]).stdout.contains("away: kept as work"))
    }
  }

  @Test("Nobody answering, a running bar wakes at answer-within and [idle] unanswered answers")
  func theDefaultAnswersAtItsDeadline() async throws {
    let config = """
      [idle]
      unanswered = "work"
      answer-within = "1s"
      """
    try await withSandbox(config: config) { sandbox in
      let bar = try await sandbox.startBar(.waybar)
      try await awayAndBack(sandbox)
      try await bar.waitForNextFrame(timeout: 5, "the question") { $0.text.contains("away 23 min?") }
      try await bar.waitForNextFrame(timeout: 5, "the answer") { !$0.text.contains("away 23 min?") }
      // A bar shows a transition before it commits it: the record follows, in the state
      // (owed) and then the history.
      try await eventually("the default's record\n\(evidence(sandbox))", timeout: 5) {
        let folder = sandbox.root + "/data/pomobar/history"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let texts = [sandbox.statePath] + files.map { folder + "/" + $0 }
        return texts.contains { (sandbox.read($0) ?? "").contains("away, unanswered") } ? true : nil
      }
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.contains("away, unanswered: kept as work"), "\(log)\n\(evidence(sandbox))")
    }
  }
}

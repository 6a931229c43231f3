import Testing

@testable import PomobarCore

/// The frames worked out ahead are spliced from a template (`FrameSplicer`): each must be,
/// byte for byte, the frame rendered whole at that tick, for every bar protocol.
@Suite struct FrameSplicerTests {
  /// 2026-11-27 13:59:37 UTC, a minute from a wall-clock minute's turn; the timer's
  /// timeline (boottime) runs a day behind it.
  static let wall0: Int64 = 1_795_787_977
  static let boot0: Int64 = 86_400

  static func at(_ seconds: Double) -> ClockReading {
    let nanoseconds = Int64((seconds * 1e9).rounded())
    return ClockReading(
      wall: (wall0 * 1_000_000_000) &+ nanoseconds, boottime: (boot0 * 1_000_000_000) &+ nanoseconds,
      monotonic: (boot0 * 1_000_000_000) &+ nanoseconds, bootID: "boot")
  }

  /// An instant `seconds` after the first reading, on the timer's timeline.
  static func instant(_ seconds: Double) -> Instant { at(seconds).instant }

  static func zone(_ utc: Int64) -> Int32 { 3600 }

  static let encoders: [(String, any BarEncoder)] = [
    ("i3bar", I3barEncoder()), ("waybar", WaybarEncoder()),
    ("polybar", PolybarEncoder(command: "/usr/bin/pomobar", ctlOptions: ["--config", "/a b/c:d.toml"])),
    ("tmux", TmuxEncoder()), ("plain", PlainEncoder()), ("i3blocks", I3blocksEncoder()),
  ]

  static let configs: [(String, String)] = [
    ("default", ""),
    ("plain", plainFormat),
    (
      "every face placeholder",
      """
      [format]
      full = "{ring} {phase} {time} {percent}% {minutes} ends {ends} {dots} {position}/{cycle} {completed}"
      short = "{time}{ring}"
      tooltip = "{phase}: {time} left ({percent}%), {minutes}, ends {ends}"
      """
    ),
    ("bar", "[format]\nfull = \"{ring} {bar} {time}\"\nshort = \"{bar}\"\n[display]\nbar-width = 7\n"),
    (
      "characters to escape",
      """
      [format]
      full = "<&> \\"q\\" #x %{{F}} {time} 100% {ring}"
      [display]
      name = "po\\"mo"
      instance = "a&b"
      """
    ),
    ("a mark in the text", "[format]\nfull = \"\u{10FFFD} {time} \u{10FFFC}\"\n"),
    ("pie", "[display]\nring = \"pie\"\n"),
    ("nerd", "[display]\nring = \"nerd\"\n"),
    ("block ring", "[display]\nring = \"bar\"\n"),
    ("urgent for 20 s", "[display]\nurgent-for = \"20s\"\n"),
    ("minutes", "[display]\nupdate = \"minute\"\n"),
    ("flowtime", "[timer]\nmode = \"flowtime\"\n"),
  ]

  static let states: [(String, TimerState)] = [
    ("focus", TimerState(phase: .running(.focus, deadline: instant(1493.2), total: .seconds(1500)), slot: 2)),
    (
      "focus ending mid-minute",
      TimerState(phase: .running(.focus, deadline: instant(31), total: .seconds(1500)), slot: 4, completed: 3)
    ),
    (
      "an hour-long break",
      TimerState(phase: .running(.longBreak, deadline: instant(3630), total: .seconds(3900)), slot: 4)
    ),
    (
      "break, urgent since its focus ended",
      TimerState(
        phase: .running(.shortBreak, deadline: instant(290), total: .seconds(300)),
        urgency: .init(since: instant(-10)), completed: 1)
    ),
    (
      "urgent since a file of old",
      TimerState(phase: .running(.shortBreak, deadline: instant(90), total: .seconds(300)), urgency: .init())
    ),
    (
      "after a suspend, with a task",
      TimerState(
        phase: .running(.focus, deadline: instant(600), total: .seconds(1500)),
        note: TimerNote(.counted, by: .suspend, .seconds(2520)),
        ledger: withTask("write <it> & #1"))
    ),
    ("paused", TimerState(phase: .paused(.focus, remaining: .seconds(754), total: .seconds(1500)))),
    (
      "counting up",
      TimerState(
        phase: .running(.focus(countsUp: true), deadline: instant(86_400 - 1475), total: .seconds(86_400)),
        slot: 2)
    ),
  ]

  static func withTask(_ title: String) -> LedgerState {
    var ledger = LedgerState()
    ledger.task = TaskRef(title: title)
    return ledger
  }

  /// Every fixture, every second of a minute (and between ticks): the spliced frame is the
  /// one rendered whole, and frames are spliced wherever their ring and time can be.
  @Test(arguments: 0..<encoders.count)
  func everyFrameIsTheOneRenderedWhole(encoderIndex: Int) {
    let (format, encoder) = Self.encoders[encoderIndex]
    for (configName, toml) in Self.configs {
      let config = barConfig(toml)
      for (stateName, state) in Self.states {
        var primed = encoder
        _ = primed.frame(ViewModel(state: state, config: config, reading: Self.at(0), zone: Self.zone))
        guard
          let splicer = FrameSplicer(
            state: state, config: config, zone: Self.zone, problem: nil, figures: nil, encoder: primed)
        else {
          Issue.record("\(format), \(configName), \(stateName): no splicer")
          continue
        }
        var spliced = 0
        for tick in 1...60 {
          for offset in [0.0003, 0.5, 0.9999] {
            let now = Self.at(Double(tick) + offset)
            var whole = primed
            let expected = whole.frame(ViewModel(state: state, config: config, reading: now, zone: Self.zone))
            let frame = splicer.frame(splicer.moment(at: now), at: now)
            if frame != nil { spliced += 1 }
            #expect(
              frame ?? expected == expected,
              "\(format), \(configName), \(stateName), tick \(tick) + \(offset)")
          }
        }
        let splices = !["a mark in the text", "block ring"].contains(configName)
        #expect(splices == (spliced == 180), "\(format), \(configName), \(stateName): \(spliced) spliced")
      }
    }
  }

  /// Frames that show more of the view, or count columns, are encoded whole; so is a
  /// view that the clock reaches otherwise than through the timer's face.
  @Test func whatCannotBeSplicedIsRenderedWhole() {
    let focus = Self.states[0].1
    for encoder: any BarEncoder in [TTYEncoder(interactive: false), JSONStatusEncoder(), YambarEncoder()] {
      #expect(
        FrameSplicer(
          state: focus, config: Config(), zone: Self.zone, problem: nil, figures: nil, encoder: encoder)
          == nil)
    }
    var withProject = focus
    withProject.ledger.project = "api"
    // Held paused by the time away (only a paused phase can be).
    var awayPaused = focus
    awayPaused.phase = .paused(.focus, remaining: .seconds(600), total: .seconds(1500))
    awayPaused.ledger.away = Absence(since: Self.instant(0))
    awayPaused.ledger.phaseLog?.heldByAway = true
    let cases: [(TimerState, String)] = [
      (withProject, ""), (focus, "[format]\nfull = \"{time} {week}\"\n"), (awayPaused, ""),
    ]
    for (state, toml) in cases {
      #expect(
        FrameSplicer(
          state: state, config: barConfig(toml), zone: Self.zone, problem: nil, figures: nil,
          encoder: I3barEncoder()) == nil, "\(toml)")
    }
  }

  /// A running bar, tick by tick, against one that renders every tick (its wake-ups are
  /// not ticks, so no frames are worked out ahead): a minute's frames, the urgent flag
  /// clearing, a config reloaded and the timer paused by another copy mid-minute, and the
  /// phase's end.
  @Test(arguments: 0..<encoders.count)
  func aRunningBarWritesWhatItWouldHaveRendered(encoderIndex: Int) {
    let encoder = Self.encoders[encoderIndex].1
    let config = barConfig("[display]\nurgent-for = \"25s\"\n[timer]\nshort-break = \"3m\"\n")
    let reloaded = barConfig("[format]\nfull = \"{phase} {time} {percent}% {bar}\"\n")
    var document = focusDocument(deadline: 100, total: 180)
    document.timer = TimerState(
      phase: .running(.shortBreak, deadline: Instant(nanoseconds: ns(150)), total: .seconds(180)),
      urgency: .init(since: Instant(nanoseconds: ns(-5))), completed: 1)
    var ahead = BarDriver(config: config, encoder: encoder, document: document)
    var fresh = BarDriver(config: config, encoder: encoder, document: document)
    #expect(ahead.start(at: 0.25) == fresh.start(at: 0.25))
    var paused = document
    paused.timer.phase = .paused(.shortBreak, remaining: .seconds(56), total: .seconds(180))
    var resumed = document
    resumed.timer.phase = .running(.shortBreak, deadline: Instant(nanoseconds: ns(155)), total: .seconds(180))
    let events: [Int: BarEvent] = [
      70: .configLoaded(reloaded, problem: nil), 94: .stateRead(paused, fileExists: true),
      99: .stateRead(resumed, fileExists: true),
    ]
    for second in 1...160 {
      let at = Double(second) + 0.0003
      if let event = events[second] {
        #expect(ahead.handle(event, at: at - 0.5) == fresh.handle(event, at: at - 0.5), "event at \(second)")
      }
      let frames = BarDriver.frames(ahead.handle(.timer, at: at))
      ahead.session.workAhead()
      #expect(frames == BarDriver.frames(fresh.handle(.hookProblem(nil), at: at)), "tick \(second)")
    }
    #expect(ahead.transacted == [[]], "the break's end is written")
  }
}

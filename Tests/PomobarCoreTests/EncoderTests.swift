import Testing

@testable import PomobarCore

@Suite("Encoders")
struct EncoderTests {
  @Test func formatsParseFromTheirCommandLineNames() {
    #expect(
      OutputFormat.allCases.map(\.rawValue)
        == ["i3bar", "waybar", "polybar", "i3blocks", "plain", "tty", "tmux", "json", "yambar"])
    #expect(OutputFormat(rawValue: "waybar") == .waybar)
    #expect(OutputFormat(rawValue: "swaybar") == nil)
    for format in OutputFormat.allCases {
      #expect(!format.description.isEmpty && !format.description.contains("\n"))
      #expect("\(format)" == format.rawValue, "interpolation prints the name, not the help")
    }
  }

  @Test func makeEncoderGivesEachFormatItsEncoder() {
    #expect(makeEncoder(.i3bar) is I3barEncoder)
    #expect(makeEncoder(.waybar) is WaybarEncoder)
    #expect(makeEncoder(.polybar) is PolybarEncoder)
    #expect(makeEncoder(.i3blocks) is I3blocksEncoder)
    #expect(makeEncoder(.plain) is PlainEncoder)
    #expect(makeEncoder(.tty) is TTYEncoder)
    #expect(makeEncoder(.tmux) is TmuxEncoder)
    #expect(makeEncoder(.json) is JSONStatusEncoder)
    #expect(makeEncoder(.yambar) is YambarEncoder)
  }

  @Test func onlyI3barHasAHeader() {
    #expect(
      I3barEncoder().header()
        == "{\"version\":1,\"click_events\":true,\"stop_signal\":23,\"cont_signal\":18}\n[\n")
    for format in OutputFormat.allCases where format != .i3bar {
      #expect(makeEncoder(format).header() == "")
    }
  }

  @Test func i3barFramesAfterTheFirstStartWithAComma() throws {
    var encoder = I3barEncoder()
    let first = encoder.frame(EncoderFixtures.idle)
    let second = encoder.frame(EncoderFixtures.idle)
    let third = encoder.frame(EncoderFixtures.focusRunning)
    #expect(!first.hasPrefix(","))
    #expect(second == "," + first)
    #expect(third.hasPrefix(",["))
    for frame in [first, second, third] {
      #expect(frame.hasSuffix("]\n") && frame.filter { $0 == "\n" }.count == 1, "one line per frame")
    }
  }

  @Test func i3barBlockKeysComeInTheDocumentedOrder() {
    let block = I3barEncoder.block(EncoderFixtures.focusDoneUrgent)
    #expect(
      block.objectValue?.map(\.0)
        == ["name", "instance", "full_text", "short_text", "color", "urgent", "markup"])
    #expect(block["urgent"] == true)
    #expect(I3barEncoder.block(EncoderFixtures.idle)["urgent"] == false)
  }

  @Test func everyJSONFormatWritesOneParsableLine() throws {
    for format in [OutputFormat.i3bar, .waybar, .i3blocks, .json] {
      for (_, view) in EncoderFixtures.all {
        var encoder = makeEncoder(format)
        let frame = encoder.frame(view)
        #expect(frame.hasSuffix("\n") && frame.dropLast().contains("\n") == false)
        #expect(throws: Never.self) { try JSON.parse(frame) }
      }
    }
  }

  @Test func waybarEscapesMarkupInTextAndTooltipOnly() throws {
    var encoder = WaybarEncoder()
    let object = try JSON.parse(encoder.frame(EncoderFixtures.specialCharacters))
    #expect(object["text"] == "\u{F0AA1} Break \"tea\" &amp; &lt;cake&gt; #1 C:\\tmp 02:30 ●○○○")
    #expect(object["tooltip"]?.stringValue?.hasSuffix("\"wrok\" &amp; &lt;more&gt;") == true)
    #expect(object["alt"] == "short-break")
    #expect(WaybarEncoder.escapeMarkup("&amp;") == "&amp;amp;", "entities are escaped, not kept")
    #expect(WaybarEncoder.escapeMarkup("plain ⣿") == "plain ⣿")
  }

  /// Polybar has no escape for `%`: an empty offset tag after each `%` keeps `%{` from
  /// opening a tag, and the click commands never end early at a `:`.
  @Test func polybarTextCannotOpenATag() {
    var view = EncoderFixtures.idle
    view.fullText = "50% %{F#ff0000}x"
    var encoder = PolybarEncoder(command: "pomobar")
    let frame = encoder.frame(view)
    #expect(frame.contains("}50%%{O0} %%{O0}{F#ff0000}x%{A}"))
    #expect(PolybarEncoder.escapeAction("a:b\\:c") == "a\\:b\\\\:c")
    #expect(PolybarEncoder.ctlArguments(.none) == nil)
    #expect(PolybarEncoder.ctlArguments(.startBreak) == "break")
    #expect(PolybarEncoder.ctlArguments(.extend(.seconds(300))) == "extend 5m")
  }

  /// A bar started with `--config FILE` writes clicks that use that same file.
  @Test func polybarClicksCarryTheConfigTheBarWasStartedWith() {
    var encoder = PolybarEncoder(
      command: "/usr/bin/pomobar", ctlOptions: ["--config", "/home/me/my pomo:bar.toml"])
    let frame = encoder.frame(EncoderFixtures.idle)
    #expect(frame.contains("%{A1:'/usr/bin/pomobar' ctl '--config' '/home/me/my pomo\\:bar.toml' toggle:}"))
    #expect(frame.contains("%{A3:'/usr/bin/pomobar' ctl '--config' '/home/me/my pomo\\:bar.toml' skip:}"))
  }

  /// i3blocks 1.4 ends a string at `\"`: quotes become `'`; only the fields it keeps.
  @Test func i3blocksWritesTheFieldsItKeepsWithoutQuotes() throws {
    var encoder = I3blocksEncoder()
    let frame = encoder.frame(EncoderFixtures.specialCharacters)
    #expect(!frame.contains("\\\""))
    let object = try JSON.parse(frame)
    #expect(object.objectValue?.map(\.0) == ["full_text", "short_text", "color", "urgent"])
  }

  @Test func waybarClassesFollowTheViewModel() throws {
    var encoder = WaybarEncoder()
    let urgent = try JSON.parse(encoder.frame(EncoderFixtures.focusDoneUrgent))
    #expect(urgent["class"] == ["focus-done", "urgent"])
    let paused = try JSON.parse(encoder.frame(EncoderFixtures.paused))
    #expect(paused["class"] == ["focus", "paused"])
    #expect(paused["percentage"] == 40)
    var overdue = EncoderFixtures.paused
    overdue.overdue = true
    #expect(try JSON.parse(encoder.frame(overdue))["class"] == ["focus", "paused", "overdue"])
  }

  @Test func jsonStatusHasEveryDocumentedField() throws {
    var encoder = JSONStatusEncoder()
    let object = try JSON.parse(encoder.frame(EncoderFixtures.paused))
    #expect(
      object.objectValue?.map(\.0) == [
        "phase", "paused", "urgent", "remaining", "total", "percentage", "position", "cycle_length",
        "ends_at", "note", "text", "short_text", "tooltip", "color", "work", "project", "overdue", "away",
        "task",
      ])
    #expect(object["away"] == nil as JSONValue, "no time away waits")
    #expect(object["task"] == nil as JSONValue, "no task is set")
    #expect(object["ends_at"] == nil as JSONValue)
    #expect(object["note"] == "paused: suspended 42 min")
    #expect(object["tooltip"]?.stringValue == EncoderFixtures.paused.tooltip)
    let running = try JSON.parse(encoder.frame(EncoderFixtures.focusRunning))
    #expect(running["ends_at"] == "14:37")
    #expect(running["note"] == nil as JSONValue)
  }

  @Test func ttyRingsTheBellOnlyWhenUrgentTurnsOn() {
    var encoder = TTYEncoder(interactive: true)
    let bells = [
      EncoderFixtures.idle, EncoderFixtures.focusDoneUrgent, EncoderFixtures.focusDoneUrgent,
      EncoderFixtures.idle, EncoderFixtures.focusDoneUrgent,
    ].map { encoder.frame($0).contains("\u{07}") }
    #expect(bells == [false, true, false, false, true])
  }

  @Test func ttyRedrawsInPlaceInTheViewsColour() {
    var encoder = TTYEncoder(interactive: true)
    let frame = encoder.frame(EncoderFixtures.focusRunning)
    #expect(frame.hasPrefix("\r\u{1B}[2K\u{1B}[1m\u{1B}[38;2;229;77;46m⣿ Focus 24:13 ●●○○\u{1B}[0m"))
    #expect(frame.hasSuffix(TTYEncoder.keyHint(step: .seconds(60)) + "\u{1B}[0m"))
    #expect(!frame.contains("\n"))
  }

  /// `+` and `-` extend and shorten by `[timer] step`: the help says by how much.
  @Test(arguments: [(Int64(60), "±1 min"), (300, "±5 min"), (90, "±90 s"), (5400, "±1 h 30 min")])
  func ttyKeyHelpNamesTheConfiguredStep(seconds: Int64, says: String) {
    var view = EncoderFixtures.focusRunning
    view.step = .seconds(seconds)
    var encoder = TTYEncoder(interactive: true)
    let frame = encoder.frame(view)
    #expect(frame.contains("+/-: \(says) · q: quit)"), "\(frame)")
  }

  /// `status` and a `run` whose stdin is not a terminal read no keys: no help for them.
  @Test func ttyShowsTheKeyHelpOnlyWhenKeysAreRead() {
    var quiet = makeEncoder(.tty)
    #expect(
      quiet.frame(EncoderFixtures.idle)
        == "\r\u{1B}[2K\u{1B}[1m\u{1B}[38;2;139;141;152m⣿ Ready 25:00 ○○○○\u{1B}[0m")
    var live = makeEncoder(.tty, interactive: true)
    #expect(live.frame(EncoderFixtures.idle).contains("space: start/pause"))
  }

  @Test func ttyAndTmuxLeaveOutAMalformedColour() {
    var view = EncoderFixtures.focusRunning
    view.color = "red]#[bg=blue"
    var tty = TTYEncoder(interactive: true)
    #expect(!tty.frame(view).contains("38;2"))
    var tmux = TmuxEncoder()
    #expect(tmux.frame(view) == "⣿ Focus 24:13 ●●○○\n")
  }

  @Test func tmuxDoublesHashes() {
    #expect(TmuxEncoder.escape("#1 ##[x]") == "##1 ####[x]")
    var encoder = TmuxEncoder()
    #expect(encoder.frame(EncoderFixtures.focusRunning) == "#[fg=#e54d2e]⣿ Focus 24:13 ●●○○#[default]\n")
  }

  @Test func lineFormatsFlattenControlCharacters() {
    var view = EncoderFixtures.idle
    view.fullText = "a\nb\r\tc\u{1B}[31md\u{85}"
    var plain = PlainEncoder()
    #expect(plain.frame(view) == "a b  c [31md \n")
    var tmux = TmuxEncoder()
    #expect(tmux.frame(view) == "#[fg=#8b8d98]a b  c [31md #[default]\n")
    var tty = TTYEncoder(interactive: true)
    #expect(tty.frame(view).contains("a b  c [31md \u{1B}[0m"))
  }

  @Test func hexColorsParseOnlyTheRRGGBBForm() {
    #expect(HexColor("#E54D2E") == HexColor("#e54d2e"))
    #expect(HexColor("#e54d2e").map { [$0.red, $0.green, $0.blue] } == [229, 77, 46])
    #expect(HexColor("#000000")?.hex == "#000000")
    for bad in ["", "#", "e54d2e", "#e54d2", "#e54d2e0", "#g54d2e", "#e54d2é"] {
      #expect(HexColor(bad) == nil, "\(bad)")
    }
  }
}

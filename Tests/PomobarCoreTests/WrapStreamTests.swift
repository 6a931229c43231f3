import Testing

@testable import PomobarCore

@Suite("Wrapped status command: decoding its stream")
struct WrapStreamTests {
  /// What i3status 2.14 writes (captured): header, `[`, a first line, then `,[...]`.
  static let i3status =
    #"{"version":1}"# + "\n[\n"
    + #"[{"name":"disk_info","instance":"/","markup":"none","full_text":"12.3 GiB"},"#
    + #"{"name":"tztime","instance":"local","markup":"none","full_text":"2026-11-23 08:12:48"}]"# + "\n"
    + #",[{"name":"disk_info","instance":"/","markup":"none","full_text":"12.3 GiB"},"#
    + #"{"name":"tztime","instance":"local","markup":"none","full_text":"2026-11-23 08:12:49"}]"# + "\n"

  static func text(_ blocks: [[UInt8]]?) -> [String]? {
    blocks?.map { String(decoding: $0, as: UTF8.self) }
  }

  @Test("i3status's stream: the header, then each line's blocks byte for byte")
  func i3statusStream() {
    var decoder = ChildStreamDecoder()
    let update = decoder.feed(Array(Self.i3status.utf8))
    #expect(update.header == ChildHeader())
    #expect(update.problems.isEmpty)
    // Only the newest of the two lines counts.
    #expect(
      Self.text(update.blocks) == [
        #"{"name":"disk_info","instance":"/","markup":"none","full_text":"12.3 GiB"}"#,
        #"{"name":"tztime","instance":"local","markup":"none","full_text":"2026-11-23 08:12:49"}"#,
      ])
  }

  @Test("bytes split anywhere, even inside a UTF-8 sequence, decode the same")
  func splitAnywhere() {
    let stream = Array(
      (#"{"version":1,"click_events":true}"# + "\n[\n"
        + #"[{"full_text":"Zürich ☀ \"x\" \u00e9","x":1.5e3,"u":null,"b":true}]"#
        + "\n").utf8)
    for cut in 1..<stream.count {
      var decoder = ChildStreamDecoder()
      let first = decoder.feed(stream[..<cut])
      let second = decoder.feed(stream[cut...])
      #expect((first.header ?? second.header)?.clickEvents == true)
      #expect(
        Self.text(second.blocks ?? first.blocks) == [
          #"{"full_text":"Zürich ☀ \"x\" \u00e9","x":1.5e3,"u":null,"b":true}"#
        ])
    }
  }

  @Test("a header's clicks and signals, with the bar's defaults for what it leaves out")
  func header() {
    let full = ChildHeader(
      json: try! JSON.parse(#"{"version":1,"click_events":true,"stop_signal":10,"cont_signal":12}"#))
    #expect(full?.clickEvents == true)
    #expect(full?.stopSignal == 10)
    #expect(full?.contSignal == 12)
    let none = ChildHeader(json: try! JSON.parse(#"{"version":1,"stop_signal":0}"#))
    #expect(none?.stopSignal == 0)
    #expect(none?.contSignal == 18)
    #expect(none?.clickEvents == false)
    let odd = ChildHeader(json: try! JSON.parse(#"{"version":2,"stop_signal":99,"click_events":"yes"}"#))
    #expect(odd?.version == 2)
    #expect(odd?.stopSignal == 19)
    #expect(odd?.clickEvents == false)
    #expect(ChildHeader(json: try! JSON.parse(#"{"full_text":"x"}"#)) == nil)
  }

  @Test("a command that never writes a header: its first status line is read with the defaults")
  func noHeader() {
    var decoder = ChildStreamDecoder()
    let first = decoder.feed(Array((#"[{"full_text":"a"}]"# + "\n").utf8))
    #expect(first.header == nil)
    #expect(Self.text(first.blocks) == [#"{"full_text":"a"}"#])
    #expect(first.problems.isEmpty)
    let next = decoder.feed(Array((#",[{"full_text":"b"}]"# + "\n").utf8))
    #expect(Self.text(next.blocks) == [#"{"full_text":"b"}"#])
    // `[[...]`: the array's opening and the first line together.
    var joined = ChildStreamDecoder()
    #expect(
      Self.text(joined.feed(Array((#"[[{"full_text":"c"}],"# + "\n").utf8)).blocks) == [#"{"full_text":"c"}"#]
    )
  }

  @Test("garbage costs one problem per line and never the last good line")
  func garbage() {
    var decoder = ChildStreamDecoder()
    _ = decoder.feed(Array(Self.i3status.utf8))
    let bad = decoder.feed(Array("hello\n,[{\"full_text\":\n,[1,2]\n,{\"a\":1}\n\u{1b}[31m\n".utf8))
    #expect(bad.blocks == nil)
    #expect(bad.problems.count == 5)
    #expect(bad.problems.allSatisfy { !$0.message.contains("\u{1b}") })
    // Garbage after a good line in the same read: the good line is used.
    let mixed = decoder.feed(Array((#",[{"full_text":"ok"}]"# + "\nnot json\n").utf8))
    #expect(Self.text(mixed.blocks) == [#"{"full_text":"ok"}"#])
    #expect(mixed.problems.count == 1)
    // Text before a header is a banner: the header still counts, and blocks from then on.
    var late = ChildStreamDecoder()
    let update = late.feed(Array(("starting up...\n" + #"{"version":1,"click_events":true}"# + "\n[\n").utf8))
    #expect(update.header?.clickEvents == true)
    #expect(update.problems.isEmpty)
    #expect(
      Self.text(late.feed(Array((#"[{"full_text":"up"}]"# + "\n").utf8)).blocks) == [#"{"full_text":"up"}"#])
  }

  /// What i3status 2.14 writes when it falls back to `output_format = "none"` (captured
  /// under `pomobar --wrap` with Debian's stock /etc/i3status.conf).
  static let i3statusNone =
    "fd00::2 | W: down | E: 192.0.2.2 (0 Mbit/s) | No battery | 78.7 GiB | 7.59 | 449.9 MiB | 23.0 GiB | "

  @Test("plain text, as i3bar reads a status command without a header: each line is one block")
  func plainText() throws {
    var decoder = ChildStreamDecoder()
    let first = decoder.feed(Array((Self.i3statusNone + "2026-11-27 05:09:13\n").utf8))
    #expect(first.header == nil)
    #expect(first.problems.isEmpty)
    let block = try JSON.parse(try #require(first.blocks?.first))
    #expect(first.blocks?.count == 1)
    #expect(block["full_text"]?.stringValue == Self.i3statusNone + "2026-11-27 05:09:13")
    #expect(block["markup"]?.stringValue == "none")
    // The newest of several lines; quotes, a CR and JSON-looking text stay text.
    let next = decoder.feed(Array("a \"quoted\" <b>\n[1, 2]\r\n".utf8))
    #expect(try next.blocks.map { try $0.map { try JSON.parse($0)["full_text"]?.stringValue } } == ["[1, 2]"])
    #expect(next.problems.isEmpty)
    let torn = decoder.feed(Array("half".utf8))
    #expect(torn.blocks == nil)
    #expect(
      Self.text(decoder.feed(Array(" done\n".utf8)).blocks) == [#"{"full_text":"half done","markup":"none"}"#]
    )
  }

  @Test("a flood: one read of many lines yields the newest; only that one is parsed")
  func flood() {
    var decoder = ChildStreamDecoder()
    _ = decoder.feed(Array((#"{"version":1}"# + "\n[\n").utf8))
    var bytes: [UInt8] = []
    for n in 0..<2000 { bytes += Array((#",[{"full_text":"\#(n)"}]"# + "\n").utf8) }
    bytes += Array(#",[{"full_text":"torn"#.utf8)
    let update = decoder.feed(bytes)
    #expect(Self.text(update.blocks) == [#"{"full_text":"1999"}"#])
    #expect(update.problems.isEmpty)
    // The torn line completes with the next read.
    #expect(Self.text(decoder.feed(Array(#""}]"#.utf8 + [10])).blocks) == [#"{"full_text":"torn"}"#])
  }

  @Test("a line longer than the cap is skipped with one problem; the next line is read")
  func overlong() {
    var decoder = ChildStreamDecoder()
    _ = decoder.feed(Array("[\n".utf8))
    let huge = [UInt8](repeating: UInt8(ascii: "x"), count: ChildStreamDecoder.maximumLineLength + 10)
    let first = decoder.feed(Array(#",[{"full_text":""#.utf8) + huge)
    #expect(first.problems.map(\.kind) == [.tooLong])
    let second = decoder.feed(huge + Array((#""}]"# + "\n" + #",[{"full_text":"short"}]"# + "\n").utf8))
    #expect(second.problems.isEmpty)
    #expect(Self.text(second.blocks) == [#"{"full_text":"short"}"#])
  }
}

@Suite("Wrapped status command: merging and clicks")
struct WrapMergeTests {
  static let ours =
    #",[{"name":"pomobar","instance":"pomodoro","full_text":"⣿ Ready"},{"name":"pomobar-work","full_text":"● 1:00"}]"#
    + "\n"
  static let theirs = [
    #"{"name":"a","full_text":"A","x_custom":{"k":[1,2]}}"#, #"{"name":"b","full_text":"B"}"#,
  ]
  .map { Array($0.utf8) }

  func merged(_ position: WrapPosition, theirs: [[UInt8]] = WrapMergeTests.theirs) -> [String] {
    var merger = StatusMerger(position: position)
    merger.setOurs(frame: Self.ours)
    merger.setTheirs(theirs)
    let line = merger.line()
    let json = try? JSON.parse(line.utf8.dropLast())
    return json?.arrayValue?.map { $0["name"]?.stringValue ?? "?" } ?? []
  }

  @Test("position: first, last, or after N of the command's blocks (clamped)")
  func positions() {
    #expect(merged(.first) == ["pomobar", "pomobar-work", "a", "b"])
    #expect(merged(.last) == ["a", "b", "pomobar", "pomobar-work"])
    #expect(merged(.index(0)) == ["pomobar", "pomobar-work", "a", "b"])
    #expect(merged(.index(1)) == ["a", "pomobar", "pomobar-work", "b"])
    #expect(merged(.index(7)) == ["a", "b", "pomobar", "pomobar-work"])
    #expect(merged(.last, theirs: []) == ["pomobar", "pomobar-work"])
  }

  @Test("lines are framed as one endless array, blocks kept byte for byte")
  func framing() {
    var merger = StatusMerger(position: .last)
    merger.setOurs(frame: #"[{"name":"pomobar","full_text":"x"}]"# + "\n")
    merger.setTheirs(Self.theirs)
    let first = merger.line()
    let second = merger.line()
    #expect(
      first
        == #"[{"name":"a","full_text":"A","x_custom":{"k":[1,2]}},{"name":"b","full_text":"B"},{"name":"pomobar","full_text":"x"}]"#
        + "\n")
    #expect(second == "," + first)
    #expect(first.filter { $0 == "\n" }.count == 1)
  }

  @Test("the marker is a valid block of its own name")
  func marker() throws {
    let marker = StatusMerger.marker(
      name: "pomobar", instance: "pomodoro", text: "⚠ 'i3status' exited with status 1",
      shortText: "⚠ i3status")
    let json = try JSON.parse(marker)
    #expect(json["name"]?.stringValue == "pomobar-wrap")
    #expect(json["full_text"]?.stringValue == "⚠ 'i3status' exited with status 1")
  }

  @Test("clicks are routed by name: pomobar's blocks, the marker, everything else to the command")
  func routing() {
    func route(_ name: String?, _ instance: String? = "pomodoro") -> WrapClicks.Route {
      WrapClicks.route(
        ClickEvent(name: name, instance: instance, button: 1), name: "pomobar", instance: "pomodoro")
    }
    #expect(route("pomobar") == .timer)
    #expect(route("pomobar", nil) == .timer)
    #expect(route("pomobar-work") == .work)
    #expect(route("pomobar-wrap") == .marker)
    #expect(route("tztime", "local") == .child)
    #expect(route("pomobar", "other") == .child)
    // An unnamed block's click has no name: it is the command's, never the timer's.
    #expect(route(nil, nil) == .child)
  }

  @Test("clicks reach the command in the bar's framing: [ first, then , before each later one")
  func clickFraming() {
    var framer = WrapClicks.Framer()
    let a = Array(#"{"name":"a","button":1}"#.utf8)
    #expect(
      String(decoding: framer.line(for: a), as: UTF8.self) == "[\n" + #"{"name":"a","button":1}"# + "\n")
    // Not written (dropped): the next one still opens the array.
    #expect(framer.line(for: a).first == UInt8(ascii: "["))
    framer.wrote()
    #expect(String(decoding: framer.line(for: a), as: UTF8.self) == #",{"name":"a","button":1}"# + "\n")
    framer.reset()
    #expect(framer.line(for: a).first == UInt8(ascii: "["))
  }

  @Test("the click decoder hands back each event's own text")
  func clickText() {
    var decoder = ClickDecoder()
    let results = decoder.feedKeepingText(
      Array("[\n {\"name\":\"a\",\"button\":1} \n,{\"name\":\"b\",\"button\":3}\n".utf8))
    #expect(
      results.map { String(decoding: $0.text, as: UTF8.self) } == [
        #"{"name":"a","button":1}"#, #"{"name":"b","button":3}"#,
      ])
  }
}

@Suite("Wrapped status command: i3status made to write i3bar")
struct I3statusFormatTests {
  static func path(
    _ command: String, _ variables: [String: String] = ["HOME": "/home/u"], files: Set<String> = []
  ) -> String? {
    I3statusFormat.configPath(
      words: try! ShellWords.split(command), variable: { variables[$0] }, exists: files.contains)
  }

  @Test("the config it would read: given with -c, or found where i3status 2.14 looks")
  func configPath() {
    #expect(Self.path("i3status", files: ["/etc/i3status.conf"]) == "/etc/i3status.conf")
    #expect(Self.path("/usr/bin/i3status", files: ["/etc/i3status.conf"]) == "/etc/i3status.conf")
    let all: Set = [
      "/home/u/.config/i3status/config", "/home/u/.i3status.conf", "/etc/xdg/i3status/config",
      "/etc/i3status.conf",
    ]
    #expect(Self.path("i3status", files: all) == "/home/u/.config/i3status/config")
    #expect(
      Self.path("i3status", files: all.subtracting(["/home/u/.config/i3status/config"]))
        == "/home/u/.i3status.conf")
    #expect(
      Self.path(
        "i3status", ["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_CONFIG_DIRS": "/a:/b"],
        files: ["/b/i3status/config"])
        == "/b/i3status/config")
    #expect(
      Self.path("i3status", ["XDG_CONFIG_HOME": "/c"], files: ["/c/i3status/config"]) == "/c/i3status/config")
    #expect(Self.path("i3status") == nil)  // none found: i3status says so itself
    for given in [
      "i3status -c /x.conf", "i3status --config /x.conf", "i3status --config=/x.conf", "i3status -c/x.conf",
    ] {
      #expect(Self.path(given) == "/x.conf", "\(given)")
    }
    #expect(Self.path("i3status -c ~/my.conf") == "/home/u/my.conf")
    #expect(Self.path("i3status -c 'two words.conf'") == "two words.conf")
  }

  @Test("any other command is left as it is")
  func notPlain() {
    let files: Set = ["/etc/i3status.conf"]
    for command in [
      "i3status-rs", "py3status", "i3status -h", "i3status --run-once", "i3status -c", "i3status -c $HOME/x",
      "my-i3status", "sh i3status",
    ] {
      #expect(Self.path(command, files: files) == nil, "\(command)")
    }
  }
}

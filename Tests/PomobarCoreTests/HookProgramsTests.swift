import TOML
import Testing

@testable import PomobarCore

@Suite struct HookProgramsTests {
  @Test func theFirstProgramIsTheFirstWordAfterAssignments() {
    #expect(HookPrograms.program(of: "dunstctl set-paused true") == "dunstctl")
    #expect(HookPrograms.program(of: "  LANG=C TZ=UTC notify-send 'a b'") == "notify-send")
    #expect(HookPrograms.program(of: "makoctl mode -a dnd && notify-send x") == "makoctl")
    #expect(HookPrograms.program(of: "pw-play;true") == "pw-play")
    #expect(HookPrograms.program(of: "/usr/bin/paplay x.oga") == "/usr/bin/paplay")
  }

  @Test func whatOnlyAShellCouldTellIsLeftAlone() {
    for command in [
      "$PLAYER x", "\"$HOME/bin/x\"", "`which x`", "~/bin/x", "echo hi >> log", "test -e f", "(cd /; ls)",
      "{ a; b; }", "if true; then x; fi", "", "   ", "X=1", "./*.sh",
    ] {
      #expect(HookPrograms.program(of: command) == nil, "\(command)")
    }
  }

  @Test func usesCarryTheirEventAndThePlaceOfTheirString() {
    let text = """
      [timer]
      focus = "25m"

      [hooks]
      timeout = "5s"
      focus-start = "dunstctl set-paused true"
      focus-end = ["echo x", "makoctl mode -r dnd",
        "LANG=C notify-send end"]
      any = 3
      """
    let uses = HookPrograms.uses(in: Array(text.utf8))
    #expect(
      uses == [
        HookPrograms.Use(
          event: "focus-start", command: "dunstctl set-paused true", program: "dunstctl",
          position: TOMLPosition(line: 6, column: 15)),
        HookPrograms.Use(
          event: "focus-end", command: "makoctl mode -r dnd", program: "makoctl",
          position: TOMLPosition(line: 7, column: 24)),
        HookPrograms.Use(
          event: "focus-end", command: "LANG=C notify-send end", program: "notify-send",
          position: TOMLPosition(line: 8, column: 3)),
      ])
    #expect(HookPrograms.uses(in: Array("[hooks\nbroken".utf8)).isEmpty)
  }
}

import Foundation
import Testing

/// Themes, format strings and the quieter bars, through the built binary.
@Suite("Looks")
struct LooksCommandTests {
  @Test("check-config warns about a colour hard to read on the stated background, and passes")
  func checkConfigWarnsAboutContrast() async throws {
    try await withSandbox { sandbox in
      try sandbox.write(
        "[theme]\nbackground = \"#FFFFFF\"\nshort-break = \"#46A758\"\n", to: sandbox.configPath)
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderr.contains(
          "\(sandbox.configPath):3:15: warning: 'short-break' #46A758 has a contrast of 3.03:1 against the background #FFFFFF"
        ),
        "\(result)")
      #expect(result.stdout.contains("mode = \"light\""), "a light background chose light mode: \(result)")
      // The bar itself says nothing about it: no ⚠ for a warning.
      let status = try await sandbox.run(["status"])
      #expect(status.status == 0 && !status.stdout.contains("⚠") && status.stderr.isEmpty, "\(status)")
    }
  }

  @Test("a format mistake is a config error pointing into the string; the bar still shows the default")
  func formatMistakePointsIntoTheString() async throws {
    try await withSandbox { sandbox in
      try sandbox.write("[format]\nfull = \"{ring} {phase} {tiem}\"\n", to: sandbox.configPath)
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 78, "\(result)")
      #expect(
        result.stderr.hasPrefix("\(sandbox.configPath):2:25: 'full': unknown placeholder {tiem}"), "\(result)"
      )
      let status = try await sandbox.run(["status", "--format", "json"])
      #expect(status.status == 0, "\(status)")
      #expect(status.stdout.contains(#""text":"⣿ Ready 25:00 ○○○○ ⚠""#), "\(status)")
    }
  }

  @Test("hide-when-idle: waybar gets an empty text, i3bar an empty block; a running timer shows")
  func hideWhenIdle() async throws {
    try await withSandbox { sandbox in
      try sandbox.writeConfig("[display]\nhide-when-idle = true\n[format]\nfull = \"{bar} {time}\"")
      let waybar = try await sandbox.run(["status", "--format", "waybar"])
      #expect(waybar.stdout.hasPrefix(#"{"text":"","#), "\(waybar)")
      let i3bar = try await sandbox.run(["status", "--format", "i3bar"])
      #expect(i3bar.stdout.contains(#""full_text":"","short_text":"""#), "\(i3bar)")
      _ = try await sandbox.run(["ctl", "start"])
      let running = try await sandbox.run(["status", "--format", "i3bar"])
      #expect(running.stdout.contains(#""markup":"pango""#), "\(running)")
      #expect(running.stdout.contains("<span foreground="), "\(running)")
    }
  }

  @Test("pomobar themes previews every theme with its ratios, as ANSI, SVG and CSS")
  func themesCommand() async throws {
    try await withSandbox { sandbox in
      // Into a pipe (as here) or with NO_COLOR, the table is plain text; asked for by name,
      // it is in colour whatever stdout is, but never with NO_COLOR.
      let plain = try await sandbox.run(["themes"])
      #expect(plain.status == 0)
      #expect(!plain.stdout.contains("\u{1B}"), "no escapes into a pipe")
      #expect(plain.stdout.contains("tomato  the seed palette") && plain.stdout.contains("4.52:1"))
      let refused = try await sandbox.run(["themes", "--format", "ansi"], environment: ["NO_COLOR": "1"])
      #expect(!refused.stdout.contains("\u{1B}"), "NO_COLOR")
      let ansi = try await sandbox.run(["themes", "--format", "ansi"])
      #expect(ansi.status == 0)
      for name in [
        "tomato", "classic-red", "ocean-blue", "forest-green", "midnight-dark", "sunset-orange",
        "catppuccin", "gruvbox", "nord", "dracula",
      ] {
        #expect(ansi.stdout.contains("\u{1B}[1m\(name)\u{1B}[0m"), "\(name)")
      }
      #expect(ansi.stdout.contains("\u{1B}[38;2;229;77;46;48;2;28;25;23m ⣧ Focus 18:42 ●●○○"))
      #expect(ansi.stdout.contains("4.52:1"))
      let svg = try await sandbox.run(["themes", "nord", "--format", "svg"])
      #expect(svg.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(svg)")
      #expect(svg.stdout.hasSuffix("</svg>"))  // the helper drops the last line break
      #expect(!svg.stdout.contains("tomato"))
      let css = try await sandbox.run(["themes", "gruvbox", "--format", "css", "--mode", "light"])
      #expect(css.stdout.contains("#custom-pomobar.focus {\n  color: #9D0006;"), "\(css)")
      let wrong = try await sandbox.run(["themes", "gruvbx"])
      #expect(wrong.status == 64 && wrong.stderr.contains("did you mean 'gruvbox'?"), "\(wrong)")
    }
  }
}

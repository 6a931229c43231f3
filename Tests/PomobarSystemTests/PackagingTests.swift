import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the packages ship besides the binary: man pages and shell completions generated
/// by scripts/gendocs from the built binary's help, checked here against that binary, so
/// that a new command, option, action, format or config key cannot go missing from them;
/// `projects --names` for the completions; the AUR recipes' version.
/// Serialized: its tests start many short processes (shells, python, groff), which
/// together would crowd the timing-sensitive suites running beside them.
@Suite("Packaging: man pages, completions, versions", .serialized)
struct PackagingTests {
  /// scripts/gendocs run once on the binary under test: the folder it wrote.
  /// In a folder named after this test process; no hook runs when the process ends, so
  /// each run first removes the folders of runs whose process is gone.
  static let generated: Swift.Result<String, HarnessError> = {
    let temporary = FileManager.default.temporaryDirectory.path
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    where name.hasPrefix("pomobar-gendocs-") {
      if let pid = Int32(name.dropFirst("pomobar-gendocs-".count)), kill(pid, 0) != 0, errno == ESRCH {
        try? FileManager.default.removeItem(atPath: temporary + "/" + name)
      }
    }
    let out = temporary + "/pomobar-gendocs-\(getpid())"
    do {
      let result = try Tool.run(
        "python3", [Tool.repository + "/scripts/gendocs", "--binary", PomobarBinary.path, "--out", out])
      guard result.status == 0 else { return .failure(HarnessError("scripts/gendocs failed: \(result)")) }
      return .success(out)
    } catch {
      return .failure(HarnessError("scripts/gendocs: \(error)"))
    }
  }()

  static func file(_ name: String) throws -> String {
    let folder = try generated.get()
    return try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
  }

  // MARK: - What the binary says, read here independently of the generator

  /// `pomobar ARGUMENTS`, any status, in a sandbox-free environment.
  static func pomobar(_ arguments: [String]) throws -> Tool.Result {
    try Tool.run(
      PomobarBinary.path, arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
  }

  /// The commands the main help lists: `pomobar WORD` or `pomobar [WORD]` in its usage.
  static func commands() throws -> [String] { try listedCommands.get() }

  private static let listedCommands = Swift.Result { () throws -> [String] in
    let help = try pomobar(["--help"]).stdout
    var found: [String] = []
    for line in help.split(separator: "\n") {
      guard let match = line.firstMatch(of: #/^  pomobar \[?([a-z][a-z-]*)/#) else { continue }
      let word = String(match.1)
      if !found.contains(word) { found.append(word) }
    }
    return found
  }

  /// A usage error's list of choices: `...; one of: a, b, c`.
  static func choices(_ arguments: [String]) throws -> [String] {
    let result = try pomobar(arguments)
    guard result.status == 64, let match = result.stderr.firstMatch(of: #/(?i)one of: ([^\n]+)/#) else {
      throw HarnessError("`pomobar \(arguments.joined(separator: " "))` lists no choices: \(result)")
    }
    return match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Every `--option` in a command's help.
  static func options(_ command: String) throws -> Set<String> {
    let help = try pomobar([command, "--help"]).stdout
    var found = Set(help.matches(of: #/(?:^|[\s\[(`=,])(--[a-z][a-z-]*)(?![a-z|-])/#).map { String($0.1) })
    // `ctl project --none`, `ctl task --clear|--keep-project`: words of `project` and
    // `task`, not options
    found.subtract(["--none", "--clear", "--keep-project"])
    return found
  }

  // MARK: - Tests

  @Test("every command of the help has a help of its own")
  func everyCommandHasAHelp() throws {
    let commands = try Self.commands()
    #expect(commands.count >= 10, "\(commands)")
    for command in commands where command != "help" {
      let result = try Self.pomobar([command, "--help"])
      #expect(result.status == 0, "\(command): \(result)")
      #expect(result.stdout.contains("Usage: pomobar"), "\(command): \(result)")
    }
  }

  /// The sentences of a help text: its words (lines joined, an option's doc goes on
  /// over lines) up to each that ends with `.`, `!` or `?`.
  static func sentences(_ text: String) -> [String] {
    var sentences: [String] = []
    var words: [Substring] = []
    for word in text.split(whereSeparator: \.isWhitespace) {
      words.append(word)
      if let last = word.last, ".!?".contains(last) {
        sentences.append(words.joined(separator: " "))
        words = []
      }
    }
    return sentences
  }

  @Test("no help text says a sentence twice")
  func noHelpRepeatsASentence() throws {
    for command in [nil] + (try Self.commands()).map(Optional.some) {
      let arguments = command.map { [$0, "--help"] } ?? ["--help"]
      let help = try Self.pomobar(arguments).stdout
      // Its sentences, and its lines (a sentence after an option's lines starts on one),
      // each of four words and more: `Default: none.` may well be said of two options.
      let lines = help.split(separator: "\n").map {
        $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      }
      for pieces in [Self.sentences(help), lines] {
        var seen = Set<String>()
        for piece in pieces where piece.split(separator: " ").count >= 4 {
          #expect(
            seen.insert(piece).inserted, "`pomobar \(arguments.joined(separator: " "))` repeats: \(piece)")
        }
      }
    }
  }

  @Test("what log and export cover without a RANGE is what their help says")
  func rangeDefaultsAreTheHelps() async throws {
    try await withSandbox { sandbox in
      // A record of long ago: in `all`, in no `week`.
      #expect(try await sandbox.run(["track", "2026-01-05", "9-10", "api"]).status == 0)
      for command in [["log"], ["export", "--format", "csv"]] {
        let help = try await sandbox.run([command[0], "--help"]).stdout
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let said = try #require(flat.firstMatch(of: #/\(without one: ([a-z -]+)\)/#), "\(command): \(help)")
        let range = said.1.hasPrefix("this ") ? String(said.1.dropFirst(5)) : String(said.1)
        let without = try await sandbox.run(command)
        let with = try await sandbox.run(command + [range])
        #expect(
          without.status == 0 && without.stdout == with.stdout, "\(command) without a range: \(without)")
        #expect(
          Self.sentences(flat).filter { $0.contains("default") && $0.contains("RANGE") }.isEmpty, "\(help)")
      }
    }
  }

  @Test("pomobar.1 has a section for every command and names every option")
  func manPageCoversTheCommandLine() throws {
    let page = try Self.file("man/pomobar.1")
    #expect(page.contains(".SH NAME\npomobar \\- "))
    for section in ["SYNOPSIS", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
      #expect(page.contains(".SH \(section)\n"), "no \(section)")
    }
    for command in try Self.commands() {
      #expect(page.contains(".SS \"\(command)\"\n"), "no section for \(command)")
      for option in try Self.options(command) {
        let roff = option.replacingOccurrences(of: "-", with: "\\-")
        #expect(page.contains(roff), "pomobar.1 does not name \(command)'s \(option)")
      }
    }
    // Every exit status the help names, and an example for every bar in contrib/.
    for status in ["\\fB0\\fR", "\\fB1\\fR", "\\fB64\\fR", "\\fB78\\fR"] {
      #expect(page.contains(status), "exit status \(status)")
    }
    for bar in ["i3", "sway", "waybar", "polybar", "i3blocks", "tmux"] {
      #expect(page.contains(".TP\n\\fB\(bar)\\fR (contrib/\(bar)/"), "no example for \(bar)")
    }
  }

  @Test("pomobar.toml.5 has every key the binary knows, with the binary's default")
  func configManPageHasEveryDefault() throws {
    let page = try Self.file("man/pomobar.toml.5")
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pomobar-empty-\(getpid()).toml")
    try "".write(to: empty, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: empty) }
    // check-config prints the effective configuration: every table and key, with values.
    let effective = try Self.pomobar(["check-config", empty.path])
    #expect(effective.status == 0, "\(effective)")
    var table = ""
    var keys = 0
    for line in effective.stdout.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
      if let match = line.wholeMatch(of: #/\[(.+)\]/#) {
        table = String(match.1)
        #expect(page.contains(".SS \"[\(table)]\"\n"), "no section for [\(table)]")
        continue
      }
      guard let match = line.wholeMatch(of: #/([a-z0-9-]+) = (.+)/#) else { continue }
      keys += 1
      // The table's section, its roff escapes undone.
      let section =
        page.components(separatedBy: ".SS \"[\(table)]\"\n").dropFirst().first?
        .components(separatedBy: "\n.SS ").first ?? ""
      let lines = section.split(separator: "\n").map {
        $0.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
      }
      #expect(
        lines.contains("\\fB\(match.1)\\fR = \(match.2)"),
        "[\(table)] \(match.1) = \(match.2) is not in pomobar.toml.5")
    }
    #expect(keys >= 25, "\(effective.stdout)")
  }

  @Test(
    "groff renders both man pages without a warning",
    .enabled(if: Tool.find("groff") != nil, "needs groff (groff-base)"))
  func manPagesRenderCleanly() throws {
    for page in ["man/pomobar.1", "man/pomobar.toml.5"] {
      let path = try Self.generated.get() + "/" + page
      let result = try Tool.run(
        "groff", ["-ww", "-z", "-man", "-Tutf8", "-K", "utf8", path], environment: ["LC_ALL": "C.UTF-8"])
      #expect(result.status == 0 && result.stderr.isEmpty, "\(page): \(result)")
    }
  }

  /// The candidates bash's completion offers for `words` (the last one being completed),
  /// with `environment` (for the projects of a sandbox).
  static func bashComplete(_ words: [String], environment: [String: String] = [:]) throws -> [String] {
    let script = try file("completions/pomobar.bash")
    let quoted = ([PomobarBinary.path] + words).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let harness = """
      \(script)
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=\(words.count)
      _pomobar
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    var env = environment
    env["PATH"] = env["PATH"] ?? "/usr/bin:/bin"
    let result = try Tool.run("bash", ["--norc", "--noprofile", "-c", harness], environment: env)
    guard result.status == 0, result.stderr.isEmpty else { throw HarnessError("bash: \(result)") }
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test("bash completes exactly the commands, ctl actions and formats the binary accepts")
  func bashCompletesWhatTheBinaryAccepts() throws {
    #expect(try Self.bashComplete([""]) == Self.commands())
    #expect(try Self.bashComplete(["c"]) == ["ctl", "check-config"])
    #expect(try Self.bashComplete(["ctl", ""]) == Self.choices(["ctl", ","]))
    let formats = try Self.choices(["status", "--format", ","])
    #expect(formats.contains("waybar"))
    #expect(try Self.bashComplete(["--format", ""]) == formats)
    #expect(try Self.bashComplete(["status", "--format", ""]) == formats)
    #expect(try Self.bashComplete(["status", "--format=w"]) == formats.filter { $0.hasPrefix("w") })
    #expect(try Self.bashComplete(["export", "--format", ""]) == Self.choices(["export"]))
    let kinds = try Self.choices(["export", "--format", "csv", "--kind", ","])
    #expect(try Self.bashComplete(["export", "--kind", ""]) == kinds)
    #expect(try Self.bashComplete(["ctl", "work", ""]) == ["start", "stop", "toggle"])
    #expect(try Self.bashComplete(["history", ""]) == ["amend", "split", "join", "edit", "remove", "reset", "undo"])
    #expect(try Self.bashComplete(["help", ""]) == Self.commands())
    #expect(try Self.bashComplete(["report", ""]).contains("last-week"))
    // `help`'s own help is the overview of every command's options, not its own.
    for command in try Self.commands() where command != "help" {
      let offered = Set(try Self.bashComplete([command, "--"]))
      let missing = try Self.options(command).subtracting(offered)
      #expect(missing.isEmpty, "`pomobar \(command) --<TAB>` misses \(missing.sorted())")
    }
  }

  @Test("pomobar projects --names lists the known projects, one per line, for the completions")
  func projectNamesComplete() async throws {
    let config = Sandbox.shortTimer + "\n[projects.api]\ncolor = \"#ff8800\"\n"
    try await withSandbox(config: config) { sandbox in
      let none = try await sandbox.run(["projects", "--names"])
      #expect(none.status == 0 && none.stdout.split(separator: "\n") == ["api"], "\(none)")
      #expect(!none.stdout.contains("●") && none.stderr.isEmpty, "\(none)")
      try await sandbox.ctl("project", "write docs")
      let names = try await sandbox.run(["projects", "--names"])
      #expect(Set(names.stdout.split(separator: "\n")) == ["api", "write docs"], "\(names)")
      let help = try await sandbox.run(["projects", "--help"])
      #expect(help.stdout.contains("--names"), "\(help)")
      let bad = try await sandbox.run(["projects", "--nmes"])
      #expect(bad.status == 64, "\(bad)")
      // bash offers them after `ctl project` (with its words) and `report --project`.
      let offered = try Self.bashComplete(["ctl", "project", ""], environment: sandbox.environment)
      #expect(Set(offered) == ["api", #"write\ docs"#, "--none", "next", "prev"], "\(offered)")
      let reported = try Self.bashComplete(["report", "--project", "w"], environment: sandbox.environment)
      #expect(reported == [#"write\ docs"#], "\(reported)")
    }
  }

  /// A sandbox with a project whose name has a space (from the config) and a record with
  /// the tags `billable` and `client call`.
  static func withNamesAndTags(_ body: (Sandbox) async throws -> Void) async throws {
    let config = Sandbox.shortTimer + "\n[projects.\"Umbrella Corp\"]\ncolor = \"#2E86C1\"\n"
    try await withSandbox(config: config) { sandbox in
      let tracked = try await sandbox.run([
        "track", "2026-01-05", "9-10", "acme", "+billable", "+client call",
      ])
      #expect(tracked.status == 0, "\(tracked)")
      try await body(sandbox)
    }
  }

  @Test("bash completes a name with a space as one word, and the tags in use (--tag, +tag)")
  func bashCompletesNamesWithSpacesAndTags() async throws {
    try await Self.withNamesAndTags { sandbox in
      let tags = try await sandbox.run(["projects", "--tag-names"])
      #expect(
        tags.status == 0 && tags.stdout.split(separator: "\n") == ["billable", "client call"], "\(tags)")
      let both = try await sandbox.run(["projects", "--names", "--tag-names"])
      #expect(both.status == 64, "\(both)")
      func complete(_ words: String...) throws -> [String] {
        try Self.bashComplete(words, environment: sandbox.environment)
      }
      // Written as the word was begun: bare with backslashes, or inside the quote it opened
      // (readline closes it), so that the shell reads the name back whole.
      #expect(try complete("report", "--project", "Umb") == [#"Umbrella\ Corp"#])
      #expect(try complete("report", "--project=Umb") == [#"Umbrella\ Corp"#])
      #expect(try complete("report", "--project", #"Umbrella\ C"#) == [#"Umbrella\ Corp"#])
      #expect(try complete("report", "--project", "\"Umb") == ["Umbrella Corp"])
      #expect(try complete("report", "--project", "'Umb") == ["Umbrella Corp"])
      #expect(try complete("log", "--tag", "") == ["billable", #"client\ call"#])
      #expect(try complete("report", "-t", "cl") == [#"client\ call"#])
      #expect(try complete("track", "9-10", "acme", "+c") == [#"+client\ call"#])
      #expect(try complete("track", "yesterday", "9-10", "+") == ["+billable", #"+client\ call"#])
      #expect(try complete("ctl", "project", "acme", "\"+c") == ["+client call"])
      #expect(try complete("ctl", "start", "+").isEmpty, "ctl start takes no tags")
    }
  }

  @Test(
    "zsh completes a name with a space and the tags in use (--tag, +tag)",
    .enabled(if: Tool.find("zsh") != nil, "needs zsh"))
  func zshCompletesNamesWithSpacesAndTags() async throws {
    let folder = try Self.generated.get() + "/completions"
    try await Self.withNamesAndTags { sandbox in
      // compadd stands in for the completion system's output (which quotes what it inserts).
      let harness = """
        fpath=(\(folder) $fpath)
        autoload -U compinit && compinit -u -D
        compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }
        words=('\(PomobarBinary.path)' report --project U); CURRENT=4; _pomobar
        print -r -- '--'
        words=('\(PomobarBinary.path)' log --tag ''); CURRENT=4; _pomobar
        print -r -- '--'
        words=('\(PomobarBinary.path)' ctl project acme +); CURRENT=5; _pomobar
        """
      var environment = sandbox.environment
      environment["PATH"] = "/usr/bin:/bin"
      let result = try Tool.run("zsh", ["-f", "-c", harness], environment: environment)
      #expect(result.status == 0, "\(result)")
      let parts = result.stdout.components(separatedBy: "--\n").map {
        $0.split(separator: "\n").map(String.init)
      }
      #expect(parts.count == 3 && parts[0].contains("Umbrella Corp"), "\(result)")
      #expect(parts.count == 3 && parts[1] == ["billable", "client call"], "\(result)")
      #expect(parts.count == 3 && parts[2] == ["+billable", "+client call"], "\(result)")
    }
  }

  @Test(
    "fish completes a name with a space and the tags in use (--tag, +tag)",
    .enabled(if: Tool.find("fish") != nil, "needs fish"))
  func fishCompletesNamesWithSpacesAndTags() async throws {
    let folder = try Self.generated.get() + "/completions"
    try await Self.withNamesAndTags { sandbox in
      func complete(_ line: String) throws -> [String] {
        var environment = sandbox.environment
        environment["PATH"] = "/usr/bin:/bin"
        let result = try Tool.run(
          "fish",
          [
            "--no-config", "-c", "source \(folder)/pomobar.fish; complete -C '\(PomobarBinary.path) \(line)'",
          ],
          environment: environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
      }
      let project = try complete("report --project Umb")
      let tags = try complete("log --tag ")
      let words = try complete("track 9-10 acme +")
      #expect(project == ["Umbrella Corp"])
      #expect(Set(tags) == ["billable", "client call"])
      #expect(Set(words) == ["+billable", "+client call"])
    }
  }

  @Test(
    "fish completes commands and ctl actions",
    .enabled(if: Tool.find("fish") != nil, "needs fish"))
  func fishCompletes() throws {
    let folder = try Self.generated.get() + "/completions"
    func complete(_ line: String) throws -> [String] {
      let result = try Tool.run(
        "fish", ["--no-config", "-c", "source \(folder)/pomobar.fish; complete -C '\(line)'"],
        environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
      #expect(result.status == 0, "\(result)")
      return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }
    #expect(Set(try complete("pomobar c")) == ["ctl", "check-config"])
    #expect(Set(try complete("pomobar ctl ")) == Set(try Self.choices(["ctl", ","])))
    #expect(
      Set(try complete("pomobar status --format ")) == Set(try Self.choices(["status", "--format", ","])))
  }

  @Test(
    "zsh's compinit loads the completion, which completes commands and ctl actions",
    .enabled(if: Tool.find("zsh") != nil, "needs zsh"))
  func zshCompletes() throws {
    let folder = try Self.generated.get() + "/completions"
    // compadd and _describe stand in for the completion system's output functions.
    let harness = """
      fpath=(\(folder) $fpath)
      autoload -U compinit && compinit -u -D
      print -r -- "loaded: ${_comps[pomobar]}"
      compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@" }
      _describe() { local -a a; a=(${(P)4}); print -rl -- ${a%%:*} }
      words=(pomobar ctl ''); CURRENT=3; _pomobar
      print -r -- '--'
      words=(pomobar export --format ''); CURRENT=4; _pomobar
      """
    let result = try Tool.run(
      "zsh", ["-f", "-c", harness], environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
    #expect(result.status == 0, "\(result)")
    let parts = result.stdout.components(separatedBy: "--\n")
    #expect(parts.first?.hasPrefix("loaded: _pomobar\n") == true, "\(result)")
    let actions = parts.first?.split(separator: "\n").dropFirst().map(String.init) ?? []
    #expect(actions == (try Self.choices(["ctl", ","])), "\(result)")
    #expect(
      parts.last?.split(separator: "\n").map(String.init) == (try Self.choices(["export"])), "\(result)")
  }

  @Test("the README installs every file gendocs writes, from the tarball and from source")
  func readmeInstallsWhatGendocsWrites() throws {
    let readme = try String(contentsOfFile: Tool.repository + "/README.md", encoding: .utf8)
    let folder = try Self.generated.get()
    let written = Set(
      try FileManager.default.subpathsOfDirectory(atPath: folder).filter {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &directory)
          && !directory.boolValue
      })
    #expect(written.count == 5, "\(written)")
    // The tarball's folder holds gendocs's files as they are; a build from source installs
    // them from gendocs's --out folder (docs-out).
    for prefix in ["", "docs-out/"] {
      var installed: Set<String> = []
      for line in readme.split(separator: "\n") {
        guard let match = line.firstMatch(of: #/^install -Dm644 (\S+) ~\/\S+$/#), match.1.hasPrefix(prefix)
        else { continue }
        let file = String(match.1.dropFirst(prefix.count))
        guard file.hasPrefix("man/") || file.hasPrefix("completions/") else { continue }
        installed.insert(file)
      }
      #expect(installed == written, "the README installs \(installed.sorted()) from '\(prefix)'")
    }
  }

  @Test("the README's waybar module points at the style that colours it")
  func readmeWaybarHasItsStyle() throws {
    let readme = try String(contentsOfFile: Tool.repository + "/README.md", encoding: .utf8)
    let waybar = try #require(readme.firstRange(of: "**waybar**")).upperBound
    let next = readme[waybar...].firstRange(of: "\n**")?.lowerBound ?? readme.endIndex
    let section = readme[waybar..<next]
    #expect(section.contains("cat contrib/waybar/style.css >> ~/.config/waybar/style.css"), "\(section)")
    let style = try String(contentsOfFile: Tool.repository + "/contrib/waybar/style.css", encoding: .utf8)
    #expect(style.contains("#custom-pomobar {") && style.contains("padding"), "the style pads the module")
  }

  @Test("the AUR recipes build the version the binary says, from one address")
  func pkgbuildVersionsMatch() throws {
    let line = try Self.pomobar(["--version"]).stdout
    let version = try #require(line.firstMatch(of: #/^pomobar (\S+) /#)).1
    var urls: Set<String> = []
    for recipe in ["contrib/arch/PKGBUILD", "contrib/arch/pomobar-bin/PKGBUILD"] {
      let text = try String(contentsOfFile: Tool.repository + "/" + recipe, encoding: .utf8)
      let pkgver = text.firstMatch(of: #/(?m)^pkgver=(\S+)$/#)?.1
      #expect(
        pkgver.map(String.init) == String(version), "\(recipe): pkgver \(pkgver ?? "none") vs \(version)")
      urls.insert(String(try #require(text.firstMatch(of: #/(?m)^url='(\S+)'$/#)).1))
    }
    // scripts/package takes the .deb's Homepage from the first recipe.
    #expect(urls.count == 1, "\(urls)")
  }
}

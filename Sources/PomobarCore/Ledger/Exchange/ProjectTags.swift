/// Which tag of a timewarrior interval is its project.
///
/// timewarrior has no projects: people give each interval one tag per client, and
/// `timew export` sorts the tags, so no place in the list says which one it is. The rule,
/// in order:
/// 1. a `project:NAME` tag (what pomobar's own export writes);
/// 2. else the one tag that names a known project: a configured `[projects."NAME"]` table
///    or a project already in the history;
/// 3. else the one tag that matches what the user said (`import --project-tags
///    'acme,globex,client-*'`: names, or patterns where `*` is any run of characters and
///    `?` one), remembered for the next import from that source;
/// 4. else no project. Never an arbitrary tag: two tags that both qualify at the same step
///    leave the record without a project (`ambiguous` says which), with every tag kept.
public struct ProjectTags: Equatable, Sendable {
  /// Projects the history or the config already has.
  public var known: Set<String>
  /// What the user said: names and patterns.
  public var patterns: [String]

  public init(known: Set<String> = [], patterns: [String] = []) {
    self.known = known
    self.patterns = patterns
  }

  /// The project among `tags` (none of them `project:…`), when exactly one tag qualifies
  /// at the first step any does.
  public func project(among tags: [String]) -> String? {
    let found = candidates(among: tags)
    return found.count == 1 ? found[0] : nil
  }

  /// The tags that qualify at the first step any does: one is the project, two or more
  /// make the choice ambiguous.
  public func candidates(among tags: [String]) -> [String] {
    let named = tags.filter(known.contains)
    if !named.isEmpty { return Self.unique(named) }
    return Self.unique(tags.filter { tag in patterns.contains { Self.matches(tag, pattern: $0) } })
  }

  private static func unique(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.filter { seen.insert($0).inserted }
  }

  /// `--project-tags`' value: names and patterns separated by commas, each trimmed of
  /// surrounding spaces (`Umbrella Corp` keeps its inner one); empty parts are dropped, so
  /// `''` says "none".
  public static func patterns(_ list: String) -> [String] {
    list.split(separator: ",", omittingEmptySubsequences: true)
      .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
      .filter { !$0.isEmpty }
  }

  /// Whether `text` matches `pattern`, where `*` stands for any run of characters and `?`
  /// for one (compared by Unicode scalar); everything else stands for itself.
  public static func matches(_ text: String, pattern: String) -> Bool {
    let text = Array(text.unicodeScalars)
    let pattern = Array(pattern.unicodeScalars)
    var (t, p) = (0, 0)
    var star: (p: Int, t: Int)? = nil
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
        t += 1
        p += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if let last = star {
        // Let the last `*` take one more character and try again from there.
        star = (last.p, last.t + 1)
        p = last.p + 1
        t = last.t + 1
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}

extension ProjectTags {
  /// `--project-tags` as an import remembers it for the next import from the same tool:
  /// `{"source":"timewarrior","at":"2026-11-27T10:00:00.5+01:00","tags":["acme","client-*"]}`.
  public struct Remembered: Equatable, Sendable {
    public var source: String
    public var at: WallTime
    public var nanoseconds: Int32
    public var tags: [String]

    public init(source: String, at: WallTime, nanoseconds: Int32, tags: [String]) {
      self.source = source
      self.at = at
      self.nanoseconds = nanoseconds
      self.tags = tags
    }

    /// When it was said, to the nanosecond: the latest applies.
    public var madeNanoseconds: Int64 { at.utc * 1_000_000_000 + Int64(nanoseconds) }

    public var jsonLine: String {
      "{\"source\":" + JSON.quote(source) + ",\"at\":\"" + at.iso8601(nanoseconds: nanoseconds)
        + "\",\"tags\":[" + tags.map(JSON.quote).joined(separator: ",") + "]}\n"
    }

    public init(jsonLine bytes: some Collection<UInt8>) throws(LedgerRecord.DecodeError) {
      let value: JSONValue
      do {
        value = try JSON.parse(Array(bytes))
      } catch {
        throw LedgerRecord.DecodeError(message: "not JSON (\(error))")
      }
      guard let source = value["source"]?.stringValue, let stamp = value["at"]?.stringValue,
        let at = WallTime(iso8601: stamp), let list = value["tags"]?.arrayValue
      else { throw LedgerRecord.DecodeError(message: "not remembered project tags") }
      self.init(
        source: source, at: at, nanoseconds: WallTime.nanoseconds(iso8601: stamp),
        tags: list.compactMap(\.stringValue))
    }
  }
}

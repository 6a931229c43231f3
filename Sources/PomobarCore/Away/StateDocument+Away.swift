/// The time away that waits for an answer, in the ledger's part of the state file:
///
/// ```json
/// "away_choice":{"from":…,"to":…,"project":"api","tags":["billable"],"timer":{"kind":"paused-while-away","gap":…},
///                "covered":true,"answer_by":…}
/// ```
/// Absent or null: none waits (and so in files from before it).
extension StateDocument {
  static func encode(_ choice: AwayChoice?) -> JSONValue {
    guard let choice else { return .null }
    var members: [(String, JSONValue)] = [
      ("from", .integer(choice.from.nanoseconds)), ("to", .integer(choice.to.nanoseconds)),
      ("project", choice.project.map { .string($0) } ?? .null), ("timer", encode(choice.timer)),
      ("covered", .bool(choice.phaseCovered)),
      ("answer_by", choice.answerBy.map { .integer($0.nanoseconds) } ?? .null),
    ]
    if !choice.tags.isEmpty { members.append(("tags", .array(choice.tags.map { .string($0) }))) }
    return .object(members)
  }

  /// The choice; its instants are held within `near` (a year around the write), as the
  /// ledger's other instants are (a reboot may move them before the new boot), and a
  /// project name or tags the history's reader would refuse to their bounds.
  static func decodeAwayChoice(_ value: JSONValue?, near: ClosedRange<Int64>) throws(DecodeError)
    -> AwayChoice?
  {
    guard let value, !value.isNull else { return nil }
    func moment(_ key: String) throws(DecodeError) -> Instant? {
      guard let field = value[key], !field.isNull else { return nil }
      return Instant(nanoseconds: try clamped(value, key, in: near))
    }
    guard let from = try moment("from"), let to = try moment("to"), from <= to else {
      throw DecodeError(message: "ledger 'away_choice' without 'from' and 'to' in order")
    }
    let project = value["project"]?.stringValue.flatMap(ProjectName.clamped)
    return AwayChoice(
      from: from, to: to, project: project, tags: tags(value["tags"]), timer: try decodeNote(value["timer"]),
      phaseCovered: value["covered"]?.boolValue ?? false, answerBy: try moment("answer_by"))
  }
}

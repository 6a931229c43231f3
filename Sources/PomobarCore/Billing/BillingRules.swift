/// Who is billed what for a record: its rate on its day (a tag's over the project's over
/// the client's) and whether it is billable, from the config.
public struct BillingRules: Sendable {
  public let settings: BillingSettings
  let projects: [String: ProjectSettings]
  let clients: [String: ClientSettings]
  let tagRates: [String: RateSchedule]

  /// The tag that makes a record billable whatever its project says, and the one that
  /// makes it not.
  public static let billableTag = "billable"
  public static let nonBillableTag = "non-billable"

  public init(
    settings: BillingSettings, projects: [String: ProjectSettings], clients: [String: ClientSettings]
  ) {
    self.settings = settings
    self.projects = projects
    self.clients = clients
    var tagRates: [String: RateSchedule] = [:]
    for tagged in settings.tagRates where tagRates[tagged.tag] == nil { tagRates[tagged.tag] = tagged.rate }
    self.tagRates = tagRates
  }

  public init(_ config: Config) {
    self.init(settings: config.billing, projects: config.projects, clients: config.clients)
  }

  /// Whether billing is configured at all: a rate somewhere. Without one, reports and
  /// exports are as they were before billing existed.
  public var isOn: Bool {
    !tagRates.isEmpty || projects.values.contains { $0.rate != nil }
      || clients.values.contains { $0.rate != nil }
  }

  /// What a billable record is billed as.
  public struct Terms: Equatable, Sendable {
    public var client: String?
    /// nil: billable, but no rate applies (time without an amount).
    public var rate: Rate?
  }

  /// A project's settings and its client's, looked up once per project.
  public struct ProjectTerms: Sendable {
    let project: ProjectSettings?
    let clientSettings: ClientSettings?
  }

  /// The settings that decide the terms of `project`'s records.
  public func projectTerms(_ project: String?) -> ProjectTerms {
    let settings = project.flatMap { projects[$0] }
    return ProjectTerms(project: settings, clientSettings: settings?.client.flatMap { clients[$0] })
  }

  /// The terms of `record`, done on the ledger day `day` (a day number); nil when it is
  /// not billable. `+non-billable` and `+billable` decide over the config; otherwise the
  /// project's `billable`, else its client's, else whether a rate applies.
  public func terms(_ record: LedgerRecord, onDay day: Int64) -> Terms? {
    terms(record, onDay: day, of: projectTerms(record.project))
  }

  /// `terms(_:onDay:)` with `found`, the `projectTerms` of the record's project that the
  /// caller keeps (passed as it is kept: an optional made of it copied it per record).
  func terms(_ record: LedgerRecord, onDay day: Int64, of found: borrowing ProjectTerms) -> Terms? {
    var rate: Rate? = nil
    if !tagRates.isEmpty {
      for tag in record.tags {
        if let tagged = tagRates[tag]?.rate(onDay: day) {
          rate = tagged
          break
        }
      }
    }
    if rate == nil {
      rate = found.project?.rate?.rate(onDay: day) ?? found.clientSettings?.rate?.rate(onDay: day)
    }
    let billable: Bool
    if record.tags.contains(Self.nonBillableTag) {
      billable = false
    } else if record.tags.contains(Self.billableTag) {
      billable = true
    } else {
      billable = found.project?.billable ?? found.clientSettings?.billable ?? (rate != nil)
    }
    return billable ? Terms(client: found.project?.client, rate: rate) : nil
  }
}

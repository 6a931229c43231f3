/// The text alone, one line per update: for polybar's `custom/script` with `tail = true`
/// (each line replaces the module's text), and for scripts and pipes.
public struct PlainEncoder: BarEncoder {
  public init() {}

  public var clockFields: ClockFields? { [] }

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    view.fullText.singleLine + "\n"
  }
}

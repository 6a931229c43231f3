import PomobarCore
import Testing

/// A time of day written one way wherever one is shown, and read back as it was written.
@Suite("Clock times")
struct ClockTimeTests {
  @Test func theHourHasTwoDigitsAndTheSecondsAreDropped() {
    #expect(ClockTime.text(0) == "00:00")
    #expect(ClockTime.text(32_700) == "09:05")
    #expect(ClockTime.text(32_730) == "09:05")
    #expect(ClockTime.text(86_399) == "23:59")
    #expect(ClockTime.text(86_400) == "24:00")
  }

  @Test func theHourAsItIsAndTheSecondsWhenThereAreSome() {
    #expect(ClockTime.text(32_700, paddedHour: false) == "9:05")
    #expect(ClockTime.text(32_700, paddedHour: false, withSeconds: true) == "9:05")
    #expect(ClockTime.text(32_730, paddedHour: false, withSeconds: true) == "9:05:30")
    #expect(ClockTime.text(52_215, withSeconds: true) == "14:30:15")
  }

  @Test(arguments: [0, 59, 60, 3_599, 32_730, 52_215, 86_399] as [Int64])
  func whatIsWrittenReadsBack(second: Int64) {
    #expect(ClockTime.secondOfDay(ClockTime.text(second, withSeconds: true)) == second)
    #expect(ClockTime.secondOfDay(ClockTime.text(second, paddedHour: false, withSeconds: true)) == second)
  }
}

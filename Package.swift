// swift-tools-version: 6.1
// pomobar: a Pomodoro timer for Linux status bars.
// No package dependencies, by design: only the toolchain's own modules.
import PackageDescription

let package = Package(
  name: "pomobar",
  products: [
    .executable(name: "pomobar", targets: ["pomobar"])
  ],
  targets: [
    // A standalone TOML 1.0 parser with line:column errors; knows nothing of pomobar.
    .target(name: "TOML"),
    // Pure logic: config model, timer state machine, view model, encoders, clicks.
    .target(name: "PomobarCore", dependencies: ["TOML"]),
    // The outside world: clocks, files, locks, inotify, signals, the run loop.
    .target(name: "PomobarSystem", dependencies: ["PomobarCore", "CLinux"]),
    // Linux headers Swift's Glibc module leaves out (epoll, timerfd, signalfd, inotify).
    .target(name: "CLinux"),
    // The command line: parsing, each command's plan, what it prints.
    .target(name: "PomobarCommands", dependencies: ["PomobarCore", "PomobarSystem"]),
    // The table of contents: which command runs which function.
    .executableTarget(name: "pomobar", dependencies: ["PomobarCommands", "PomobarSystem"]),
    .testTarget(name: "TOMLTests", dependencies: ["TOML"], resources: [.copy("Fixtures")]),
    .testTarget(name: "PomobarCoreTests", dependencies: ["PomobarCore"], resources: [.copy("Golden")]),
    .testTarget(name: "PomobarSystemTests", dependencies: ["PomobarSystem", "PomobarCore"]),
    .testTarget(name: "PomobarCommandsTests", dependencies: ["PomobarCommands", "PomobarCore"]),
  ]
)

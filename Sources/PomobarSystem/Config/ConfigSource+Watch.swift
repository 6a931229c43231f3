import PomobarCore

/// Following the config file while a long-running process (a bar, `pomobar idle-watch`)
/// runs: its edits are picked up without a restart.
extension ConfigSource {
  /// What `watch` follows, and how; pass it to the next `watch`.
  public struct Watched {
    /// The files whose change means the config changed (for `touched`).
    public internal(set) var files: [String] = []
    /// Folders of those files that exist, watched for their names.
    var present: [String] = []
    /// Folders that were there and are gone (moved aside, about to be made anew): their
    /// nearest existing ancestors, in `ancestors`, are watched for names until they are back.
    var lost: [String] = []
    var ancestors: [String] = []
    /// Folders that were never there (a new user's `~/.config/pomobar`): not waited for
    /// through a parent, where every save of another program would wake the process, but
    /// looked for with `appeared`.
    var awaited: [String] = []

    public init() {}

    /// Whether a folder the config was awaited in exists now: read the config and watch it
    /// again. For the process to ask when something else wakes it (and on SIGHUP).
    public var appeared: Bool { awaited.contains { FileSystem.exists($0) } }
  }

  /// Watches the config file for its writes and its folder for its names, so that a
  /// config saved in place, saved by rename, or a config folder replaced by another (moved
  /// aside, made anew) is picked up. A symlink on the way (a dotfiles folder linked in) has
  /// its folder watched too, as it can be pointed elsewhere. Only names: writes to other
  /// programs' files do not wake the process. A folder that was there and went is awaited
  /// through its nearest existing ancestor's names; one that was never there is not
  /// watched for at all (see `Watched.awaited`): others' saves in `~/.config` wake nothing.
  /// `[ledger] days-off-file` is watched the same way.
  public func watch(with watcher: inout FileWatcher, daysOff: String?, after before: Watched) -> Watched {
    var watched = Watched()
    let files = resolvedFiles(daysOff: daysOff)
    watched.files = files.map(\.path)
    var names: [String] = []
    for (file, real) in files {
      try? watcher.watch(file, for: .file)  // none yet: its folder says when it comes
      let folder = FileSystem.directory(of: file)
      var nearest = folder
      if FileSystem.exists(folder) {
        watched.present.append(folder)
      } else if before.present.contains(folder) || before.lost.contains(folder) {
        watched.lost.append(folder)
        while !FileSystem.exists(nearest) && nearest != "/" && nearest != "." {
          nearest = FileSystem.directory(of: nearest)
        }
        watched.ancestors.append(nearest)
      } else {
        watched.awaited.append(folder)
        continue
      }
      names.append(nearest)
      // A real path has no symlink on the way (a bar's start: six `lstat`s fewer).
      var path = real && nearest == folder ? "/" : nearest
      while path != "/" && path != "." {
        let parent = FileSystem.directory(of: path)
        if FileSystem.isSymlink(path) { names.append(parent) }
        path = parent
      }
    }
    for folder in names { try? watcher.watch(folder, for: .names) }
    // An ancestor watched while a folder was gone, no longer wanted: others' saves there
    // would wake the process.
    for ancestor in before.ancestors where !names.contains(ancestor) { watcher.unwatch(ancestor) }
    return watched
  }

  /// Watches the config, then reads it again (`load(fallback:)`): a config saved between
  /// the two is seen by the watch. Read first, a folder replaced by another (moved aside,
  /// made anew, then the config written in it) lost the config written before the new
  /// folder was watched, until the next save. A reload that names another
  /// `[ledger] days-off-file` has it watched, and is read once more after that watch.
  public func follow(with watcher: inout FileWatcher, after before: Watched, current: Config)
    -> (watched: Watched, loaded: Loaded)
  {
    var daysOff = current.ledger.daysOffFile
    var watched = watch(with: &watcher, daysOff: daysOff, after: before)
    var loaded = load(fallback: current)
    for _ in 0..<2 where !loaded.missing && loaded.config.ledger.daysOffFile != daysOff {
      daysOff = loaded.config.ledger.daysOffFile
      watched = watch(with: &watcher, daysOff: daysOff, after: watched)
      loaded = load(fallback: current)
    }
    return (watched, loaded)
  }

  /// Whether `changes` may have changed the config whose files are `files` (a lost
  /// folder may have been on the way to it).
  public static func touched(_ files: [String], by changes: FileWatcher.Changes) -> Bool {
    let touched = (changes.paths + changes.lostFiles).contains { path in
      files.contains { $0 == path || $0.utf8.starts(with: (path + "/").utf8) }
    }
    return touched || !changes.lostFolders.isEmpty
  }
}

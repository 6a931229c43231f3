/// Following the config file while a long-running process (a bar, `pomobar idle-watch`)
/// runs: its edits are picked up without a restart.
extension ConfigSource {
  /// Watches the config file for its writes and its folder for its names, so that a
  /// config saved in place, saved by rename, created after start-up, or a config folder
  /// replaced by another (moved aside, made anew) is picked up. While the folder does not
  /// exist, the nearest existing ancestor is watched for its names, and a symlink on the
  /// way (a dotfiles folder linked in) has its folder watched too, as it can be pointed
  /// elsewhere. Only names: writes to other programs' files in `~/.config` or `$HOME` do
  /// not wake the process. `[ledger] days-off-file` is watched the same way.
  ///
  /// Returns the files whose change means the config changed (for `touched`).
  public func watch(with watcher: inout FileWatcher, daysOff: String?) -> [String] {
    let files = watchedFiles(daysOff: daysOff)
    for file in files {
      try? watcher.watch(file, for: .file)  // none yet: its folder says when it comes
      var folder = FileSystem.directory(of: file)
      while !FileSystem.exists(folder) && folder != "/" && folder != "." {
        folder = FileSystem.directory(of: folder)
      }
      try? watcher.watch(folder, for: .names)
      var path = folder
      while path != "/" && path != "." {
        let parent = FileSystem.directory(of: path)
        if FileSystem.isSymlink(path) { try? watcher.watch(parent, for: .names) }
        path = parent
      }
    }
    return files
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

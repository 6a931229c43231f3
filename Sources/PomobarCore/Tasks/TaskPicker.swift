/// The dmenu-style programs pomobar can pick a task with: each reads the tasks on stdin,
/// one a line, and prints the chosen one (or what was typed) on stdout; nothing, and a
/// non-zero exit, when cancelled.
public enum TaskPicker {
  /// The prompt each is given.
  public static let prompt = "task"

  /// The pickers to look for on `PATH`, first found wins, when `[tasks] picker` is unset.
  ///
  /// In a Wayland session the native ones come first: fuzzel and wofi are Wayland-only
  /// and take the keyboard at once, bemenu draws on both; rofi 1.7 (Debian's) and dmenu
  /// are X11 programs that under XWayland may open on another output or not get the
  /// keyboard. In an X11 session: rofi (fuzzy matching, an entry for a new task), then
  /// dmenu (everywhere, tiny), then bemenu; fuzzel and wofi cannot run there.
  public static func candidates(wayland: Bool) -> [[String]] {
    let rofi = ["rofi", "-dmenu", "-i", "-p", prompt]
    let wofi = ["wofi", "--dmenu", "--insensitive", "--prompt", prompt]
    let fuzzel = ["fuzzel", "--dmenu", "--prompt", prompt + ": "]
    let bemenu = ["bemenu", "-i", "-p", prompt]
    let dmenu = ["dmenu", "-i", "-p", prompt]
    return wayland ? [fuzzel, wofi, bemenu, rofi, dmenu] : [rofi, dmenu, bemenu]
  }
}

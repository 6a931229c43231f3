/// `[tasks]`: the task of a focus, picked from a source and written back ([docs/tasks.md]).
extension ConfigSchema {
  static let tasks = ConfigTable(
    name: "tasks",
    doc: """
      Where `pomobar ctl task` (without words) and the click action "pick-task" pick the
      task of the running or next focus from, with a dmenu-style picker.
      """,
    keys: [
      ConfigKey(
        "tasks", "source", \.tasks.source, .choice,
        doc: """
          "none" (only `pomobar ctl task TEXT`), "taskwarrior" (pending tasks, most urgent first),
          "todo.txt" (the file below, (A) priorities first, done lines left out) or "command"
          (any command printing one task a line). A task's project (taskwarrior's project,
          todo.txt's first +project) becomes the work clock's project.
          """),
      ConfigKey(
        "tasks", "file", \.tasks.file, .string,
        doc: "The todo.txt file of source = \"todo.txt\" (~/ is your home folder)."),
      ConfigKey(
        "tasks", "command", \.tasks.command, .optionalPath,
        example: .commented("\"gh issue list --json title --jq '.[].title'\""),
        doc: """
          The command of source = "command", run with `sh -c`: one task a line (a +word in it
          is the task's project). It gets 5 s and 4 MiB; more is refused with ⚠.
          """),
      ConfigKey(
        "tasks", "picker", \.tasks.picker, .commandLineOrEmpty,
        doc: """
          The picker, a command line reading the tasks on stdin and printing the chosen one:
          "" picks the first found of fuzzel, wofi, bemenu, rofi, dmenu in a Wayland session,
          rofi, dmenu, bemenu in an X11 one. For example "rofi -dmenu -i -p task".
          """),
      ConfigKey(
        "tasks", "write-back", \.tasks.writeBack, .boolean,
        doc: """
          Write the focus back to the task: taskwarrior's task is started and stopped with the
          focus and annotated ("pomobar: focus completed, 25 min"); a todo.txt line gets
          pomo:N (focus sessions completed) and spent:75m (minutes of focus); a command
          source runs write-back-command.
          """),
      ConfigKey(
        "tasks", "write-back-command", \.tasks.writeBackCommand, .optionalPath,
        example: .commented("\"my-tracker log \\\"$POMOBAR_TASK_ID\\\" $POMOBAR_MINUTES\""),
        doc: """
          With source = "command": run with `sh -c` at each focus's start and end, with the
          hooks' variables and POMOBAR_TASK, POMOBAR_TASK_ID, POMOBAR_MINUTES (none by default).
          """),
    ])
}

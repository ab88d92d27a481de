/**
 * The program of the watchdog process, for `/bin/sh -c` (a shell: a few hundred KiB, started in a
 * millisecond, where a second Node would take 40 MiB and 40 ms). It reads lines from its stdin, the pipe
 * held by its host: `+<pgid>` watches a process group, `-<pgid>` forgets it. When the pipe ends (the host
 * exited or died, SIGKILL included, since the kernel closes a dead process's descriptors) it sends SIGTERM to
 * every watched group, waits `$1` seconds, sends SIGKILL to those still there, and exits. It ignores the
 * terminal's signals: only the end of the pipe stops it. Lines that are not `+N`/`-N` are ignored.
 */
export const WATCHDOG_SCRIPT = `
trap '' INT HUP QUIT TERM
groups=' '
while IFS= read -r line; do
  case "$line" in
    +*) g=\${line#+}; case "$g" in ''|*[!0-9]*) ;; *) groups="$groups$g " ;; esac ;;
    -*) g=\${line#-}; case "$g" in ''|*[!0-9]*) ;; *) groups=$(printf '%s' "$groups" | sed "s/ $g / /") ;; esac ;;
  esac
done
[ "$groups" = ' ' ] && exit 0
for g in $groups; do kill -s TERM -- "-$g" 2>/dev/null; done
sleep "\${1:-1}"
for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
exit 0
`;

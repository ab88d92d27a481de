#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal, as a person at a terminal would.

Usage: run-in-pty.py <answers-json> -- <command> [args...]
<answers-json> is a JSON list of [prompt-substring, text-to-type] pairs, answered in order when the
prompt appears; an optional third element is an argv run (to completion) just before typing, to change
something while the question is on screen. Everything the command printed goes to stdout; the exit status is the command's own
(128 + n when it died of signal n). Gives up after 30 seconds.
"""
import json, os, pty, select, subprocess, sys, time

def main() -> int:
    sep = sys.argv.index('--')
    answers = json.loads(sys.argv[1])
    argv = sys.argv[sep + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    seen = b''
    deadline = time.time() + 30
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
        while answers and answers[0][0].encode() in seen:
            prompt, text, *before = answers.pop(0)
            seen = seen.split(prompt.encode(), 1)[1]
            if before:
                subprocess.run(before[0], check=True)
            os.write(fd, text.encode())
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)

if __name__ == '__main__':
    sys.exit(main())

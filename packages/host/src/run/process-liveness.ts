/**
 * True unless the process `pid` certainly does not exist. Uses `process.kill(pid, 0)`, which sends
 * nothing: only ESRCH means gone; EPERM (someone else's live process) and any other answer count as alive,
 * so a caller that deletes files of dead processes errs on the side of keeping them.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

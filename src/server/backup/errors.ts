/**
 * An expected failure of a backup or a restore (a missing argument, an unwritable folder, pg_dump not
 * installed, a damaged archive): the command prints its message alone, never a stack trace.
 */
export class BackupError extends Error {}

/** One line from a file-system error: "permission denied", "no such file or directory". */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ENOENT: 'no such file or directory',
    ENOSPC: 'no space left on the device',
    EROFS: 'read-only file system',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'it is a folder',
  };
  if (code && known[code]) return known[code];
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}

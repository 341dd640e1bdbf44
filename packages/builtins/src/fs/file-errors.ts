import { ToolError } from '@wesgine/schema';

/** The `ToolError` for a file-system failure, in words the model can act on; `shown` is the path it gave. */
export function fileError(error: unknown, shown: string): ToolError {
  if (ToolError.isInstance(error)) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return new ToolError('file_not_found', `${shown} does not exist.`);
    case 'ENOTDIR':
      return new ToolError('file_not_found', `${shown} does not exist: a part of the path is a file, not a folder.`);
    case 'EISDIR':
      return new ToolError('not_a_file', `${shown} is a folder, not a file.`);
    case 'ELOOP':
      return new ToolError('not_a_file', `${shown} leads through a loop of symbolic links.`);
    case 'EACCES':
    case 'EPERM':
      return new ToolError('denied', `The system refused access to ${shown} (${code}).`);
    case 'ENOSPC':
      return new ToolError('unavailable', `The disk is full; ${shown} was not changed.`);
    case 'EROFS':
      return new ToolError('denied', `${shown} is on a read-only file system.`);
    default:
      return new ToolError(
        'handler_failed',
        `Could not access ${shown}${code === undefined ? '' : ` (${code})`}: ${(error as Error | undefined)?.message ?? String(error)}`,
        { cause: error },
      );
  }
}

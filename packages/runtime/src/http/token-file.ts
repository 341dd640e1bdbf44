import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The file in the cell's data folder that keeps the owner token between starts. */
export const TOKEN_FILE = 'http-token';

/** The owner token and the file it is kept in. */
export interface StoredToken {
  readonly token: string;
  readonly file: string;
}

/**
 * The owner token kept in `<dataDir>/http-token`: read when the file exists, else made (32 random bytes,
 * base64url: 43 characters) and written with mode 0600, so that a restart on the same data folder keeps
 * the token its clients know. The file is refused, never repaired, when it is a link, belongs to another
 * user or can be read or written by anyone but its owner: the token may be known, or planted, then.
 * Two servers starting at once get the same token (the file appears whole or not at all).
 */
export function storedToken(dataDir: string): StoredToken {
  const file = join(dataDir, TOKEN_FILE);
  const found = readToken(file);
  if (found !== undefined) return { token: found, file };
  createToken(dataDir, file);
  const made = readToken(file);
  if (made === undefined) throw new Error(`the token file ${file} was deleted as it was made; start again`);
  return { token: made, file };
}

/** The token in `file`, or undefined when there is no file. Throws when the file cannot be trusted. */
function readToken(file: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new Error(`the token file ${file} is a symbolic link; delete it to get a new token`);
    throw error;
  }
  try {
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) throw new Error(`the token file ${file} is not a regular file; delete it to get a new token`);
    if (process.platform !== 'win32') {
      const uid = process.getuid?.();
      if (uid !== undefined && stat.uid !== uid) {
        throw new Error(
          `the token file ${file} belongs to another user (uid ${stat.uid}), who may know or have chosen the token; delete it to get a new one`,
        );
      }
      const mode = stat.mode & 0o777;
      if ((mode & 0o077) !== 0) {
        throw new Error(
          `the token file ${file} is open to other users (mode ${mode.toString(8).padStart(4, '0')}), who may know the token; ` +
            'delete it to get a new one on the next start, or run chmod 600 on it if nobody else could have read it',
        );
      }
    }
    const token = readFileSync(descriptor, 'utf8').trim();
    if (!/^[\x21-\x7e]+$/.test(token)) {
      throw new Error(
        `the token file ${file} does not hold a token (visible ASCII without spaces); delete it to get a new one`,
      );
    }
    return token;
  } finally {
    closeSync(descriptor);
  }
}

/** Writes a new token to `file` unless one appeared meanwhile. */
function createToken(dataDir: string, file: string): void {
  const token = randomBytes(32).toString('base64url');
  // Written whole under a private name, then linked into place: `link` fails when the file exists, so
  // a reader never sees a half-written token and a concurrent start keeps the first token.
  const draft = join(dataDir, `.${TOKEN_FILE}-${randomUUID()}`);
  const descriptor = openSync(
    draft,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    0o600,
  );
  try {
    writeSync(descriptor, `${token}\n`);
  } finally {
    closeSync(descriptor);
  }
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
}

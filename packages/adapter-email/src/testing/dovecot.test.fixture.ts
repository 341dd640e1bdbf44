import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** A mailbox account of the test server. */
export interface MailUser {
  readonly user: string;
  readonly password: string;
}

/** A Dovecot IMAP server on loopback, with its own config, state and mail in one temp folder. */
export interface Dovecot {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly dir: string;
  /** The server's log so far (for a failing test's message). */
  log(): string;
  /** Stops the server (waiting for its exit, about a second) and keeps its mail and port for `resume`. */
  halt(): Promise<void>;
  /** Starts it again on the same port with the same mail. */
  resume(): Promise<void>;
  /** Stops it and waits for the process to exit (Dovecot takes about a second), then removes its folder. */
  stop(): Promise<void>;
}

/** A free loopback port: listen on 0, read the port, close. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts Debian's Dovecot (`dovecot -F -c <conf>`) with plain-text logins on 127.0.0.1 and a
 * passwd-file of `users`. As root the mail belongs to `nobody` (Dovecot refuses uid 0); otherwise to the
 * current user, with the login and internal users set to it and chroots off.
 */
export async function startDovecot(users: readonly MailUser[]): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), 'wesgine-dovecot-'));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const uid = root ? 65534 : (process.getuid?.() ?? 65534);
  const gid = root ? 65534 : (process.getgid?.() ?? 65534);
  for (const sub of ['run', 'state', 'log', 'mail']) mkdirSync(join(dir, sub));
  chmodSync(dir, 0o755);
  const passwd = users
    .map(({ user, password }) => `${user}:{PLAIN}${password}:${uid}:${gid}::${join(dir, 'mail', user)}`)
    .join('\n');
  for (const { user } of users) mkdirSync(join(dir, 'mail', user));
  if (root) chownSync(join(dir, 'mail'), uid, gid);
  if (root) for (const { user } of users) chownSync(join(dir, 'mail', user), uid, gid);
  writeFileSync(join(dir, 'passwd'), `${passwd}\n`);
  const me = root ? undefined : userInfo().username;
  const group = root ? undefined : execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
  const conf = [
    `base_dir = ${join(dir, 'run')}`,
    `state_dir = ${join(dir, 'state')}`,
    `log_path = ${join(dir, 'log', 'dovecot.log')}`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    'auth_failure_delay = 0',
    'mail_location = maildir:~/Maildir',
    `default_login_user = ${me ?? 'dovenull'}`,
    `default_internal_user = ${me ?? 'dovecot'}`,
    ...(group === undefined ? [] : [`default_internal_group = ${group}`]),
    // No growing wait after a wrong password (the auth penalty), which the failure tests cause on purpose.
    'service anvil {',
    ...(root ? [] : ['  chroot =']),
    '  unix_listener anvil-auth-penalty {',
    '    mode = 0',
    '  }',
    '}',
    'service imap-login {',
    ...(root ? [] : ['  chroot =']),
    '  inet_listener imap {',
    '    address = 127.0.0.1',
    `    port = ${port}`,
    '  }',
    '  inet_listener imaps {',
    '    port = 0',
    '  }',
    '}',
    'service stats {',
    '  unix_listener stats-writer {',
    '    mode = 0666',
    '  }',
    '}',
    'passdb {',
    '  driver = passwd-file',
    `  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}`,
    '}',
    'userdb {',
    '  driver = passwd-file',
    `  args = username_format=%u ${join(dir, 'passwd')}`,
    '}',
    '',
  ].join('\n');
  const confPath = join(dir, 'dovecot.conf');
  writeFileSync(confPath, conf);
  let stderr = '';
  const launch = async () => {
    // A process group of its own, so that stopping it stops the imap processes serving open connections.
    const child = spawn('/usr/sbin/dovecot', ['-F', '-c', confPath], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await waitForGreeting(port, child);
    } catch (error) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`Dovecot did not start: ${(error as Error).message}\n${log()}`);
    }
    return async () => {
      const group = child.pid === undefined ? undefined : -child.pid;
      if (child.exitCode === null && child.signalCode === null && group !== undefined) process.kill(group, 'SIGTERM');
      await exited;
      if (group !== undefined) await killGroup(group);
    };
  };
  const log = () => {
    let text = stderr;
    try {
      text += readFileSync(join(dir, 'log', 'dovecot.log'), 'utf8');
    } catch {}
    return text;
  };
  let halt: (() => Promise<void>) | undefined;
  try {
    halt = await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    dir,
    log,
    halt: async () => {
      await halt?.();
      halt = undefined;
    },
    resume: async () => {
      if (halt === undefined) halt = await launch();
    },
    stop: async () => {
      await halt?.();
      halt = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Kills what is left of a process group (imap processes serving open connections) and waits until none is. */
async function killGroup(group: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let tries = 0; alive() && tries < 200; tries += 1) {
    try {
      process.kill(group, 'SIGKILL');
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once the server sends its `* OK` greeting; rejects when the process exits or 10 s pass. */
async function waitForGreeting(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with code ${child.exitCode}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.setTimeout(1000);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (greeted) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no greeting on the IMAP port within 10 s');
}

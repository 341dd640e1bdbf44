// Finding bubblewrap and proving once that it can start a sandbox here (user namespaces allowed).
import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export type BubblewrapProbe =
  | { readonly ok: true; readonly path: string }
  /** `fix`: what the person running the runtime can do about it. */
  | { readonly ok: false; readonly reason: string; readonly fix: string };

const INSTALL = "Install the Debian package 'bubblewrap' (apt-get install bubblewrap)";

/** Probes by program path: a `PATH` change (a test hiding bwrap) is seen at once. */
const probed = new Map<string, BubblewrapProbe>();

/** The first executable `bwrap` on `PATH`. */
export function bubblewrapOnPath(path: string | undefined = process.env.PATH): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, 'bwrap');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Whether the sandbox can start on this machine, and why not; the first answer per program is kept. */
export function probeBubblewrap(path: string | undefined = process.env.PATH): BubblewrapProbe {
  if (process.platform !== 'linux') {
    return {
      ok: false,
      reason: `the OS sandbox needs Linux (bubblewrap); this is ${process.platform}`,
      fix: 'Run the runtime on Linux',
    };
  }
  const program = bubblewrapOnPath(path);
  if (program === undefined) return { ok: false, reason: 'bubblewrap (bwrap) is not on the PATH', fix: INSTALL };
  const known = probed.get(program);
  if (known !== undefined) return known;
  const started = spawnSync(program, PROBE_ARGUMENTS, {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: PROBE_MS,
    encoding: 'utf8',
  });
  const probe = probeAnswer(program, started.status, started.stderr, started.error);
  probed.set(program, probe);
  return probe;
}

/**
 * `probeBubblewrap` without blocking the event loop while bubblewrap starts (a request path asks this);
 * the same answers, kept in the same place.
 */
export async function probeBubblewrapAsync(path: string | undefined = process.env.PATH): Promise<BubblewrapProbe> {
  if (process.platform !== 'linux') return probeBubblewrap(path);
  const program = bubblewrapOnPath(path);
  if (program === undefined) return probeBubblewrap(path);
  const known = probed.get(program);
  if (known !== undefined) return known;
  const probe = await new Promise<BubblewrapProbe>((resolve) => {
    const child = execFile(program, PROBE_ARGUMENTS, { timeout: PROBE_MS, encoding: 'utf8' }, (error, _out, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve(probeAnswer(program, status, stderr, error ?? undefined));
    });
    child.stdin?.end();
  });
  probed.set(program, probe);
  return probe;
}

/** The sandbox the probe starts: the limits are applied by util-linux's prlimit inside, so it proves that is there too. */
const PROBE_ARGUMENTS = [
  '--unshare-user',
  '--unshare-pid',
  '--unshare-net',
  '--ro-bind',
  '/',
  '/',
  '--proc',
  '/proc',
  'prlimit',
  '--core=0',
  '--',
  'true',
];
const PROBE_MS = 10_000;

function probeAnswer(
  program: string,
  status: number | null,
  stderr: string | null | undefined,
  error: Error | undefined,
): BubblewrapProbe {
  return status === 0
    ? { ok: true, path: program }
    : {
        ok: false,
        reason: `${program} could not create a sandbox (${firstLine(stderr) || error?.message || `exit ${status}`})`,
        fix: 'Allow user namespaces (sysctl kernel.unprivileged_userns_clone=1 and user.max_user_namespaces above 0), and check that util-linux (prlimit) is installed',
      };
}

function firstLine(text: string | null | undefined): string {
  return (text ?? '').trim().split('\n')[0] ?? '';
}

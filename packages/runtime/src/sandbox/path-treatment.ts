// How the sandbox treats each path of the roots, from the same rules the call-time judgement uses:
// Hardline's closed paths are hidden and its write-protected ones read-only; a Zone path rule that would
// deny this tool hides the path, one that would ask makes it read-only (nobody can be asked mid-program).
import { join } from 'node:path';
import { hardlinePath } from '../governance/hardline-paths.js';
import type { Zone } from '../zone/zone.js';
import type { PathForms, PathTreatment } from './sandbox-view.js';

/** A name no rule singles out, standing for any file inside a folder. */
const PROBE = 'wesgine-any-file';

export function pathTreatment(
  zone: Zone | undefined,
  tool: string,
  workDir: string,
): (path: PathForms, folder: boolean) => PathTreatment {
  return (path, folder) => {
    if (!hardlinePath(path, 'read').allow) return 'hidden';
    const effect = zone?.pathEffect({ tool, workDir, path });
    if (effect === 'deny') return 'hidden';
    if (effect === 'ask') return 'read-only';
    if (hardlinePath(path, 'write').allow) return undefined;
    if (!folder) return 'read-only';
    // A folder whose entry is protected but not its contents (a `.git` folder): it stays writable but
    // may not be moved or replaced, or a new one could be put in its place.
    const inside = { lexical: join(path.lexical, PROBE), real: join(path.real, PROBE) };
    return hardlinePath(inside, 'write').allow ? 'pinned' : 'read-only';
  };
}

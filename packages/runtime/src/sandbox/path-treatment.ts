// How the sandbox treats each path of the roots, from the same rules the call-time judgement uses:
// Hardline's closed paths are hidden and its write-protected ones read-only; a Zone path rule that would
// deny this tool hides the path, one that would ask makes it read-only (nobody can be asked mid-program).
import { hardlinePath } from '../governance/hardline-paths.js';
import type { Zone } from '../zone/zone.js';
import type { PathForms, PathTreatment } from './sandbox-view.js';

export function pathTreatment(
  zone: Zone | undefined,
  tool: string,
  workDir: string,
): (path: PathForms, folder: boolean) => PathTreatment {
  return (path) => {
    if (!hardlinePath(path, 'read').allow) return 'hidden';
    const effect = zone?.pathEffect({ tool, workDir, path });
    if (effect === 'deny') return 'hidden';
    if (effect === 'ask' || !hardlinePath(path, 'write').allow) return 'read-only';
    return undefined;
  };
}

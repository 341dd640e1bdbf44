import type { ToolHandler } from '@wesgine/schema';
import type { ApplyPatchArgs } from '../../generated/types.gen.js';
import { lazyHandler } from '../lazy/lazy-handler.js';

/** Handles `apply_patch`: a Codex-format patch, all or nothing (patch/apply-patch.ts). */
export const applyPatch: ToolHandler<ApplyPatchArgs> = lazyHandler(
  async () => (await import('../patch/apply-patch.js')).runApplyPatch,
);

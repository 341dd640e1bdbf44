/** Folders that only codegen writes: a file in them that codegen did not generate this time is stale. */
export const MANAGED_PATHS = ['generated'] as const;

/** One output of codegen: a pack-relative posix path and the exact text to write. */
export interface GeneratedFile {
  readonly path: string;
  readonly contents: string;
}

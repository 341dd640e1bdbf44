/** One line of a chunk's body: unchanged (`' '`), removed (`'-'`) or added (`'+'`), without its marker. */
export interface ChunkLine {
  readonly kind: ' ' | '-' | '+';
  readonly text: string;
}

/** One `@@` chunk of an Update section: where to look, and the lines it changes. */
export interface PatchChunk {
  /** 1-based line of the patch where the chunk starts, for messages. */
  readonly line: number;
  /** The `@@ <text>` lines before the body, each found in turn, in file order. */
  readonly contexts: readonly string[];
  readonly lines: readonly ChunkLine[];
  /** The chunk ends with `*** End of File`: its lines are the last ones of the file. */
  readonly endOfFile: boolean;
}

export interface AddSection {
  readonly kind: 'add';
  readonly path: string;
  readonly line: number;
  readonly content: string;
}

export interface DeleteSection {
  readonly kind: 'delete';
  readonly path: string;
  readonly line: number;
}

export interface UpdateSection {
  readonly kind: 'update';
  readonly path: string;
  readonly line: number;
  readonly moveTo?: string;
  readonly chunks: readonly PatchChunk[];
}

/** One file's section of a patch: `*** Add File:`, `*** Delete File:` or `*** Update File:`. */
export type PatchSection = AddSection | DeleteSection | UpdateSection;

/** A parsed patch, or why it is not one (a message naming the line, for the model). */
export type ParsedPatch =
  | { readonly ok: true; readonly sections: readonly PatchSection[] }
  | { readonly ok: false; readonly message: string };

/** Every path a section names: its own, and where an Update moves the file. */
export function sectionPaths(section: PatchSection): string[] {
  return section.kind === 'update' && section.moveTo !== undefined ? [section.path, section.moveTo] : [section.path];
}

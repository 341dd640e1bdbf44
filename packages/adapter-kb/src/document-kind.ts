import type { KbKind } from './kb-store.js';

/** File name endings the kb reads, and what each is read as. Others are never indexed. */
const KINDS: Readonly<Record<string, KbKind>> = {
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  txt: 'text',
  text: 'text',
  rst: 'text',
  adoc: 'text',
  org: 'text',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
};

/** The kind of a file by its name's ending (case-insensitive), or `undefined` for one the kb does not read. */
export function kindOf(name: string): KbKind | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  return KINDS[name.slice(dot + 1).toLowerCase()];
}

/** The endings, for messages and the README. */
export const KNOWN_ENDINGS: readonly string[] = Object.freeze(Object.keys(KINDS));

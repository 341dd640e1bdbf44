/** The longest file name (in characters) an attachment is saved under; longer ones keep their extension. */
const MAX_NAME = 150;

/**
 * A safe file name for an attachment: the last part of the name the sender gave (no folders, so it
 * cannot climb out), without control characters or characters file systems refuse, and without
 * leading dots (no hidden files) or trailing dots and spaces. A name that is empty after that becomes
 * `attachment-<n>`.
 */
export function attachmentFileName(given: string | undefined, index: number): string {
  const last = (given ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = last
    .replace(/[\p{Cc}\p{Cf}<>:"|?*\u2028\u2029]/gu, '')
    .replace(/^[\s.]+/u, '')
    .replace(/[\s.]+$/u, '');
  if (name === '') return `attachment-${index + 1}`;
  if ([...name].length > MAX_NAME) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name =
      [...name.slice(0, name.length - extension.length)].slice(0, MAX_NAME - extension.length).join('') + extension;
  }
  return name;
}

/** The `n`-th other name for a file whose name is taken: `report (2).csv`. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** How a text file ends its lines, and whether its last line ends. */
export interface TextShape {
  readonly eol: '\n' | '\r\n';
  readonly finalNewline: boolean;
}

/** A file is CRLF when its first line break is `\r\n`. */
export function shapeOf(text: string): TextShape {
  const first = text.indexOf('\n');
  const eol = first > 0 && text[first - 1] === '\r' ? '\r\n' : '\n';
  return { eol, finalNewline: text.endsWith('\n') };
}

/** Every `\r\n` as `\n`, for matching text the model wrote against the file. */
export function toLf(text: string): string {
  return text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
}

/** LF text back in the file's line endings. */
export function fromLf(text: string, eol: TextShape['eol']): string {
  return eol === '\n' ? text : text.replaceAll('\n', '\r\n');
}

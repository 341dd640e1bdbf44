/** What a line reader hands on: each complete line, or that a line grew past its cap. */
export interface LineSink {
  line(text: string): void;
  /** A line passed `maxLineBytes` before its newline; nothing more is read after this. */
  overflow(bytes: number): void;
}

/**
 * Splits a byte stream into newline-delimited lines (NDJSON framing), on the bytes: a line that arrives
 * in one chunk is decoded straight from it; only a line split across chunks is kept (as the chunks'
 * tails) until its newline. Memory stays bounded: the unfinished line is the only buffer, and it may not
 * grow past `maxLineBytes`. A trailing `\r` is dropped, so CRLF-writing plugins work; blank lines are
 * skipped. UTF-8 is decoded per whole line, so a character split across chunks arrives whole.
 */
export class LineReader {
  readonly #sink: LineSink;
  readonly #maxLineBytes: number;
  #parts: Buffer[] = [];
  #pendingBytes = 0;
  #failed = false;

  constructor(sink: LineSink, maxLineBytes: number) {
    this.#sink = sink;
    this.#maxLineBytes = maxLineBytes;
  }

  push(chunk: Buffer): void {
    if (this.#failed) return;
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      if (!this.#grow(newline - start)) return;
      let text: string;
      if (this.#parts.length === 0) text = chunk.toString('utf8', start, newline);
      else {
        this.#parts.push(chunk.subarray(start, newline));
        text = Buffer.concat(this.#parts, this.#pendingBytes).toString('utf8');
        this.#parts = [];
      }
      this.#pendingBytes = 0;
      start = newline + 1;
      this.#emit(text);
      if (this.#failed) return;
    }
    if (start < chunk.length) {
      if (!this.#grow(chunk.length - start)) return;
      // A copy: the stream may reuse the chunk's memory.
      this.#parts.push(Buffer.from(chunk.subarray(start)));
    }
  }

  /** Stops reading: later chunks are ignored. */
  stop(): void {
    this.#failed = true;
    this.#parts = [];
  }

  #emit(text: string): void {
    const line = text.charCodeAt(text.length - 1) === 13 ? text.slice(0, -1) : text;
    // Blank lines are skipped; only a line that starts with whitespace needs the trim to tell.
    if (line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '')) return;
    this.#sink.line(line);
  }

  #grow(bytes: number): boolean {
    this.#pendingBytes += bytes;
    if (this.#pendingBytes <= this.#maxLineBytes) return true;
    this.stop();
    this.#sink.overflow(this.#pendingBytes);
    return false;
  }
}

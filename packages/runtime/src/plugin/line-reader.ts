import { StringDecoder } from 'node:string_decoder';

/** What a line reader hands on: each complete line, or that a line grew past its cap. */
export interface LineSink {
  line(text: string): void;
  /** A line passed `maxLineBytes` before its newline; nothing more is read after this. */
  overflow(bytes: number): void;
}

/**
 * Splits a byte stream into newline-delimited lines (NDJSON framing). Memory stays bounded: the unfinished
 * line is the only buffer, and it may not grow past `maxLineBytes`. A trailing `\r` is dropped, so
 * CRLF-writing plugins work; blank lines are skipped.
 */
export class LineReader {
  readonly #sink: LineSink;
  readonly #maxLineBytes: number;
  readonly #decoder = new StringDecoder('utf8');
  #parts: string[] = [];
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
      this.#parts.push(this.#decoder.write(chunk.subarray(start, newline)));
      const text = this.#parts.join('') + this.#decoder.end();
      this.#parts = [];
      this.#pendingBytes = 0;
      start = newline + 1;
      const line = text.endsWith('\r') ? text.slice(0, -1) : text;
      if (line.trim() !== '') this.#sink.line(line);
      if (this.#failed) return;
    }
    if (start < chunk.length) {
      if (!this.#grow(chunk.length - start)) return;
      this.#parts.push(this.#decoder.write(chunk.subarray(start)));
    }
  }

  /** Stops reading: later chunks are ignored. */
  stop(): void {
    this.#failed = true;
    this.#parts = [];
  }

  #grow(bytes: number): boolean {
    this.#pendingBytes += bytes;
    if (this.#pendingBytes <= this.#maxLineBytes) return true;
    this.stop();
    this.#sink.overflow(this.#pendingBytes);
    return false;
  }
}

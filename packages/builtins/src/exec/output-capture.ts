// Collects a command's output as it arrives, in bounded memory: the first and the last KEPT_CHARS
// characters, counts of the rest, and, once the output is long enough to be cut for the model, every
// byte streamed to a spill file (up to SPILL_MAX_BYTES).
import { closeSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { KEPT_CHARS, SHOWN_CHARS, SHOWN_LINES, SPILL_MAX_BYTES } from './exec-limits.js';

/** What was captured of one command's output. */
export interface CapturedOutput {
  /** The first characters of the output (all of it when `complete`). */
  readonly head: string;
  /** The last characters of the output (overlapping `head` when the output is short). */
  readonly tail: string;
  /** Whether `head` holds the whole output. */
  readonly complete: boolean;
  readonly chars: number;
  readonly bytes: number;
  /** Line breaks in the output. */
  readonly newlines: number;
  /** Lines in the output, a last line without a line break included. */
  readonly lines: number;
  /** The spill file, when the output was long enough to need one and it could be written. */
  readonly spillPath?: string;
  /** The spill file stopped at SPILL_MAX_BYTES: it holds only the start of the output. */
  readonly spillCapped: boolean;
  /** Why the spill file could not be written. */
  readonly spillError?: string;
}

export class OutputCapture {
  readonly #decoder = new StringDecoder('utf8');
  readonly #spillPath: string;
  #head = '';
  #tail: string[] = [];
  #tailChars = 0;
  #chars = 0;
  #bytes = 0;
  #newlines = 0;
  #lastChar = '';
  /** Raw bytes kept until the output needs a spill file (at most a little over SHOWN_CHARS). */
  #pending: Buffer[] = [];
  #spillFd: number | undefined;
  #spilled = 0;
  #spillCapped = false;
  #spillError: string | undefined;

  /** `spillPath`: where the full output goes if it turns out too long to show whole. */
  constructor(spillPath: string) {
    this.#spillPath = spillPath;
  }

  /** Takes the next piece of output, in arrival order. */
  write(chunk: Buffer): void {
    this.#bytes += chunk.length;
    this.#newlines += countNewlines(chunk);
    this.#keep(this.#decoder.write(chunk));
    this.#spill(chunk);
  }

  /** Ends the capture: closes the spill file, or removes it when the output turned out short. */
  finish(): CapturedOutput {
    this.#keep(this.#decoder.end());
    const lines = this.#newlines + (this.#chars > 0 && this.#lastChar !== '\n' ? 1 : 0);
    const cut = this.#chars > SHOWN_CHARS || lines > SHOWN_LINES;
    let spillPath: string | undefined;
    if (this.#spillFd !== undefined) {
      closeSync(this.#spillFd);
      this.#spillFd = undefined;
      if (cut && this.#spillError === undefined) spillPath = this.#spillPath;
      else removeQuietly(this.#spillPath);
    }
    const tail = this.#tail.join('');
    return {
      head: this.#head,
      tail: tail.length > KEPT_CHARS ? tail.slice(tail.length - KEPT_CHARS) : tail,
      complete: this.#chars === this.#head.length,
      chars: this.#chars,
      bytes: this.#bytes,
      newlines: this.#newlines,
      lines,
      ...(spillPath === undefined ? {} : { spillPath }),
      spillCapped: this.#spillCapped && spillPath !== undefined,
      ...(this.#spillError === undefined || !cut ? {} : { spillError: this.#spillError }),
    };
  }

  #keep(text: string): void {
    if (text === '') return;
    this.#chars += text.length;
    this.#lastChar = text[text.length - 1] ?? '';
    if (this.#head.length < KEPT_CHARS) this.#head += text.slice(0, KEPT_CHARS - this.#head.length);
    this.#tail.push(text);
    this.#tailChars += text.length;
    while (this.#tail.length > 1 && this.#tailChars - (this.#tail[0]?.length ?? 0) >= KEPT_CHARS) {
      this.#tailChars -= this.#tail.shift()?.length ?? 0;
    }
  }

  #spill(chunk: Buffer): void {
    if (this.#spillError !== undefined || this.#spillCapped) return;
    if (this.#spillFd === undefined) {
      this.#pending.push(chunk);
      // Bytes are never fewer than characters, so this opens the file before any output needs cutting.
      if (this.#bytes <= SHOWN_CHARS && this.#newlines < SHOWN_LINES) return;
      try {
        makeFolder(dirname(this.#spillPath));
        this.#spillFd = openSync(this.#spillPath, 'wx', 0o600);
      } catch (error) {
        this.#spillError = (error as NodeJS.ErrnoException).code ?? String(error);
        this.#pending = [];
        return;
      }
      const pending = this.#pending;
      this.#pending = [];
      for (const piece of pending) this.#writeSpill(piece);
      return;
    }
    this.#writeSpill(chunk);
  }

  #writeSpill(chunk: Buffer): void {
    if (this.#spillFd === undefined || this.#spillCapped) return;
    const room = SPILL_MAX_BYTES - this.#spilled;
    const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
    try {
      for (let at = 0; at < piece.length; ) at += writeSync(this.#spillFd, piece, at);
    } catch (error) {
      this.#spillError = (error as NodeJS.ErrnoException).code ?? String(error);
      return;
    }
    this.#spilled += piece.length;
    if (chunk.length > room) this.#spillCapped = true;
  }
}

/** One level only: the folder's parent (the cell's data folder) exists by contract. */
function makeFolder(path: string): void {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone: nothing to clean.
  }
}

/**
 * Line breaks in a chunk: `indexOf` while they are sparse (a long line costs one call), a plain loop
 * once they are dense (`yes`: a call per two bytes would cost several times more).
 */
export function countNewlines(chunk: Buffer): number {
  let found = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) {
    found++;
    if (found === 64 && at < 4096) {
      for (let index = at + 1; index < chunk.length; index++) if (chunk[index] === 10) found++;
      return found;
    }
  }
  return found;
}

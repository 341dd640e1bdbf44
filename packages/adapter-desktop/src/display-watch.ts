import type { DesktopSettings } from './desktop-settings.js';
import { type ProbeResult, probeDisplay, socketAnswers } from './display-probe.js';
import type { XPrograms } from './x-programs.js';

/** What the cell knows of its display: not looked at yet, answering (with its screen size), or not. */
export type DisplayState =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'up'; readonly width: number; readonly height: number }
  | { readonly kind: 'down'; readonly reason: string };

/** Told each time the state changes, with the state it had before. */
export type DisplayChange = (now: DisplayState, before: DisplayState) => void;

/**
 * Looks at the display now and then (an unref'd timer, so it never keeps a process alive): a display
 * that appears later gets its tools, one that goes away loses them. While the display answers, a look
 * is a bare connect to its socket; while it does not, a full probe through xdotool.
 */
export class DisplayWatch {
  readonly #settings: DesktopSettings;
  readonly #programs: XPrograms;
  readonly #onChange: DisplayChange;
  #state: DisplayState = { kind: 'unknown' };
  #timer: NodeJS.Timeout | undefined;
  #looking: Promise<void> | undefined;
  #again = false;
  #closed = false;
  readonly #first: Promise<void>;

  constructor(settings: DesktopSettings, programs: XPrograms, onChange: DisplayChange) {
    this.#settings = settings;
    this.#programs = programs;
    this.#onChange = onChange;
    this.#first = this.look();
    this.#timer = setInterval(() => void this.look(), settings.probeIntervalMs);
    this.#timer.unref();
  }

  get state(): DisplayState {
    return this.#state;
  }

  /** Resolves once the first look is done. */
  first(): Promise<void> {
    return this.#first;
  }

  /**
   * Looks now (a call found the display gone, or the timer fired). A look asked for while one runs
   * runs once more after it, so a change is never missed and looks never pile up.
   */
  look(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#looking !== undefined) {
      this.#again = true;
      return this.#looking;
    }
    this.#looking = (async () => {
      try {
        do {
          this.#again = false;
          const result = await this.#probe();
          if (this.#closed) return;
          this.#set(result);
        } while (this.#again && !this.#closed);
      } finally {
        this.#looking = undefined;
      }
    })();
    return this.#looking;
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #probe(): Promise<ProbeResult> {
    const state = this.#state;
    if (state.kind === 'up') {
      if (await socketAnswers(this.#settings.socketPath)) return { ok: true, width: state.width, height: state.height };
      return { ok: false, reason: `its socket ${this.#settings.socketPath} takes no connection` };
    }
    return probeDisplay(this.#settings, this.#programs);
  }

  #set(result: ProbeResult): void {
    const before = this.#state;
    const now: DisplayState = result.ok
      ? { kind: 'up', width: result.width, height: result.height }
      : { kind: 'down', reason: result.reason };
    this.#state = now;
    // Only a change of kind is news: a display that stays down for another reason lists no tools either.
    if (before.kind !== now.kind) this.#onChange(now, before);
  }
}

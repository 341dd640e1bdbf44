import { useEffect, useRef } from 'react';
import type { ApiClient } from './client.js';

/** The kinds of frame `GET /events` sends. */
export type EventKind = 'audit' | 'approval' | 'question' | 'progress' | 'log' | 'source';

export type EventListener = (kind: EventKind, data: unknown) => void;

const KINDS = new Set<string>(['audit', 'approval', 'question', 'progress', 'log', 'source']);

/**
 * One `GET /events` stream for the whole page, read with fetch so the token goes in the Authorization
 * header (EventSource cannot send one, and a token in the URL would reach logs). It reconnects after a
 * break, waiting longer each time (up to 10 s), and tells its listeners whether it is connected.
 */
export class EventHub {
  readonly #api: ApiClient;
  readonly #listeners = new Set<EventListener>();
  readonly #status = new Set<(connected: boolean) => void>();
  #stop: AbortController | undefined;
  #connected = false;

  constructor(api: ApiClient) {
    this.#api = api;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** Hears every frame from now on; returns the function that stops it. Opens the stream on first use. */
  listen(listener: EventListener): () => void {
    this.#listeners.add(listener);
    if (this.#stop === undefined) this.#start();
    return () => {
      this.#listeners.delete(listener);
    };
  }

  onStatus(listener: (connected: boolean) => void): () => void {
    this.#status.add(listener);
    return () => {
      this.#status.delete(listener);
    };
  }

  close(): void {
    this.#stop?.abort();
    this.#stop = undefined;
  }

  #start(): void {
    const stop = new AbortController();
    this.#stop = stop;
    void this.#loop(stop.signal);
  }

  async #loop(signal: AbortSignal): Promise<void> {
    let delay = 250;
    while (!signal.aborted) {
      try {
        const response = await this.#api.fetch('/events', { signal, headers: { accept: 'text/event-stream' } });
        // A refused token stays refused: knocking again would only fill the console with 401s.
        if (response.status === 401) return this.#setConnected(false);
        if (response.ok && response.body !== null) {
          this.#setConnected(true);
          delay = 250;
          await this.#read(response.body, signal);
        }
      } catch {
        // A break (the server restarted, the network went): try again below.
      }
      this.#setConnected(false);
      if (signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  }

  async #read(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void> {
    const reader = body
      .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
      .getReader();
    let buffer = '';
    while (!signal.aborted) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        this.#frame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  }

  #frame(text: string): void {
    let kind = 'message';
    const data: string[] = [];
    for (const line of text.split('\n')) {
      if (line.startsWith('event:')) kind = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (!KINDS.has(kind) || data.length === 0) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    for (const listener of [...this.#listeners]) listener(kind as EventKind, parsed);
  }

  #setConnected(connected: boolean): void {
    if (connected === this.#connected) return;
    this.#connected = connected;
    for (const listener of [...this.#status]) listener(connected);
  }
}

/** Calls `handler` with each frame of the kinds given while the component is mounted. */
export function useEvents(
  hub: EventHub,
  kinds: readonly EventKind[],
  handler: (kind: EventKind, data: unknown) => void,
) {
  const latest = useRef(handler);
  latest.current = handler;
  const key = kinds.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return hub.listen((kind, data) => {
      if (wanted.has(kind)) latest.current(kind, data);
    });
  }, [hub, key]);
}

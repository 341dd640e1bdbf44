import { useEffect, useRef } from 'react';
import { useEvents } from '../../api/events.js';
import { type Playground, usePlayground } from '../../api/playground-context.js';
import type { CatalogueEntry } from '../../api/types.js';
import { type Answer, useAnswer } from '../../components/use-answer.js';

/** How long a burst of `source` frames (a server connecting, its tools arriving) is let settle. */
const SETTLE_MS = 300;

// The last catalogue each page's API answered: a view opens with it at once while it asks again.
const last = new WeakMap<Playground, readonly CatalogueEntry[]>();

/**
 * `GET /catalogue` for the page's own session, so its per-run tools are listed too; asked again when a
 * source changes (an MCP server is added, goes down, is removed), so tools appear and go as they do.
 * Until the answer comes, the last one stands in: going from a tool back to the list shows it at once.
 */
export function useCatalogue(): Answer<readonly CatalogueEntry[]> {
  const playground = usePlayground();
  const { events, sessionId } = playground;
  const answer = useAnswer<readonly CatalogueEntry[]>(`/catalogue?session=${encodeURIComponent(sessionId)}`);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { reload, data } = answer;
  useEvents(events, ['source'], () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, SETTLE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (data !== undefined) last.set(playground, data);
  }, [playground, data]);
  return data === undefined ? { ...answer, data: last.get(playground) } : answer;
}

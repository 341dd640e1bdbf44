import { useEffect, useRef } from 'react';
import { useEvents } from '../../api/events.js';
import { usePlayground } from '../../api/playground-context.js';
import type { CatalogueEntry } from '../../api/types.js';
import { type Answer, useAnswer } from '../../components/use-answer.js';

/** How long a burst of `source` frames (a server connecting, its tools arriving) is let settle. */
const SETTLE_MS = 300;

/**
 * `GET /catalogue` for the page's own session, so its per-run tools are listed too; asked again when a
 * source changes (an MCP server is added, goes down, is removed), so tools appear and go as they do.
 */
export function useCatalogue(): Answer<readonly CatalogueEntry[]> {
  const { events, sessionId } = usePlayground();
  const answer = useAnswer<readonly CatalogueEntry[]>(`/catalogue?session=${encodeURIComponent(sessionId)}`);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { reload } = answer;
  useEvents(events, ['source'], () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, SETTLE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return answer;
}

import { createContext, useContext } from 'react';
import type { ApiClient } from './client.js';
import type { EventHub } from './events.js';

/** What every view reaches: the API with the token, and the page's one event stream. */
export interface Playground {
  readonly api: ApiClient;
  readonly events: EventHub;
  /** The session the page's own calls use, so they meet one CycleDetector (`x-wesgine-session`). */
  readonly sessionId: string;
}

export const PlaygroundContext = createContext<Playground | undefined>(undefined);

export function usePlayground(): Playground {
  const playground = useContext(PlaygroundContext);
  if (playground === undefined) throw new Error('usePlayground is used outside the PlaygroundContext');
  return playground;
}

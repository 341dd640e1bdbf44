import { useCallback, useEffect, useState } from 'react';
import { usePlayground } from '../api/playground-context.js';

/** A GET of the API as component state: the body, the error, and a way to fetch it again. */
export interface Answer<T> {
  readonly data: T | undefined;
  readonly error: Error | undefined;
  readonly loading: boolean;
  reload(): void;
}

export function useAnswer<T>(path: string | undefined): Answer<T> {
  const { api } = usePlayground();
  const [state, setState] = useState<{ data: T | undefined; error: Error | undefined; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: path !== undefined,
  });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for the same path again.
  useEffect(() => {
    if (path === undefined) return;
    const stop = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    api.get<T>(path, stop.signal).then(
      ({ body }) => setState({ data: body, error: undefined, loading: false }),
      (error: unknown) => {
        if (stop.signal.aborted) return;
        setState((previous) => ({ ...previous, error: error as Error, loading: false }));
      },
    );
    return () => stop.abort();
  }, [api, path, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

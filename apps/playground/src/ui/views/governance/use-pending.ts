import { useCallback, useEffect, useRef, useState } from 'react';
import { useEvents } from '../../api/events.js';
import { usePlayground } from '../../api/playground-context.js';
import type { ApprovalRequest, QuestionRequest } from '../../api/types.js';

/** What waits for a person now: approvals and tools' questions, oldest first. */
export interface Pending {
  readonly approvals: readonly ApprovalRequest[];
  readonly questions: readonly QuestionRequest[];
  readonly error: unknown;
  readonly loaded: boolean;
  /** Takes an answered request off the list at once (the next reload confirms it). */
  answered(id: string): void;
}

/** How long a burst of frames is gathered before the lists are asked for again. */
const RELOAD_AFTER_MS = 150;

/**
 * The pending approvals and questions, live: a new request arrives as an `approval` or `question` frame;
 * one answered elsewhere, timed out or cancelled ends its call, whose `audit` frame makes the page ask
 * `GET /approvals` and `GET /questions` again (a burst of frames asks once). A request heard while the
 * lists are on their way is kept: the answer may have left the server before it was asked.
 */
export function usePending(): Pending {
  const { api, events } = usePlayground();
  const [approvals, setApprovals] = useState<readonly ApprovalRequest[]>([]);
  const [questions, setQuestions] = useState<readonly QuestionRequest[]>([]);
  const [error, setError] = useState<unknown>(undefined);
  const [loaded, setLoaded] = useState(false);
  const [round, setRound] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Requests heard as frames while the lists are being asked for: the answer may predate them.
  const heard = useRef<Heard>({ approvals: new Map(), questions: new Map() });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for the lists again.
  useEffect(() => {
    const stop = new AbortController();
    const since: Heard = { approvals: new Map(), questions: new Map() };
    heard.current = since;
    Promise.all([
      api.get<ApprovalRequest[]>('/approvals', stop.signal),
      api.get<QuestionRequest[]>('/questions', stop.signal),
    ]).then(
      ([waiting, asked]) => {
        setApprovals(withHeard(waiting.body, since.approvals));
        setQuestions(withHeard(asked.body, since.questions));
        setError(undefined);
        setLoaded(true);
      },
      (failure: unknown) => {
        if (!stop.signal.aborted) setError(failure);
      },
    );
    return () => stop.abort();
  }, [api, round]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const reloadSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setRound((value) => value + 1), RELOAD_AFTER_MS);
  }, []);

  useEvents(events, ['approval', 'question', 'audit'], (kind, data) => {
    if (kind === 'audit') return reloadSoon();
    if (typeof data !== 'object' || data === null || typeof (data as { id?: unknown }).id !== 'string') return;
    if (kind === 'approval') {
      const request = data as ApprovalRequest;
      heard.current.approvals.set(request.id, request);
      setApprovals((list) => withRequest(list, request));
    } else {
      const request = data as QuestionRequest;
      heard.current.questions.set(request.id, request);
      setQuestions((list) => withRequest(list, request));
    }
  });

  // The stream came back after a break: what changed meanwhile was not heard.
  useEffect(() => events.onStatus((connected) => connected && setRound((value) => value + 1)), [events]);

  const answered = useCallback((id: string) => {
    setApprovals((list) => list.filter((request) => request.id !== id));
    setQuestions((list) => list.filter((request) => request.id !== id));
    setRound((value) => value + 1);
  }, []);

  return { approvals, questions, error, loaded, answered };
}

interface Heard {
  readonly approvals: Map<string, ApprovalRequest>;
  readonly questions: Map<string, QuestionRequest>;
}

/** The lists as answered, and the requests heard after they were asked for that the answer cannot hold yet. */
function withHeard<T extends { readonly id: string }>(
  answered: readonly T[],
  since: ReadonlyMap<string, T>,
): readonly T[] {
  return [...answered, ...[...since.values()].filter((request) => !answered.some((known) => known.id === request.id))];
}

function withRequest<T extends { readonly id: string }>(list: readonly T[], request: T): readonly T[] {
  return list.some((known) => known.id === request.id) ? list : [...list, request];
}

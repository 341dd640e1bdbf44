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
 * `GET /approvals` and `GET /questions` again (a burst of frames asks once).
 */
export function usePending(): Pending {
  const { api, events } = usePlayground();
  const [approvals, setApprovals] = useState<readonly ApprovalRequest[]>([]);
  const [questions, setQuestions] = useState<readonly QuestionRequest[]>([]);
  const [error, setError] = useState<unknown>(undefined);
  const [loaded, setLoaded] = useState(false);
  const [round, setRound] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for the lists again.
  useEffect(() => {
    const stop = new AbortController();
    Promise.all([
      api.get<ApprovalRequest[]>('/approvals', stop.signal),
      api.get<QuestionRequest[]>('/questions', stop.signal),
    ]).then(
      ([waiting, asked]) => {
        setApprovals(waiting.body);
        setQuestions(asked.body);
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
    if (kind === 'approval') setApprovals((list) => withRequest(list, data as ApprovalRequest));
    else setQuestions((list) => withRequest(list, data as QuestionRequest));
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

function withRequest<T extends { readonly id: string }>(list: readonly T[], request: T): readonly T[] {
  return list.some((known) => known.id === request.id) ? list : [...list, request];
}

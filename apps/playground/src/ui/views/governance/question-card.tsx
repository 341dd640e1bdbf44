import { useId, useState } from 'react';
import { usePlayground } from '../../api/playground-context.js';
import type { QuestionRequest } from '../../api/types.js';
import { ErrorNote } from '../../components/error-note.js';

/** One question's answer being written: the options ticked and the person's own words. */
interface Draft {
  readonly chosen: readonly string[];
  readonly words: string;
}

/**
 * Questions a tool (`ask_user`) put to a person, answered from the page (`POST /questions/:id`): per
 * question, one option (or several when it allows) or the person's own words, which replace the options.
 */
export function QuestionCard({
  request,
  onAnswered,
}: {
  readonly request: QuestionRequest;
  readonly onAnswered: (id: string) => void;
}) {
  const { api } = usePlayground();
  const [drafts, setDrafts] = useState<readonly Draft[]>(() =>
    request.questions.map(() => ({ chosen: [], words: '' })),
  );
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const baseId = useId();

  const change = (index: number, draft: Draft) =>
    setDrafts((list) => list.map((known, at) => (at === index ? draft : known)));

  const submit = async () => {
    const answers = drafts.map((draft) => (draft.words.trim() === '' ? [...draft.chosen] : [draft.words.trim()]));
    const missing = answers.findIndex((list) => list.length === 0);
    if (missing !== -1) {
      setProblem(`Question ${missing + 1} has no answer yet: choose an option or write your own words.`);
      return;
    }
    setProblem(undefined);
    setError(undefined);
    setSending(true);
    try {
      await api.post(`/questions/${encodeURIComponent(request.id)}`, { answers });
      onAnswered(request.id);
    } catch (failure) {
      setError(failure);
      setSending(false);
    }
  };

  return (
    <article className="ap-card gv-question" data-testid="question" aria-labelledby={titleId}>
      <header className="ap-head">
        <h3 id={titleId}>
          <code>{request.tool}</code> asks {request.questions.length === 1 ? 'a question' : 'questions'}
        </h3>
        <span className="ap-origin">
          {request.agentId === undefined ? '' : `agent ${request.agentId} · `}
          {request.sessionId === undefined ? 'no session' : `session ${request.sessionId}`}
        </span>
      </header>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {request.questions.map((question, index) => {
          const draft = drafts[index] ?? { chosen: [], words: '' };
          const name = `${baseId}-q${index}`;
          return (
            // Questions are fixed for the request; two may have the same text.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <fieldset key={`${index}-${question.question}`} className="gv-q" disabled={sending}>
              <legend>{question.question}</legend>
              {question.options.map((option) => (
                <label key={option.label} className="gv-q-option">
                  <input
                    type={question.multiSelect === true ? 'checkbox' : 'radio'}
                    name={name}
                    value={option.label}
                    checked={draft.chosen.includes(option.label)}
                    onChange={(event) => {
                      const on = event.target.checked;
                      const chosen =
                        question.multiSelect === true
                          ? on
                            ? [...draft.chosen, option.label]
                            : draft.chosen.filter((label) => label !== option.label)
                          : [option.label];
                      change(index, { ...draft, chosen });
                    }}
                  />
                  <span>
                    {option.label}
                    {option.description === undefined ? null : (
                      <span className="gv-q-description"> — {option.description}</span>
                    )}
                  </span>
                </label>
              ))}
              <label className="gv-q-words">
                Own words
                <input
                  type="text"
                  value={draft.words}
                  placeholder="instead of the options"
                  onChange={(event) => change(index, { ...draft, words: event.target.value })}
                />
              </label>
            </fieldset>
          );
        })}
        <button type="submit" className="primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send answers'}
        </button>
        {problem === undefined ? null : (
          <p className="error-note" role="alert">
            {problem}
          </p>
        )}
        {error === undefined ? null : <ErrorNote error={error} />}
      </form>
    </article>
  );
}

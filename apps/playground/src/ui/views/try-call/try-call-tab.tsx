import { useEffect, useId, useMemo, useState } from 'react';
import { usePlayground } from '../../api/playground-context.js';
import type { CatalogueEntry } from '../../api/types.js';
import { ArgumentsForm } from './arguments-form.js';
import { browserValidator } from './browser-validator.js';
import { CallHistory } from './call-history.js';
import { CallResult } from './call-result.js';
import { CallStatus } from './call-status.js';
import { useToolCall } from './call-store.js';
import { CallTrace } from './call-trace.js';
import { FormBoundary } from './form-boundary.js';
import { curlCommand } from './http-call.js';
import { readRawArguments } from './raw-arguments.js';
import { RawJsonEditor } from './raw-json-editor.js';
import { plain } from './schema-validator.js';
import './try-call.css';

/** Arguments to load into the form (an example from the Docs tab); `round` tells one load from the next. */
export interface ArgumentsPreset {
  readonly args: unknown;
  readonly round: number;
}

type Mode = 'form' | 'raw';

/** Try it: the arguments as a form or as JSON, the call in the page's session, its result and its trace. */
export function TryCallTab({
  entry,
  preset,
}: {
  readonly entry: CatalogueEntry;
  readonly preset: ArgumentsPreset | undefined;
}) {
  const id = useId();
  const { parameters } = entry.schema;
  const checker = useMemo(() => browserValidator(parameters), [parameters]);
  const { sessionId } = usePlayground();
  const { state, history, call, forget } = useToolCall(entry.name);
  const [mode, setMode] = useState<Mode>('form');
  const [formData, setFormData] = useState<Record<string, unknown>>(() => (state.phase === 'idle' ? {} : state.args));
  const [rawText, setRawText] = useState(() => JSON.stringify(formData, null, 2));
  const [note, setNote] = useState<string | undefined>(undefined);
  const reading = useMemo(() => readRawArguments(rawText, checker), [rawText, checker]);

  const load = (args: Record<string, unknown>) => {
    setFormData(args);
    setRawText(JSON.stringify(args, null, 2));
    setNote(undefined);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new preset loads; `load` is the same work each time.
  useEffect(() => {
    if (preset !== undefined) load(isObject(preset.args) ? preset.args : {});
  }, [preset]);

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    if (next === 'raw') {
      setRawText(JSON.stringify(plain(formData), null, 2));
      setNote(undefined);
    } else if (reading.ok) {
      setFormData(reading.args);
      setNote(undefined);
    } else {
      setNote('The form kept its earlier values: the Raw JSON box did not hold a JSON object.');
    }
    setMode(next);
  };

  const busy = state.phase === 'running' || state.phase === 'waiting';
  const submit = (
    <div className="call-actions">
      <button type="submit" className="primary" disabled={busy || (mode === 'raw' && !reading.ok)}>
        Call {entry.name}
      </button>
      <button type="button" onClick={() => load({})}>
        Clear
      </button>
      {mode === 'raw' && reading.ok && reading.issues.length > 0 ? (
        <span className="muted">You may send them anyway, to see what the model would get back.</span>
      ) : null}
    </div>
  );

  return (
    <div className="try-call">
      <section className="try-arguments" aria-labelledby={`${id}-args`}>
        <div className="arguments-head">
          <h3 id={`${id}-args`}>Arguments</h3>
          <fieldset className="mode-switch">
            <legend className="visually-hidden">Write the arguments as</legend>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'form'} onChange={() => switchTo('form')} />
              Form
            </label>
            <label>
              <input type="radio" name={`${id}-mode`} checked={mode === 'raw'} onChange={() => switchTo('raw')} />
              Raw JSON
            </label>
          </fieldset>
        </div>
        {note === undefined ? null : <p className="muted mode-note">{note}</p>}
        {!checker.ok ? <p className="muted">{checker.problem}</p> : null}
        {mode === 'form' ? (
          <FormBoundary
            fallback={(reason) => (
              <p className="bad-note" role="alert">
                The form cannot draw this tool&apos;s schema ({reason}): write the arguments in Raw JSON.
              </p>
            )}
          >
            <ArgumentsForm parameters={parameters} value={formData} onChange={setFormData} onSubmit={call}>
              {submit}
            </ArgumentsForm>
          </FormBoundary>
        ) : (
          <form
            className="raw-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (reading.ok) call(reading.args);
            }}
          >
            <RawJsonEditor
              text={rawText}
              reading={reading}
              note={checker.ok ? undefined : 'The page cannot check these; the runtime will.'}
              onChange={setRawText}
            />
            {submit}
          </form>
        )}
        <details className="http-call">
          <summary>The same call over HTTP</summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard. */}
          <pre className="json" tabIndex={0}>
            {curlCommand(
              window.location.origin,
              entry.name,
              mode === 'raw' ? (reading.ok ? reading.args : {}) : plain(formData),
              sessionId,
            )}
          </pre>
          <p className="muted">
            <code>$WESGINE_TOKEN</code> is the token after <code>#token=</code> in the address <code>npm start</code>{' '}
            printed; the page does not show it.
          </p>
        </details>
        <p className="muted session-note">
          Calls go through the same pipeline a model&apos;s do, in this page&apos;s session: governance, the
          CycleDetector and the audit see them.
        </p>
      </section>
      <section className="try-outcome" aria-label="Outcome" aria-busy={busy}>
        {state.phase === 'idle' ? (
          <p className="muted empty-outcome">
            Fill in the arguments and call <code>{entry.name}</code>: its result shows here as the model reads it, with
            the trace of its walk through the pipeline.
          </p>
        ) : null}
        <CallStatus state={state} onForget={forget} />
        {state.phase === 'done' ? (
          <>
            <CallResult result={state.result} ms={state.ms} waited={state.waited} />
            <CallTrace trace={state.result.trace} />
          </>
        ) : null}
        <CallHistory calls={history} onReuse={load} />
      </section>
    </div>
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

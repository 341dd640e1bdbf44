import { useId } from 'react';
import { pointerLabel, type RawArguments } from './raw-arguments.js';

/**
 * The arguments as JSON text, read as the person types: where it stops being JSON, or every issue the
 * toolkit's validator finds, each with its pointer.
 */
export function RawJsonEditor({
  text,
  reading,
  note,
  onChange,
}: {
  readonly text: string;
  readonly reading: RawArguments;
  /** Why the browser does not check these arguments itself, when it cannot. */
  readonly note: string | undefined;
  readonly onChange: (text: string) => void;
}) {
  const id = useId();
  const issues = reading.ok ? reading.issues : [];
  return (
    <div className="raw-json">
      <label htmlFor={`${id}-text`} className="raw-label">
        Arguments (JSON)
      </label>
      <textarea
        id={`${id}-text`}
        className="code"
        value={text}
        rows={Math.min(18, Math.max(6, text.split('\n').length + 1))}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        aria-describedby={`${id}-state`}
        aria-invalid={!reading.ok || issues.length > 0}
        onChange={(event) => onChange(event.target.value)}
      />
      <div id={`${id}-state`} className="raw-state" aria-live="polite">
        {reading.ok ? (
          issues.length === 0 ? (
            <p className="good-note">{note ?? 'The arguments match the schema.'}</p>
          ) : (
            <p className="warn-note">
              {issues.length === 1 ? 'One issue' : `${issues.length} issues`} the runtime would refuse the call for:
            </p>
          )
        ) : (
          <p className="bad-note">{reading.problem}</p>
        )}
        <ul className="validation-issues" data-testid="validation-issues" aria-label="Validation issues">
          {issues.map((issue) => (
            <li key={`${issue.path}|${issue.keyword}|${issue.message}`}>
              <code>{pointerLabel(issue.path)}</code> {issue.message}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

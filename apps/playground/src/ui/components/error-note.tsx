import { ApiError } from '../api/client.js';

/** An error as a person reads it: the API's code and its sentence, never a stack. */
export function ErrorNote({ error }: { readonly error: unknown }) {
  const code = error instanceof ApiError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p className="error-note" role="alert">
      {code === undefined ? null : <code>{code}</code>} {message}
    </p>
  );
}

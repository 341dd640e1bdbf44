import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api/client.js';
import { EventHub } from './api/events.js';
import { type Playground, PlaygroundContext } from './api/playground-context.js';
import { forgetToken, keepToken, takeToken } from './api/token.js';
import { App } from './app.js';
import { FormBoundary } from './views/try-call/form-boundary.js';
import './styles.css';

function Root() {
  const [token, setToken] = useState(takeToken);
  const [refused, setRefused] = useState(false);
  const [playground] = useState(() => new Map<string, Playground>());
  useEffect(() => {
    // The printed address pasted into this tab again changes only the fragment: no reload, so take the
    // token from it here, or it would stay in the address bar and the page on its old one.
    const given = () => {
      if (!/(?:^#|&)token=/.test(window.location.hash)) return;
      const next = takeToken();
      if (next === undefined) return;
      for (const [kept, value] of playground) {
        if (kept === next) continue;
        playground.delete(kept);
        value.events.close();
      }
      setRefused(false);
      setToken(next);
      // takeToken rewrote the fragment without an event: let the router read the route it left.
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    };
    window.addEventListener('hashchange', given);
    return () => window.removeEventListener('hashchange', given);
  }, [playground]);
  if (token === undefined) {
    return (
      <TokenForm
        refused={refused}
        onToken={(given) => {
          setRefused(false);
          setToken(given);
        }}
      />
    );
  }
  let value = playground.get(token);
  if (value === undefined) {
    // A 401 means this token will never do (mistyped, or kept from an earlier data folder): forget it,
    // stop the event stream, and ask for the right one.
    const refuse = () => {
      const current = playground.get(token);
      if (current === undefined) return;
      playground.delete(token);
      current.events.close();
      forgetToken();
      setRefused(true);
      setToken(undefined);
    };
    const api = new ApiClient(token, refuse);
    value = { api, events: new EventHub(api), sessionId: `playground-${crypto.randomUUID().slice(0, 8)}` };
    playground.set(token, value);
  }
  return (
    <PlaygroundContext.Provider value={value}>
      <App />
    </PlaygroundContext.Provider>
  );
}

/** Opened without `#token=`, or with one the server refused: ask for it rather than fail every request. */
function TokenForm({ refused, onToken }: { readonly refused: boolean; readonly onToken: (token: string) => void }) {
  return (
    <main className="token-form">
      <h1>wesgine tools playground</h1>
      {refused ? (
        <p className="error-note" role="alert">
          The server refused the access token this page had: it may be mistyped, or from an earlier start on another
          data folder.
        </p>
      ) : null}
      <p>
        Open the address <code>npm start</code> printed: it carries the access token after <code>#token=</code>. Or
        paste the token (it is in the data folder&apos;s <code>http-token</code> file).
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const field = new FormData(event.currentTarget).get('token');
          if (typeof field === 'string' && field.trim() !== '') {
            keepToken(field.trim());
            onToken(field.trim());
          }
        }}
      >
        <label>
          Access token <input name="token" type="password" autoComplete="off" required />
        </label>
        <button type="submit">Open</button>
      </form>
    </main>
  );
}

const root = document.getElementById('root');
if (root === null) throw new Error('the page has no #root element');
createRoot(root, {
  // React reports each error a boundary caught as a console error. The form's boundary has dealt with
  // its one (a schema rjsf cannot draw, such as a $ref loop from an MCP server): it shows the reason and
  // Raw JSON takes the arguments, so that is not an error of the page.
  onCaughtError(error, info) {
    if (info.errorBoundary instanceof FormBoundary) return;
    console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

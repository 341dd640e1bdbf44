import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api/client.js';
import { EventHub } from './api/events.js';
import { type Playground, PlaygroundContext } from './api/playground-context.js';
import { keepToken, takeToken } from './api/token.js';
import { App } from './app.js';
import './styles.css';

function Root() {
  const [token, setToken] = useState(takeToken);
  const [playground] = useState(() => new Map<string, Playground>());
  if (token === undefined) return <TokenForm onToken={setToken} />;
  let value = playground.get(token);
  if (value === undefined) {
    const api = new ApiClient(token);
    value = { api, events: new EventHub(api), sessionId: `playground-${crypto.randomUUID().slice(0, 8)}` };
    playground.set(token, value);
  }
  return (
    <PlaygroundContext.Provider value={value}>
      <App />
    </PlaygroundContext.Provider>
  );
}

/** Opened without `#token=`: ask for it rather than fail every request. */
function TokenForm({ onToken }: { readonly onToken: (token: string) => void }) {
  return (
    <main className="token-form">
      <h1>wesgine tools playground</h1>
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
createRoot(root).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

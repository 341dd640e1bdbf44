// The access token: `npm start` prints the page's URL with `#token=<token>`. A fragment is never sent in
// a request nor in a Referer, so the token reaches no server log; the page moves it into this tab's
// sessionStorage (its own origin only) and takes it out of the address bar at once.

const KEY = 'wesgine-playground-token';

/** Reads `#token=` once at start-up, keeps it, and removes it from the URL; then the kept one. */
export function takeToken(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const given = fragment.get('token');
  if (given !== null && given !== '') {
    sessionStorage.setItem(KEY, given);
    fragment.delete('token');
    const rest = fragment.toString();
    const route = rest === '' ? '#/catalogue' : `#${rest}`;
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${route}`);
    return given;
  }
  return sessionStorage.getItem(KEY) ?? undefined;
}

/** Keeps a token pasted by hand (the page was opened without one). */
export function keepToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}

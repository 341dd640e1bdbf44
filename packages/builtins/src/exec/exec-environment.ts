// The environment an exec command sees: built from an allow-list, never from the whole of the host's,
// so credentials in the host process (API keys, tokens) do not reach the command or its output.

/** Names passed on from the host environment when set (and not secret by name). */
export const PASSED_NAMES: readonly string[] = [
  // who and where
  'PATH',
  'HOME',
  'USER',
  'USERNAME',
  'LOGNAME',
  'SHELL',
  'HOSTNAME',
  'TMPDIR',
  'TEMP',
  'TMP',
  // language and time
  'LANG',
  'LANGUAGE',
  'TZ',
  // where programs and certificates are
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'XDG_RUNTIME_DIR',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'JAVA_HOME',
  'GOPATH',
  'GOROOT',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'NVM_DIR',
  'PYENV_ROOT',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  // proxies, only when they hold no user name or password (see `passes`)
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];

/** Prefixes of names passed on: the locale categories. */
export const PASSED_PREFIXES: readonly string[] = ['LC_'];

/** Set for every command, over anything inherited: no pager waits for a key, nothing prompts. */
export const FIXED_VALUES: Readonly<Record<string, string>> = {
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  TERM: 'dumb',
};

/** Names that are never passed on, even when listed above: they look like credentials. */
const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL/i;

/** A URL with a user name or password in it (`http://user:pass@proxy:8080`). */
const USER_INFO = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;

/** Whether a name is withheld because it looks like a credential. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function passes(name: string, value: string): boolean {
  if (isSecretName(name)) return false;
  if (/proxy/i.test(name) && USER_INFO.test(value)) return false;
  return PASSED_NAMES.includes(name) || PASSED_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The environment for one command, from the host's (`process.env` by default). */
export function execEnvironment(host: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(host)) {
    if (value !== undefined && passes(name, value)) environment[name] = value;
  }
  if (environment.PATH === undefined) environment.PATH = '/usr/local/bin:/usr/bin:/bin';
  return { ...environment, ...FIXED_VALUES };
}

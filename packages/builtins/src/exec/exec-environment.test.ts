// The environment an exec command sees: an allow-list of the host's, credentials never passed on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execCell } from './exec.test.fixture.js';
import { execEnvironment, FIXED_VALUES, isSecretName } from './exec-environment.js';

const SECRETS: Readonly<Record<string, string>> = {
  WESGINE_TEST_API_KEY: 'sk-test-key-value-1',
  OPENAI_API_KEY: 'sk-test-key-value-2',
  GITHUB_TOKEN: 'ghp-test-token-value',
  db_password: 'hunter2-test-value',
  AWS_SECRET_ACCESS_KEY: 'aws-test-secret-value',
  // Allow-listed by prefix, withheld by name.
  LC_TOKEN: 'lc-test-token-value',
};

describe('execEnvironment', () => {
  it('passes allow-listed names, sets the fixed ones and drops everything else', () => {
    const environment = execEnvironment({
      PATH: '/bin',
      HOME: '/home/u',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      TERM: 'xterm-256color',
      PAGER: 'less',
      NODE_OPTIONS: '--require /tmp/evil.js',
      LD_PRELOAD: '/tmp/evil.so',
      BASH_ENV: '/tmp/evil.sh',
      UNLISTED: 'x',
      ...SECRETS,
    });
    expect(environment).toEqual({ PATH: '/bin', HOME: '/home/u', LANG: 'C.UTF-8', LC_ALL: 'C', ...FIXED_VALUES });
  });

  it('gives a PATH when the host has none', () => {
    expect(execEnvironment({}).PATH).toBe('/usr/local/bin:/usr/bin:/bin');
  });

  it('passes a proxy only without a user name or password in it', () => {
    const environment = execEnvironment({
      HTTPS_PROXY: 'http://user:pass@proxy.example:8080',
      HTTP_PROXY: 'http://proxy.example:8080',
      no_proxy: 'localhost',
    });
    expect(environment.HTTPS_PROXY).toBeUndefined();
    expect(environment.HTTP_PROXY).toBe('http://proxy.example:8080');
    expect(environment.no_proxy).toBe('localhost');
  });

  it.each([
    ['OPENAI_API_KEY', true],
    ['my_api_key', true],
    ['GH_TOKEN', true],
    ['Db_Password', true],
    ['SSH_PASSWD', true],
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['CLIENT_SECRET', true],
    ['PATH', false],
    ['LC_ALL', false],
  ])('%s is secret by name: %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });
});

describe('exec environment through the runtime', () => {
  const cell = execCell();
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(SECRETS)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(() => {
    cell.remove();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it.each([
    ['env', 'env'],
    ['printenv', 'printenv'],
    ['echo of each name', ['PATH', ...Object.keys(SECRETS)].map((name) => `echo "${name}=[$${name}]"`).join('; ')],
    ['the environ file of the shell', 'cat /proc/$$/environ'],
    ['the environ file of a child', 'cat /proc/self/environ'],
    ['a child shell', "bash -c 'declare -x'"],
  ])('keeps every secret out of %s', async (_, command) => {
    const result = await cell.exec({ command });
    expect(result.text).toMatch(/^Exit code: 0\n/);
    expect(result.text).toContain('PATH=');
    for (const value of Object.values(SECRETS)) expect(result.text).not.toContain(value);
  });

  it('shows the names as unset', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
    const result = await cell.exec({ command: 'echo "[${WESGINE_TEST_API_KEY-unset}] [${GITHUB_TOKEN-unset}]"' });
    expect(result.text.endsWith('Output:\n[unset] [unset]\n')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS, resolveSandbox } from './sandbox-settings.js';

describe('resolveSandbox', () => {
  it('is on with the default limits unless told otherwise', () => {
    expect(resolveSandbox(undefined, '/w')).toEqual({ mode: 'on', limits: DEFAULT_SANDBOX_LIMITS, readPaths: [] });
    expect(resolveSandbox('on', '/w').mode).toBe('on');
    expect(resolveSandbox('off', '/w').mode).toBe('off');
  });

  it('takes limits and read paths (relative ones against the WorkDir)', () => {
    expect(resolveSandbox({ limits: { processes: 10 }, readPaths: ['tools', '/opt/sdk/'] }, '/w')).toEqual({
      mode: 'on',
      limits: { ...DEFAULT_SANDBOX_LIMITS, processes: 10 },
      readPaths: ['/w/tools', '/opt/sdk'],
    });
  });

  it('names every problem of bad settings at once', () => {
    expect(() =>
      resolveSandbox({ limits: { cpuSeconds: 1.5, disk: 3 }, readPaths: [''], network: true } as never, '/w'),
    ).toThrow(
      'the sandbox settings are not valid: sandbox.network is not a setting (limits, readPaths); sandbox.limits.cpuSeconds must be a whole number of at least 1; got 1.5; sandbox.limits.disk is not a limit (processes, fileSizeBytes, cpuSeconds, openFiles); sandbox.readPaths holds ""',
    );
    expect(() => resolveSandbox(null as never, '/w')).toThrow(
      "sandbox must be 'on', 'off' or an object of settings; got null",
    );
  });
});

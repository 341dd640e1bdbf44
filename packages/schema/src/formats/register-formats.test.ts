import { FormatRegistry } from '@sinclair/typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMAT_CHECKS, registerFormats } from './register-formats.js';

describe('registerFormats', () => {
  afterEach(() => {
    for (const name of Object.keys(FORMAT_CHECKS)) FormatRegistry.Delete(name);
  });

  it('registers every format once, and again after the registry was cleared', () => {
    registerFormats();
    registerFormats();
    expect(Object.keys(FORMAT_CHECKS).sort()).toEqual(
      ['date', 'date-time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'time', 'uri', 'uuid'].sort(),
    );
    for (const [name, check] of Object.entries(FORMAT_CHECKS)) expect(FormatRegistry.Get(name)).toBe(check);
    FormatRegistry.Delete('uuid');
    registerFormats();
    expect(FormatRegistry.Get('uuid')).toBe(FORMAT_CHECKS.uuid);
  });

  it('keeps a check the application registered first', () => {
    const lenient = (value: string) => value.includes('@');
    FormatRegistry.Set('email', lenient);
    registerFormats();
    expect(FormatRegistry.Get('email')).toBe(lenient);
    expect(FormatRegistry.Get('uuid')).toBe(FORMAT_CHECKS.uuid);
  });
});

import { describe, expect, it } from 'vitest';
import { isDuration, isUri, isUuid } from './identifiers.js';

describe('uri, uuid and duration formats', () => {
  it('checks absolute URIs', () => {
    for (const value of [
      'https://example.com/a?b=1#c',
      'mailto:name@example.com',
      'urn:isbn:0451450523',
      'file:///tmp/x',
      'http://[::1]:80/%20',
    ]) {
      expect(isUri(value), value).toBe(true);
    }
    for (const value of [
      'example.com',
      '/relative/path',
      'https://exa mple.com',
      'https://example.com/%zz',
      '1http://x',
      '',
    ]) {
      expect(isUri(value), value).toBe(false);
    }
  });

  it('checks UUIDs in any case, with or without the urn prefix', () => {
    for (const value of [
      '123e4567-e89b-12d3-a456-426614174000',
      'F47AC10B-58CC-4372-A567-0E02B2C3D479',
      'urn:uuid:123e4567-e89b-12d3-a456-426614174000',
    ]) {
      expect(isUuid(value), value).toBe(true);
    }
    for (const value of [
      '123e4567e89b12d3a456426614174000',
      '123e4567-e89b-12d3-a456-42661417400',
      'g23e4567-e89b-12d3-a456-426614174000',
    ]) {
      expect(isUuid(value), value).toBe(false);
    }
  });

  it('checks ISO 8601 durations', () => {
    for (const value of ['P3D', 'PT1H30M', 'P1Y2M10DT2H30M', 'P2W', 'PT0S', 'P1M'])
      expect(isDuration(value), value).toBe(true);
    for (const value of ['P', 'PT', 'P1DT', '3D', 'P1H', 'P2W1D', 'PT1.5H', 'p1d'])
      expect(isDuration(value), value).toBe(false);
  });
});

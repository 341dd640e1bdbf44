import { describe, expect, it } from 'vitest';
import { fnv1a } from './fnv1a.js';
import { mapToolNames, providerToolName } from './provider-name.js';

describe('providerToolName', () => {
  it('leaves a legal name alone and maps dots for OpenAI and Anthropic', () => {
    expect(providerToolName('read_file', 'openai-strict')).toBe('read_file');
    expect(providerToolName('fs.read', 'openai')).toBe('fs_read');
    expect(providerToolName('fs.read', 'anthropic')).toBe('fs_read');
    expect(providerToolName('fs.read', 'gemini')).toBe('fs.read');
    expect(providerToolName('fs.read', 'mcp')).toBe('fs.read');
  });

  it('makes Gemini names start with a letter or underscore', () => {
    expect(providerToolName('3d.render', 'gemini')).toBe('_3d.render');
    expect(providerToolName('-x', 'gemini-json')).toBe('_-x');
  });

  it('adds a hash suffix to a mapped name that collides, never to the legal one', () => {
    const names = mapToolNames(['fs.read', 'fs_read', 'fs-read'], 'openai');
    expect([...names]).toEqual([
      ['fs.read', `fs_read_${fnv1a('fs.read')}`],
      ['fs_read', 'fs_read'],
      ['fs-read', 'fs-read'],
    ]);
    expect(fnv1a('fs.read')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('shortens a long name to the limit with a hash suffix, deterministically', () => {
    const long = `pack.${'x'.repeat(80)}`;
    const mapped = providerToolName(long, 'openai-strict');
    expect(mapped).toHaveLength(64);
    expect(mapped).toBe(`pack_${'x'.repeat(50)}_${fnv1a(long)}`);
    expect(providerToolName(long, 'openai-strict')).toBe(mapped);
    expect(providerToolName(long, 'mcp')).toBe(long);
  });

  it('hashes with 32-bit FNV-1a', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
    expect(fnv1a('foobar')).toBe('bf9cf968');
  });
});

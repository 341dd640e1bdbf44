import { describe, expect, it } from 'vitest';
import { canonicalJson, schemaHash } from './schema-hash.js';

describe('schemaHash', () => {
  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    expect(schemaHash({ type: 'object', properties: {} })).toBe(schemaHash({ properties: {}, type: 'object' }));
    expect(schemaHash({ type: 'string' })).not.toBe(schemaHash({ type: 'number' }));
  });

  it('is a sha-256 of the canonical text', () => {
    expect(schemaHash({})).toBe('sha256-44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});

import type { DialectName } from '@wesgine/schema';
import { describe, expectTypeOf, it } from 'vitest';
import type { ModelToolCall } from '../agent/model-client.js';
import { createEngine } from '../engine/create-engine.js';
import type { CallOptions } from './call-options.js';

describe('the dialect of a call', () => {
  it('takes a dialect name, or none, and nothing else', () => {
    const run = createEngine().createCell({ workDir: '/tmp' }).run();
    expectTypeOf<CallOptions['dialect']>().toEqualTypeOf<DialectName | undefined>();
    run.call('notes_read', { path: null }, { dialect: 'openai-strict' });
    run.call('notes.read', { path: 'a' });
    // @ts-expect-error not a dialect
    run.call('notes.read', {}, { dialect: 'cohere' });
  });

  it('is what a model client reports on each call, for the loop to pass on', () => {
    expectTypeOf<ModelToolCall['dialect']>().toEqualTypeOf<DialectName | undefined>();
  });
});

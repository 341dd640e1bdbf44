import { describe, expect, it } from 'vitest';
import { callResult } from './call-result.js';

describe('callResult', () => {
  it('says where a cut text was spilled and that the detector escalated', () => {
    expect(
      callResult('read', { isError: false, text: 'head…tail', spilledTo: '/data/spill/1.txt' }, undefined),
    ).toEqual({
      content: [{ type: 'text', text: 'head…tail' }],
      _meta: { 'wesgine/spilledTo': '/data/spill/1.txt' },
    });
    expect(
      callResult('exec', { isError: true, code: 'handler_failed', text: 'failed again', escalated: true }, undefined),
    ).toEqual({
      content: [{ type: 'text', text: 'failed again' }],
      isError: true,
      _meta: { 'wesgine/code': 'handler_failed', 'wesgine/escalated': true },
    });
  });

  it('fails a result schema tool that returned no data, keeping its text', () => {
    expect(callResult('stat', { isError: false, text: '3 bytes' }, (data) => data)).toEqual({
      content: [
        {
          type: 'text',
          text: 'stat returned no data, though its result schema promises structured content; the text it returned was:\n3 bytes',
        },
      ],
      isError: true,
      _meta: { 'wesgine/code': 'handler_failed' },
    });
  });
});

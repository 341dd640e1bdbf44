import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_KEYWORD } from './keywords.js';
import { findMarkedParameters } from './marked-parameters.js';
import { Recipient } from './recipient.js';
import { valuesAt } from './values-at.js';

describe('Recipient()', () => {
  it('marks a string as a mail address and keeps its other options', () => {
    expect(Recipient({ description: 'Who gets it.', maxLength: 320 })).toMatchObject({
      type: 'string',
      description: 'Who gets it.',
      maxLength: 320,
      [RECIPIENT_KEYWORD]: true,
    });
  });

  it('is found one pointer per place, each array item under *, for governance to judge every address', () => {
    const schema = Type.Object({
      to: Type.Array(Recipient(), { minItems: 1 }),
      cc: Type.Optional(Type.Array(Recipient())),
      reply_to: Type.Optional(Recipient()),
      subject: Type.String(),
    });
    expect(findMarkedParameters(schema)).toEqual([
      { kind: 'recipient', pointer: '/cc/*' },
      { kind: 'recipient', pointer: '/reply_to' },
      { kind: 'recipient', pointer: '/to/*' },
    ]);
    expect(valuesAt({ to: ['a@x.org', 'b@x.org'], subject: 'hi' }, '/to/*')).toEqual([
      ['/to/0', 'a@x.org'],
      ['/to/1', 'b@x.org'],
    ]);
  });
});

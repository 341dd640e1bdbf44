import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { findMarkedParameters } from './marked-parameters.js';
import { Path } from './path.js';
import { Recipient } from './recipient.js';

describe('findMarkedParameters: one schema object in several places', () => {
  it('finds every place a shared Recipient() or Path() is used, so none goes ungoverned', () => {
    const address = Recipient();
    const file = Path({ access: 'read' });
    const schema = Type.Object({
      to: Type.Array(address),
      cc: Type.Optional(Type.Array(address)),
      reply_to: address,
      either: Type.Union([address, Type.Array(address)]),
      files: Type.Array(file),
      extra: file,
    });
    expect(findMarkedParameters(schema)).toEqual([
      { kind: 'recipient', pointer: '/cc/*' },
      { kind: 'recipient', pointer: '/either' },
      { kind: 'recipient', pointer: '/either/*' },
      { kind: 'path', pointer: '/extra', access: 'read' },
      { kind: 'path', pointer: '/files/*', access: 'read' },
      { kind: 'recipient', pointer: '/reply_to' },
      { kind: 'recipient', pointer: '/to/*' },
    ]);
  });
});

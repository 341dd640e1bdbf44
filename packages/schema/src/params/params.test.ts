import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Command } from './command.js';
import { COMMAND_KEYWORD, PATH_KEYWORD, URL_KEYWORD } from './keywords.js';
import { findMarkedParameters } from './marked-parameters.js';
import { Path } from './path.js';
import { Url } from './url.js';
import { valuesAt } from './values-at.js';

describe('parameter helpers', () => {
  it('mark strings with extension keywords and keep the other options', () => {
    expect(Path({ access: 'write', description: 'Where to write.' })).toMatchObject({
      type: 'string',
      description: 'Where to write.',
      [PATH_KEYWORD]: 'write',
    });
    expect(Command({ minLength: 1 })).toMatchObject({ type: 'string', minLength: 1, [COMMAND_KEYWORD]: true });
    expect(Url()).toMatchObject({ type: 'string', [URL_KEYWORD]: true });
  });

  it('rejects an unknown access mode', () => {
    expect(() => Path({ access: 'execute' as 'read' })).toThrow(
      `Path({ access }) must be 'read' or 'write', got "execute"`,
    );
  });

  it('finds every marked parameter by JSON pointer', () => {
    const schema = Type.Object({
      target: Path({ access: 'write' }),
      script: Type.Optional(Command()),
      sources: Type.Array(Path({ access: 'read' })),
      edits: Type.Array(Type.Object({ 'file/name': Path({ access: 'write' }) })),
      mirrors: Type.Record(Type.String(), Url()),
      either: Type.Union([Url(), Type.Null()]),
      plain: Type.String(),
    });
    expect(findMarkedParameters(schema)).toEqual([
      { kind: 'path', pointer: '/edits/*/file~1name', access: 'write' },
      { kind: 'url', pointer: '/either' },
      { kind: 'url', pointer: '/mirrors/*' },
      { kind: 'command', pointer: '/script' },
      { kind: 'path', pointer: '/sources/*', access: 'read' },
      { kind: 'path', pointer: '/target', access: 'write' },
    ]);
  });

  it('finds nothing in an unmarked schema and survives cycles', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).self = node;
    expect(findMarkedParameters(node)).toEqual([]);
    expect(findMarkedParameters(Type.Object({ a: Type.String() }))).toEqual([]);
  });
});

describe('valuesAt', () => {
  it('expands * over arrays and maps, and skips what is missing', () => {
    const args = { target: 'a.md', edits: [{ 'file/name': 'x' }, {}, { 'file/name': 'y' }], mirrors: { 'a/b': 'u' } };
    expect(valuesAt(args, '/target')).toEqual([['/target', 'a.md']]);
    expect(valuesAt(args, '/edits/*/file~1name')).toEqual([
      ['/edits/0/file~1name', 'x'],
      ['/edits/2/file~1name', 'y'],
    ]);
    expect(valuesAt(args, '/mirrors/*')).toEqual([['/mirrors/a~1b', 'u']]);
    expect(valuesAt(args, '/missing')).toEqual([]);
    expect(valuesAt({ toString: 1 }, '/constructor')).toEqual([]);
    expect(valuesAt('x', '')).toEqual([['', 'x']]);
  });
});

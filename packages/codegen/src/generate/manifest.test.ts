import { defineTool, Recipient, Type } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { toolIdentifiers } from '../load/identifiers.js';
import { manifestFile } from './manifest.js';
import { exportPack } from './pack-exports.js';

function manifestOf(definition: ReturnType<typeof defineTool>) {
  const pack = {
    root: '/pack',
    name: 'mail-pack',
    version: '1.0.0',
    sources: [],
    tools: [
      {
        name: definition.name,
        file: `tools/${definition.name}.tool.ts`,
        definition,
        identifiers: toolIdentifiers(definition.name),
      },
    ],
  };
  const text = manifestFile(exportPack(pack, { name: 'wesgine-tools', version: '0.0.0' })).contents;
  return JSON.parse(text.slice(text.indexOf('{'))).tools[0];
}

describe('toolpack.json', () => {
  it('names the recipient pointers and askFirst of a tool that has them', () => {
    const entry = manifestOf(
      defineTool({
        name: 'mail.send',
        description: 'Sends a message.',
        parameters: Type.Object({ to: Type.Array(Recipient()), cc: Type.Optional(Type.Array(Recipient())) }),
        meta: { askFirst: true, openWorld: true },
      }),
    );
    expect(entry).toMatchObject({
      askFirst: true,
      needs: { paths: [], exec: [], network: true, urls: [], recipients: ['/cc/*', '/to/*'] },
    });
  });

  it('leaves both out of a tool without them, as before', () => {
    const entry = manifestOf(
      defineTool({ name: 'note', description: 'Notes.', parameters: Type.Object({ text: Type.String() }) }),
    );
    expect(entry.askFirst).toBeUndefined();
    expect(entry.needs).toEqual({ paths: [], exec: [], network: false, urls: [] });
  });
});

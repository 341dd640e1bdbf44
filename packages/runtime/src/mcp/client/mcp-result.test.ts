import { ToolError } from '@wesgine/schema';
import { describe, expect, it } from 'vitest';
import { mcpResult } from './mcp-result.js';

describe('what the model reads of an MCP result', () => {
  it('joins text blocks and describes the others', () => {
    expect(
      mcpResult(
        {
          content: [
            { type: 'text', text: 'one' },
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            { type: 'audio', data: 'A'.repeat(4096), mimeType: 'audio/wav' },
            { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'inside' } },
            { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
            { type: 'resource_link', uri: 'file:///c', name: 'c', description: 'the c file' },
            { type: 'hologram' },
          ],
        },
        'fs',
      ),
    ).toEqual({
      text: [
        'one',
        '[image: image/png, 3 bytes]',
        '[audio: audio/wav, 3.0 KB]',
        '[resource file:///a.txt, text/plain]\ninside',
        '[resource file:///b.bin, 3 bytes of binary data, not shown]',
        '[resource link: c at file:///c: the c file]',
        '[hologram content]',
      ].join('\n'),
    });
  });

  it('keeps structuredContent as data, and shows it when there is no text', () => {
    expect(mcpResult({ content: [], structuredContent: { a: 1 } }, 'fs')).toEqual({ text: '{"a":1}', data: { a: 1 } });
    expect(mcpResult({ content: [] }, 'fs')).toEqual({ text: '(the tool returned no content)' });
  });

  it("turns isError into a handler_failed error with the server's text", () => {
    const thrown = (() => {
      try {
        mcpResult({ content: [{ type: 'text', text: 'no such file' }], isError: true }, 'fs');
      } catch (error) {
        return error;
      }
    })();
    expect(ToolError.isInstance(thrown) && [thrown.code, thrown.message]).toEqual(['handler_failed', 'no such file']);
    expect(() => mcpResult({ isError: true }, 'fs')).toThrow('The MCP server fs reported an error without a message.');
  });
});

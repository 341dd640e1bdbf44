import { defineTool, defineToolPack, Type } from '@wesgine/schema';

const wordCount = defineTool({
  name: 'word_count',
  description: 'Counts the words, lines and characters of a text.',
  parameters: Type.Object({
    text: Type.String({ maxLength: 100_000, description: 'The text to count.' }),
  }),
  result: Type.Object({
    words: Type.Integer({ minimum: 0 }),
    lines: Type.Integer({ minimum: 0 }),
    characters: Type.Integer({ minimum: 0 }),
  }),
  meta: { readOnly: true },
  examples: [{ args: { text: 'one two three' } }],
});

/**
 * The pack the playground's `demo` plugin serves (`demo-plugin.ts`, through `servePlugin`): one small
 * tool, so the catalogue shows a plugin's tool beside the others.
 */
export const wordCountPack = defineToolPack({
  name: 'playground-demo-plugin',
  version: '0.1.0',
  tools: [wordCount],
  handlers: {
    word_count: ({ text }) => {
      const words = text.split(/\s+/).filter(Boolean).length;
      const lines = text === '' ? 0 : text.split(/\r\n|\n|\r/).length;
      const characters = [...text].length;
      const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
      return {
        text: `${plural(words, 'word')}, ${plural(lines, 'line')}, ${plural(characters, 'character')}`,
        data: { words, lines, characters },
      };
    },
  },
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kbCell, tempRoot, writeFiles } from './kb.test.fixture.js';

const { work, data } = tempRoot();
let cell: Awaited<ReturnType<typeof kbCell>>;

beforeAll(async () => {
  writeFiles(work, {
    'docs/animals.md':
      '# Animals\n\nThe quick brown fox jumps over the lazy dog.\nFoxes hunt at night.\n\n## Birds\n\nOwls hunt at night too.\n',
    'docs/notes/plain.txt': 'A plain text note about the harbour.\nNothing about animals.\n',
  });
  cell = await kbCell(work, data);
});
afterAll(() => cell.stop());

describe('kb.search', () => {
  it('smoke', async () => {
    const result = await cell.run().call('kb.search', { query: 'fox' });
    console.log(result.text, JSON.stringify(result.data));
    const list = await cell.run().call('kb.list', {});
    console.log(list.text);
    const get = await cell.run().call('kb.get', { path: 'docs/animals.md', line: 4 });
    console.log(get.text);
  });
});

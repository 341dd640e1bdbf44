import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { html, pageCell, useSites } from './page-sites.test.fixture.js';

const LONG = `<title>Long</title><style>body{margin:0} div{height:3000px;background:linear-gradient(red,blue)}</style><div>Tall</div>`;
const sites = useSites(() => ({
  '/page': (_q, r) => html(r, '<title>Shot</title><main><h1 style="color:#c00">A heading</h1><p>Some text.</p></main>'),
  '/long': (_q, r) => html(r, LONG),
}));

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function shown(result: { isError: boolean; code?: string | undefined; text: string }, dataDir = '/none') {
  const text = result.text
    .replaceAll(sites.site.origin, 'http://SITE')
    .replace(new RegExp(`${dataDir}/page/[^ ]+\\.(png|pdf)`, 'g'), 'DATA/page/FILE.$1')
    .replace(/\d+(\.\d+)? kB/g, 'N kB')
    .replace(/\d+ B\)/g, 'N B)');
  return result.isError ? `${result.code}: ${text}` : text;
}

describe('page.screenshot and page.pdf', () => {
  it('saves a screenshot of the visible area in the data folder by default, and of the whole page when asked', async () => {
    const { cell, dataDir } = pageCell();
    const run = cell.run();
    const [visible, whole] = await Promise.all([
      run.call('page.screenshot', { url: `${sites.site.origin}/page` }),
      run.call('page.screenshot', { url: `${sites.site.origin}/long`, full_page: true }),
    ]);
    expect(shown(visible, dataDir)).toMatchInlineSnapshot(`
      "Address: http://SITE/page
      HTTP status: 200
      Title, as the page gives it: "Shot"
      Saved a 1280×800 PNG of the visible area (N kB) to DATA/page/FILE.png"
    `);
    const { path, bytes } = visible.data as { path: string; bytes: number };
    expect(path.startsWith(join(dataDir, 'page'))).toBe(true);
    const png = readFileSync(path);
    expect(png.subarray(0, 8).equals(PNG)).toBe(true);
    expect(png.length).toBe(bytes);
    expect(bytes).toBeGreaterThan(2000);
    expect(whole.data).toMatchObject({ width: 1280, height: 3000, fullPage: true });
    expect(readFileSync((whole.data as { path: string }).path).readUInt32BE(20)).toBe(3000);
  });

  it('saves to save_to, making missing folders, and prints a PDF there too', async () => {
    const { cell, workDir } = pageCell();
    const run = cell.run();
    const [shot, pdf] = await Promise.all([
      run.call('page.screenshot', { url: `${sites.site.origin}/page`, save_to: 'shots/new/home.png' }),
      run.call('page.pdf', { url: `${sites.site.origin}/long`, save_to: 'docs/long.PDF' }),
    ]);
    expect(shown(shot)).toMatchInlineSnapshot(`
      "Address: http://SITE/page
      HTTP status: 200
      Title, as the page gives it: "Shot"
      Saved a 1280×800 PNG of the visible area (N kB) to shots/new/home.png"
    `);
    expect(shown(pdf)).toMatchInlineSnapshot(`
      "Address: http://SITE/long
      HTTP status: 200
      Title, as the page gives it: "Long"
      Printed the page to a PDF (3 pages, N kB) saved to docs/long.PDF"
    `);
    expect(readFileSync(join(workDir, 'shots/new/home.png')).subarray(0, 8).equals(PNG)).toBe(true);
    const printed = readFileSync(join(workDir, 'docs/long.PDF'));
    expect(printed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(printed.length).toBe((pdf.data as { bytes: number }).bytes);
    expect((pdf.data as { pages: number }).pages).toBe(3);
    // Only the two files: no temporary file is left beside them.
    expect([...readdirSync(join(workDir, 'shots/new')), ...readdirSync(join(workDir, 'docs'))]).toEqual([
      'home.png',
      'long.PDF',
    ]);
  });

  it('refuses a bad save_to before opening the page, and writes nothing', async () => {
    const { cell, workDir } = pageCell();
    mkdirSync(join(workDir, 'folder.png'));
    symlinkSync(join(workDir, 'elsewhere.png'), join(workDir, 'link.png'));
    const run = cell.run();
    const url = `${sites.site.origin}/page`;
    const results = await Promise.all([
      run.call('page.screenshot', { url, save_to: 'shot.jpg' }),
      run.call('page.pdf', { url, save_to: 'report.png' }),
      run.call('page.screenshot', { url, save_to: 'folder.png' }),
      run.call('page.screenshot', { url, save_to: 'link.png' }),
      run.call('page.screenshot', { url, save_to: '/etc/wesgine-shot.png' }),
      run.call('page.pdf', { url, save_to: '../outside.pdf' }),
    ]);
    expect(results.map((result) => shown(result).replaceAll(workDir, 'WORK'))).toMatchInlineSnapshot(`
      [
        "invalid_arguments: save_to must name a .png file, such as shots/page.png; got "shot.jpg". Nothing was opened or written.",
        "invalid_arguments: save_to must name a .pdf file, such as docs/page.pdf; got "report.png". Nothing was opened or written.",
        "not_a_file: folder.png is a folder; give a file name ending in .png instead. Nothing was opened or written.",
        "not_a_file: link.png is a symbolic link, and files are never written through a link. Name the file itself (WORK/elsewhere.png) or another path. Nothing was opened or written.",
        "path_not_allowed: Not allowed: /etc/wesgine-shot.png is outside the allowed folders (WORK).",
        "path_not_allowed: Not allowed: ../outside.pdf is outside the allowed folders (WORK).",
      ]
    `);
    expect(sites.site.seen).toEqual([]);
    expect(existsSync(join(workDir, 'elsewhere.png'))).toBe(false);
    expect(existsSync('/etc/wesgine-shot.png')).toBe(false);
    expect(lstatSync(join(workDir, 'link.png')).isSymbolicLink()).toBe(true);
  });
});

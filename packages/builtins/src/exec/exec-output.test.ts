// Long output through the runtime: cut head and tail for the model, the whole of it in a spill file,
// memory and time bounded for a flood of 100 MB.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { execCell, stable } from './exec.test.fixture.js';

const cell = execCell();
afterAll(() => cell.remove());

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${from + index}\n`).join('');

describe('exec output', () => {
  it('shows short output whole and saves no file', async () => {
    const result = await cell.exec({ command: 'seq 1 256' });
    expect(stable(result.text, cell.data)).toBe(`Exit code: 0\nWall time: <s> seconds\nOutput:\n${lines(1, 256)}`);
    expect(result.data).toMatchObject({ outputLines: 256, truncated: false });
    expect(existsSync(join(cell.data, 'exec')) ? readdirSync(join(cell.data, 'exec')) : []).toEqual([]);
  });

  it('cuts more than 256 lines to the first and last 128, and saves all of them', async () => {
    const result = await cell.exec({ command: 'seq 1 1000' });
    expect(stable(result.text, cell.data)).toBe(
      [
        'Exit code: 0',
        'Wall time: <s> seconds',
        'Total output lines: 1000',
        'Output:',
        `${lines(1, 128)}[... 744 lines (2976 characters) left out here; the full output is saved in <data>/exec/<file>.log ...]`,
        lines(873, 1000),
      ].join('\n'),
    );
    const data = result.data as { fullOutput: string };
    expect(data).toMatchObject({ outputLines: 1000, outputChars: 3893, truncated: true });
    expect(data.fullOutput.startsWith(join(cell.data, 'exec'))).toBe(true);
    expect(readFileSync(data.fullOutput, 'utf8')).toBe(lines(1, 1000));
  });

  it('cuts a long line to 15000 characters at each end', async () => {
    const result = await cell.exec({
      command: 'head -c 20000 /dev/zero | tr "\\0" a; head -c 20000 /dev/zero | tr "\\0" b',
    });
    expect(stable(result.text, cell.data)).toBe(
      [
        'Exit code: 0',
        'Wall time: <s> seconds',
        'Total output lines: 1',
        'Output:',
        'a'.repeat(15_000),
        '[... 10000 characters left out here; the full output is saved in <data>/exec/<file>.log ...]',
        'b'.repeat(15_000),
      ].join('\n'),
    );
  });

  it('keeps a flood of 100 MB bounded: shown text, memory, spill file and time', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const result = await cell.exec({ command: 'yes | head -c 100000000', timeout_ms: 60_000 });
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    const data = result.data as { fullOutput: string; outputLines: number; outputChars: number };
    expect(result.text).toMatch(
      /^Exit code: 0\nWall time: \d+\.\d seconds\nTotal output lines: 50000000\nOutput:\n(y\n){128}\[\.\.\. 49999744 lines \(99999488 characters\) left out here; the first 64 MiB of the output are saved in \S+\.log \.\.\.\]\n(y\n){128}$/,
    );
    expect(data).toMatchObject({ outputLines: 50_000_000, outputChars: 100_000_000, truncated: true });
    expect(statSync(data.fullOutput).size).toBe(64 * 1024 * 1024);
    // Keeping the output would take 100 MB or more; the capture keeps 128 KiB of text.
    expect(peak - before).toBeLessThan(48 * 1024 * 1024);
    expect(elapsed).toBeLessThan(20_000);
    console.log(`100 MB flood: ${Math.round(elapsed)} ms, rss +${((peak - before) / 1024 / 1024).toFixed(1)} MiB`);
  });
});

import { describe, expect, it } from 'vitest';
import { cutOutput } from './cut-output.js';

describe('cutOutput', () => {
  it('leaves text within the budget alone', () => {
    expect(cutOutput('short', 10, undefined)).toEqual({ text: 'short', omitted: 0 });
  });

  it('keeps the head and tail around a notice that says where the rest is', () => {
    const text = Array.from({ length: 400 }, (_, index) => `line ${index}`).join('\n');
    const { text: shown, omitted } = cutOutput(text, 600, '/data/spill/run-1.txt');
    expect(shown.length).toBeLessThanOrEqual(600);
    expect(shown.startsWith('line 0\nline 1\n')).toBe(true);
    expect(shown.endsWith('line 398\nline 399')).toBe(true);
    expect(shown).toContain(
      `\n[... ${omitted} of ${text.length} characters left out here; the whole output is in /data/spill/run-1.txt. Narrow the call to see less at once ...]\n`,
    );
    const notice = shown.match(/\n\[\.\.\. .* \.\.\.\]\n/)?.[0] ?? '';
    expect(omitted).toBe(text.length - (shown.length - notice.length));
  });

  it('cuts at line ends: no partial line at the seams', () => {
    const text = Array.from({ length: 200 }, (_, index) => `entry-${index}`).join('\n');
    const { text: shown } = cutOutput(text, 500, undefined);
    const [head = '', tail = ''] = shown.split(/\n\[\.\.\. .* \.\.\.\]\n/);
    expect(head.split('\n').every((line) => /^entry-\d+$/.test(line) || line === '')).toBe(true);
    expect(tail.split('\n').every((line) => /^entry-\d+$/.test(line))).toBe(true);
  });

  it('cuts a single long line by characters', () => {
    const { text, omitted } = cutOutput('x'.repeat(10_000), 300, undefined);
    expect(text.length).toBeLessThanOrEqual(300);
    expect(omitted).toBeGreaterThan(9_700);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type DesktopSpec } from '@wesgine/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { desktopAdapter } from './desktop-adapter.js';
import { desktopCells } from './desktop-cells.js';
import { desktopSettings } from './desktop-settings.js';

const work = mkdtempSync(join(tmpdir(), 'desktop-settings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cell = { dataDir: '/data/cell', spec: { workDir: work } };
const engine = createEngine({ adapters: [desktopAdapter] });

/** What creating a cell with this desktop field throws (the cell is then not made, nothing left running). */
function refusal(desktop: unknown): string {
  const before = desktopCells.size;
  try {
    engine.createCell({ workDir: work, desktop: desktop as DesktopSpec });
  } catch (error) {
    expect(desktopCells.size).toBe(before);
    return (error as Error).message;
  }
  throw new Error('the cell was created');
}

describe('CellSpec.desktop', () => {
  it('fills in the defaults', () => {
    expect(desktopSettings({ display: ':7.0' }, cell, {})).toEqual({
      display: ':7.0',
      number: '7',
      socketPath: '/tmp/.X11-unix/X7',
      xauthority: undefined,
      sandboxCookie: '/data/cell/desktop/sandbox-xauthority',
      screenshotDir: '/data/cell/desktop/screenshots',
      probeIntervalMs: 2000,
      typeDelayMs: 12,
    });
  });

  it('takes a screenshot folder, a cookie file and the timings', () => {
    const cookie = join(work, 'cookie');
    writeFileSync(cookie, '');
    expect(
      desktopSettings(
        { display: ':12', screenshotDir: 'shots', xauthority: 'cookie', probeIntervalMs: 500, typeDelayMs: 0 },
        cell,
        {},
      ),
    ).toEqual({
      display: ':12',
      number: '12',
      socketPath: '/tmp/.X11-unix/X12',
      xauthority: cookie,
      sandboxCookie: '/data/cell/desktop/sandbox-xauthority',
      screenshotDir: join(work, 'shots'),
      probeIntervalMs: 500,
      typeDelayMs: 0,
    });
    expect(desktopSettings({ display: ':1' }, cell, { XAUTHORITY: cookie }).xauthority).toBe(cookie);
    expect(desktopSettings({ display: ':1' }, cell, { XAUTHORITY: 'relative/cookie' }).xauthority).toBe(undefined);
  });

  it('refuses a display that is no local X display, naming what to write', () => {
    for (const display of ['localhost:10.0', '0', ':', ':x', 'unix:0', ' :0', ':0\n', ':123456']) {
      expect(refusal({ display })).toBe(
        `desktop.display must be a local X display such as ':0' or ':99.0' (reached through /tmp/.X11-unix), not ${JSON.stringify(display)}`,
      );
    }
    expect(refusal({})).toBe(
      "desktop.display must be a local X display such as ':0' or ':99.0' (reached through /tmp/.X11-unix), not undefined",
    );
  });

  it('refuses unknown fields, bad timings and a cookie file that is not there', () => {
    expect(refusal(null)).toBe("desktop must be an object such as { display: ':0' }");
    expect(refusal({ display: ':0', screen: 1, dpi: 2 })).toBe(
      'desktop has no field "screen", "dpi"; its fields are display, screenshotDir, xauthority, probeIntervalMs and typeDelayMs',
    );
    expect(refusal({ display: ':0', probeIntervalMs: 10 })).toBe(
      'desktop.probeIntervalMs must be a whole number of ms from 250 to 600000, not 10',
    );
    expect(refusal({ display: ':0', typeDelayMs: 1.5 })).toBe(
      'desktop.typeDelayMs must be a whole number of ms from 0 to 200, not 1.5',
    );
    expect(refusal({ display: ':0', xauthority: 'missing' })).toBe(
      `desktop.xauthority names ${join(work, 'missing')}, which does not exist; give the display's cookie file`,
    );
    expect(refusal({ display: ':0', screenshotDir: '' })).toBe('desktop.screenshotDir must be a folder path, not ""');
  });
});

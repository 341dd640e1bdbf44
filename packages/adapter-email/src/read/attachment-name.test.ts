import { describe, expect, it } from 'vitest';
import { attachmentFileName, numberedName } from './attachment-name.js';

describe('attachmentFileName', () => {
  it('keeps ordinary names, unicode included', () => {
    expect(attachmentFileName('report.csv', 0)).toBe('report.csv');
    expect(attachmentFileName('Übersicht März.pdf', 0)).toBe('Übersicht März.pdf');
  });

  it('keeps only the last part of a path, so a name cannot climb out of the folder', () => {
    expect(attachmentFileName('../../etc/passwd', 0)).toBe('passwd');
    expect(attachmentFileName('C:\\Windows\\win.ini', 0)).toBe('win.ini');
    expect(attachmentFileName('..', 2)).toBe('attachment-3');
    expect(attachmentFileName('dir/', 0)).toBe('attachment-1');
  });

  it('drops hidden-file dots, control and reserved characters, and trailing dots', () => {
    expect(attachmentFileName('.bashrc', 0)).toBe('bashrc');
    expect(attachmentFileName('a\u0000b\r\n<c>:"|?*.txt', 0)).toBe('abc.txt');
    expect(attachmentFileName('name.txt. . ', 0)).toBe('name.txt');
    expect(attachmentFileName('evil\u202Etxt.exe', 0)).toBe('eviltxt.exe');
    expect(attachmentFileName(undefined, 4)).toBe('attachment-5');
  });

  it('shortens long names and keeps their extension', () => {
    const name = attachmentFileName(`${'x'.repeat(400)}.csv`, 0);
    expect(name).toHaveLength(150);
    expect(name.endsWith('x.csv')).toBe(true);
  });

  it('numbers a taken name before its extension', () => {
    expect(numberedName('report.csv', 2)).toBe('report (2).csv');
    expect(numberedName('README', 3)).toBe('README (3)');
  });
});

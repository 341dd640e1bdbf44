import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Xauthority's family for "any host": what the copy inside the sandbox uses. */
const FAMILY_WILD = 0xffff;

interface Entry {
  readonly family: number;
  readonly address: Buffer;
  readonly number: Buffer;
  readonly name: Buffer;
  readonly data: Buffer;
}

/**
 * The X authority file as the sandbox needs it. A desktop's file keys its cookies by host name, and the
 * sandbox has a host name of its own, so Xlib inside would find no cookie. The copy holds only the
 * cookies of this display, for any host. Written to `target` (mode 0600, replaced whole); returns false
 * when the file holds no cookie for the display (then the original is used, and the server says no).
 */
export function writeSandboxCookie(source: string, displayNumber: string, target: string): boolean {
  const entries = parseXauthority(readFileSync(source)).filter(
    (entry) => entry.number.length === 0 || entry.number.toString('latin1') === displayNumber,
  );
  if (entries.length === 0) return false;
  const wild = entries.map((entry) => ({ ...entry, family: FAMILY_WILD, address: Buffer.alloc(0) }));
  mkdirSync(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, serialize(wild), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, target);
  return true;
}

/** Reads an Xauthority file: entries of a family and four counted strings; a cut-off tail is dropped. */
export function parseXauthority(bytes: Buffer): Entry[] {
  const entries: Entry[] = [];
  let at = 0;
  const counted = (): Buffer | undefined => {
    if (at + 2 > bytes.length) return undefined;
    const length = bytes.readUInt16BE(at);
    if (at + 2 + length > bytes.length) return undefined;
    const value = bytes.subarray(at + 2, at + 2 + length);
    at += 2 + length;
    return value;
  };
  while (at + 2 <= bytes.length) {
    const family = bytes.readUInt16BE(at);
    at += 2;
    const address = counted();
    const number = counted();
    const name = counted();
    const data = counted();
    if (address === undefined || number === undefined || name === undefined || data === undefined) break;
    entries.push({ family, address, number, name, data });
  }
  return entries;
}

function serialize(entries: readonly Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const family = Buffer.alloc(2);
    family.writeUInt16BE(entry.family);
    parts.push(family);
    for (const field of [entry.address, entry.number, entry.name, entry.data]) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(field.length);
      parts.push(length, field);
    }
  }
  return Buffer.concat(parts);
}

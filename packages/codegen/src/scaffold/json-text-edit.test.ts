import { describe, expect, it } from 'vitest';
import { addElement, addMember } from './json-text-edit.js';

describe('addMember and addElement', () => {
  it('skip strings holding braces, brackets, commas and escaped quotes', () => {
    const text = '{ "a": "x}\\"]", "b": { "c": "{[,", "d": [1, {"e": "]"}] } }';
    const member = addMember(text, 'b', 'f', 2);
    expect(member).toBe('{ "a": "x}\\"]", "b": { "c": "{[,", "d": [1, {"e": "]"}], "f": 2 } }');
    expect(JSON.parse(member)).toEqual({ a: 'x}"]', b: { c: '{[,', d: [1, { e: ']' }], f: 2 } });
    expect(addMember(text, undefined, 'g', null)).toBe(`${text.slice(0, -2)}, "g": null }`);
  });

  it('indent a new entry like the last one, and a new object in the file’s unit', () => {
    const text = '{\n\t"a": 1,\n\t"list": [\n\t\t"x"\n\t]\n}\n';
    expect(addElement(text, 'list', 'y')).toBe('{\n\t"a": 1,\n\t"list": [\n\t\t"x",\n\t\t"y"\n\t]\n}\n');
    expect(addMember(text, undefined, 'o', { k: 'v' })).toBe(
      '{\n\t"a": 1,\n\t"list": [\n\t\t"x"\n\t],\n\t"o": {\n\t\t"k": "v"\n\t}\n}\n',
    );
  });

  it('fill an empty container on its line, and refuse a field that is absent', () => {
    expect(addMember('{ "s": {} }', 's', 'k', 'v')).toBe('{ "s": { "k": "v" } }');
    expect(addElement('{"k":[ ]}', 'k', 1)).toBe('{"k":[ 1 ]}');
    expect(() => addMember('{}', 'scripts', 'gen', 'x')).toThrow('package.json has no "scripts" to add to');
  });
});

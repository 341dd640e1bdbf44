import { describe, expect, it } from 'vitest';
import { mergePackageJson } from './merge-package-json.js';
import { scaffoldPack } from './scaffold-pack.js';

const scaffold = JSON.parse(
  scaffoldPack({ name: 'x', wesgineVersion: '^9.9.9' }).find((file) => file.path === 'package.json')?.contents ?? '',
);

describe('mergePackageJson', () => {
  it('adds what a pack needs after the existing entries, in their layout, and keeps the rest', () => {
    const text = [
      '{',
      '    "version": "2.0.0",',
      '    "name": "my-app",',
      '    "private": true,',
      '    "scripts": { "check": "biome check", "build": "tsc" },',
      '    "keywords": ["app"],',
      '    "devDependencies": { "@wesgine/schema": "file:../schema", "typescript": "5.9.0" }',
      '}',
      '',
    ].join('\n');
    const merged = mergePackageJson(text, scaffold, 'ignored');
    expect(merged.added).toEqual([
      'keywords "wesgine-tool-pack"',
      'scripts.gen',
      "devDependencies['@wesgine/codegen']",
      "devDependencies['@types/node']",
    ]);
    expect(merged.kept).toEqual(['scripts.check', "devDependencies['@wesgine/schema']", 'devDependencies.typescript']);
    // Added in the text, after the existing entries and in their layout: every other byte as it was.
    expect(merged.text).toBe(
      [
        '{',
        '    "version": "2.0.0",',
        '    "name": "my-app",',
        '    "private": true,',
        '    "scripts": { "check": "biome check", "build": "tsc", "gen": "wesgine-tools gen" },',
        '    "keywords": ["app", "wesgine-tool-pack"],',
        `    "devDependencies": { "@wesgine/schema": "file:../schema", "typescript": "5.9.0", "@wesgine/codegen": "^9.9.9", "@types/node": "${scaffold.devDependencies['@types/node']}" }`,
        '}',
        '',
      ].join('\n'),
    );
  });

  it('puts new fields on their own lines in a file written over several lines, CRLF kept', () => {
    const merged = mergePackageJson('{\r\n  "name": "a",\r\n  "scripts": {}\r\n}', scaffold, 'a');
    expect(merged.text.split('\r\n').slice(0, 7)).toEqual([
      '{',
      '  "name": "a",',
      '  "scripts": { "gen": "wesgine-tools gen", "check": "wesgine-tools check" },',
      '  "version": "0.1.0",',
      '  "keywords": [',
      '    "wesgine-tool-pack"',
      '  ],',
    ]);
    expect(merged.text.includes('\n') && !/[^\r]\n/.test(merged.text)).toBe(true);
  });

  it('gives a package with no name or version the given name and the first version', () => {
    const merged = mergePackageJson('{"private":true}', scaffold, 'my-app');
    expect(JSON.parse(merged.text)).toEqual({
      private: true,
      name: 'my-app',
      version: '0.1.0',
      keywords: ['wesgine-tool-pack'],
      scripts: { gen: 'wesgine-tools gen', check: 'wesgine-tools check' },
      dependencies: scaffold.dependencies,
      devDependencies: scaffold.devDependencies,
    });
    expect(merged.text.endsWith('}')).toBe(true);
  });

  it('returns the text unchanged when nothing is missing', () => {
    const once = mergePackageJson('{\n\t"name": "a"\n}\n', scaffold, 'a').text;
    expect(once).toContain('\t"name": "a"');
    const twice = mergePackageJson(once, scaffold, 'a');
    expect(twice).toEqual({
      text: once,
      added: [],
      kept: [
        'scripts.gen',
        'scripts.check',
        "dependencies['@wesgine/schema']",
        "devDependencies['@wesgine/codegen']",
        'devDependencies.typescript',
        "devDependencies['@types/node']",
      ],
    });
  });

  it('never changes a field of another shape, and says so', () => {
    const merged = mergePackageJson('{"name":"a","version":"1.0.0","keywords":"x","scripts":[]}', scaffold, 'a');
    expect(merged.kept.slice(0, 2)).toEqual(['keywords (not a list)', 'scripts (not an object)']);
    expect(JSON.parse(merged.text)).toMatchObject({ keywords: 'x', scripts: [] });
  });

  it('refuses text that is not a JSON object', () => {
    expect(() => mergePackageJson('{"name": ', scaffold, 'a')).toThrow(/^package\.json is not valid JSON \(/);
    expect(() => mergePackageJson('[1]', scaffold, 'a')).toThrow('package.json does not hold a JSON object');
  });
});

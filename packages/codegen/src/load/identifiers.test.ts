import { describe, expect, it } from 'vitest';
import { generatedNameClash, identifierCollisions, toolIdentifiers } from './identifiers.js';

describe('toolIdentifiers', () => {
  it('splits on dots, underscores and dashes and keeps the casing inside words', () => {
    expect(toolIdentifiers('notes.search')).toEqual({
      pascal: 'NotesSearch',
      camel: 'notesSearch',
      definition: 'notesSearchTool',
    });
    expect(toolIdentifiers('read_file')).toMatchObject({ pascal: 'ReadFile', camel: 'readFile' });
    expect(toolIdentifiers('web-fetchURL')).toMatchObject({ pascal: 'WebFetchURL', camel: 'webFetchURL' });
    expect(toolIdentifiers('a..b__c')).toMatchObject({ pascal: 'ABC', camel: 'aBC' });
  });

  it('prefixes a leading digit and escapes reserved words', () => {
    expect(toolIdentifiers('3d.render')).toEqual({
      pascal: 'Tool3dRender',
      camel: 'tool3dRender',
      definition: 'tool3dRenderTool',
    });
    expect(toolIdentifiers('delete')).toEqual({ pascal: 'Delete', camel: 'delete_', definition: 'deleteTool' });
    expect(toolIdentifiers('_')).toMatchObject({ pascal: 'Tool', camel: 'tool' });
  });
});

describe('identifierCollisions', () => {
  it('groups names that map to the same identifier, sorted', () => {
    expect(identifierCollisions(['a_b', 'notes.read', 'a-b', 'notesRead', 'x'])).toEqual([
      { names: ['a-b', 'a_b'], identifier: 'AB' },
      { names: ['notes.read', 'notesRead'], identifier: 'NotesRead' },
    ]);
    expect(identifierCollisions(['a', 'b'])).toEqual([]);
  });

  it("catches one tool's handler name equal to another's definition name", () => {
    expect(identifierCollisions(['notes', 'notes.tool'])).toEqual([
      { names: ['notes', 'notes.tool'], identifier: 'notesTool' },
    ]);
  });

  it('names the generated name a tool would shadow', () => {
    expect(generatedNameClash('pack')).toBe('pack');
    expect(generatedNameClash('tools')).toBe('tools');
    expect(generatedNameClash('notes.search')).toBeUndefined();
  });
});

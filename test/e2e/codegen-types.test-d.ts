import type { ArgsOf, HandlerOf, ResultOf, ToolContext, ToolHandler } from '@wesgine/schema';
import { describe, expectTypeOf, it } from 'vitest';
import { categories, progressAware } from '../example-pack/generated/categories.gen.js';
import { handlers, type tools } from '../example-pack/generated/handlers.gen.js';
import type {
  NotesClipArgs,
  NotesReadArgs,
  NotesReadResult,
  NotesSearchArgs,
  NotesSearchResult,
  NotesWriteArgs,
  NotesWriteResult,
} from '../example-pack/generated/types.gen.js';
import type notesClip from '../example-pack/tools/notes.clip.tool.js';
import type notesRead from '../example-pack/tools/notes.read.tool.js';
import type notesSearch from '../example-pack/tools/notes.search.tool.js';
import type notesWrite from '../example-pack/tools/notes.write.tool.js';

describe('the generated types of the example pack', () => {
  it('are exactly the Static types of the TypeBox schemas', () => {
    expectTypeOf<NotesReadArgs>().toEqualTypeOf<ArgsOf<typeof notesRead>>();
    expectTypeOf<NotesReadResult>().toEqualTypeOf<ResultOf<typeof notesRead>>();
    expectTypeOf<NotesSearchArgs>().toEqualTypeOf<ArgsOf<typeof notesSearch>>();
    expectTypeOf<NotesSearchResult>().toEqualTypeOf<ResultOf<typeof notesSearch>>();
    expectTypeOf<NotesWriteArgs>().toEqualTypeOf<ArgsOf<typeof notesWrite>>();
    expectTypeOf<NotesWriteResult>().toEqualTypeOf<ResultOf<typeof notesWrite>>();
    expectTypeOf<NotesClipArgs>().toEqualTypeOf<ArgsOf<typeof notesClip>>();
  });

  it('spell out optional properties, enums and nested arrays', () => {
    expectTypeOf<NotesSearchArgs>().toEqualTypeOf<{
      query: string;
      scope: 'title' | 'body' | 'all';
      limit?: number;
    }>();
    expectTypeOf<NotesSearchResult['hits']>().toEqualTypeOf<{ note: string; line: number; text: string }[]>();
    expectTypeOf<NotesClipArgs>().toEqualTypeOf<{ url: string; title: string; tags?: string[] }>();
  });

  it('type the handler table by tool name', () => {
    expectTypeOf(handlers['notes.read']).toEqualTypeOf<ToolHandler<NotesReadArgs, NotesReadResult>>();
    expectTypeOf(handlers['notes.clip']).toExtend<HandlerOf<typeof notesClip>>();
    expectTypeOf<keyof typeof handlers>().toEqualTypeOf<'notes.clip' | 'notes.read' | 'notes.search' | 'notes.write'>();
    expectTypeOf<(typeof tools)[number]['name']>().toEqualTypeOf<
      'notes.clip' | 'notes.read' | 'notes.search' | 'notes.write'
    >();
    expectTypeOf<Parameters<(typeof handlers)['notes.write']>>().toEqualTypeOf<[NotesWriteArgs, ToolContext]>();
  });

  it('give the category map literal types', () => {
    expectTypeOf(categories).toEqualTypeOf<{
      readonly 'notes.clip': 'action';
      readonly 'notes.read': 'exploration';
      readonly 'notes.search': 'exploration';
      readonly 'notes.write': 'action';
    }>();
    expectTypeOf(progressAware).toEqualTypeOf<readonly ['notes.write']>();
  });
});

import { type AdapterSource, type AnyHandler, defineAdapter, type SourcedTool } from '@wesgine/runtime';
import { handlers, pack, tools } from '../generated/handlers.gen.js';
import { checkEmailSpec } from './check-email-spec.js';
import { closeMailCell, openMailCell } from './mail-cell.js';

const provenance = `${pack.name}@${pack.version}`;

/**
 * The email adapter, for `createEngine({ adapters: [emailAdapter] })`: a cell whose spec sets `email`
 * gets `email.send`, `email.search` and `email.read`. Nothing connects until the first call, so a mail
 * server that is down does not stop the cell; the calls say so.
 */
export const emailAdapter = defineAdapter({
  field: 'email',
  provenance,
  create(cell, spec): AdapterSource {
    const checked = checkEmailSpec(spec);
    openMailCell(cell, checked);
    const sourced: SourcedTool[] = tools.map((definition) => ({
      definition,
      handler: handlers[definition.name] as AnyHandler,
    }));
    return {
      kind: 'adapter',
      id: 'adapter:email',
      provenance,
      tools: () => sourced,
      close: () => closeMailCell(cell.id),
    };
  },
});

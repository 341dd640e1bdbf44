import { type DialectName, formatIssues, readArguments } from '@wesgine/schema';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { CallTrace } from './call-trace.js';
import { dialectDecoder } from './dialect-decoder.js';
import { type Refusal, refuse } from './refusal.js';

/** The arguments every later stage and the handler see: a plain JSON copy, read once. */
export interface CheckedArguments {
  readonly args: unknown;
}

/**
 * Step 2: the arguments are read once into plain JSON data (bounded depth and size, no cycles, getters
 * and Proxies read once, nothing JSON cannot carry), then the compiled check runs on that copy; every
 * issue, with its JSON pointer, in one message the model can act on. Later stages and the handler get
 * the copy, so what was checked is what runs.
 *
 * Arguments that came in a provider's `dialect` are decoded between the two, on the plain copy (so a
 * getter is still read once), into the tool's own shape: what is checked, judged, audited and run is the
 * canonical form, whichever provider sent it.
 *
 * With a `trace`, it tells its steps: `decode` (when a dialect was named) and `validate`, the one that
 * refused last.
 */
export function validateStage(
  tool: RegisteredTool,
  given: unknown,
  dialect?: DialectName,
  trace?: CallTrace,
): CheckedArguments | Refusal {
  const read = readArguments(given);
  if (!read.ok) return told(trace, invalid(tool, read.issues));
  let args = read.value;
  if (dialect !== undefined) {
    const decode = dialectDecoder(tool.definition, dialect);
    if (decode instanceof Error) {
      const refusal = refuse(
        'validate',
        'invalid_arguments',
        `${tool.definition.name} has no ${dialect} form (${decode.message}), so arguments cannot come in that dialect; call it without one`,
      );
      trace?.refused('decode', refusal);
      return refusal;
    }
    args = decode(args);
    trace?.step('decode', 'pass', { detail: `arguments decoded from ${dialect}` });
  }
  if (tool.validator.check(args)) {
    trace?.step('validate', 'pass');
    return { args };
  }
  return told(trace, invalid(tool, tool.validator.issuesOfRejected(args)));
}

function told(trace: CallTrace | undefined, refusal: Refusal): Refusal {
  trace?.refused('validate', refusal);
  return refusal;
}

function invalid(tool: RegisteredTool, issues: Parameters<typeof formatIssues>[1]): Refusal {
  return refuse('validate', 'invalid_arguments', formatIssues(tool.definition.name, issues));
}

import { DIALECT_NAMES, isDialectName, toToolError } from '@wesgine/schema';
import type { CallOptions } from './call-options.js';
import type { CallStep } from './call-step.js';

/**
 * What is wrong with a call's options, and their `onStep` when that one was a function: the call is
 * refused, and a listener that was given still hears the refusal and the record, as it would any other.
 */
export class OptionsProblem {
  constructor(
    readonly message: string,
    readonly onStep?: (step: CallStep) => void,
  ) {}
}

/**
 * The options of a call read once into a plain object, or what is wrong with them: they come from a
 * program, maybe over the wire, and a getter or Proxy among them is not read again during the call.
 */
export function readCallOptions(options: CallOptions): CallOptions | OptionsProblem {
  if (typeof options !== 'object' || options === null)
    return new OptionsProblem(`the call options must be an object, not ${options === null ? 'null' : typeof options}`);
  let read: CallOptions;
  try {
    const { dialect, signal, onProgress, onLog, onStep } = options;
    read = {
      ...(dialect === undefined ? {} : { dialect }),
      ...(signal === undefined ? {} : { signal }),
      ...(onProgress === undefined ? {} : { onProgress }),
      ...(onLog === undefined ? {} : { onLog }),
      ...(onStep === undefined ? {} : { onStep }),
    };
  } catch (error) {
    return new OptionsProblem(`the call options cannot be read: ${toToolError(error).message}`);
  }
  const { dialect, signal, onProgress, onLog, onStep } = read;
  if (dialect !== undefined && !isDialectName(dialect)) {
    return problem(
      onStep,
      `unknown dialect ${JSON.stringify(dialect)}; use one of ${DIALECT_NAMES.join(', ')}, or none for arguments in the tool's own shape`,
    );
  }
  if (signal !== undefined && !(signal instanceof AbortSignal))
    return problem(onStep, 'the call option signal must be an AbortSignal');
  if (onProgress !== undefined && typeof onProgress !== 'function')
    return problem(onStep, 'the call option onProgress must be a function');
  if (onLog !== undefined && typeof onLog !== 'function')
    return problem(onStep, 'the call option onLog must be a function');
  if (onStep !== undefined && typeof onStep !== 'function')
    return problem(onStep, 'the call option onStep must be a function');
  return read;
}

/** A problem with the options, carrying their `onStep` when it is a function (built only on the refusal path). */
function problem(onStep: unknown, message: string): OptionsProblem {
  return new OptionsProblem(message, typeof onStep === 'function' ? (onStep as (step: CallStep) => void) : undefined);
}

import { DIALECT_NAMES, isDialectName, toToolError } from '@wesgine/schema';
import type { CallOptions } from './call-options.js';

/**
 * The options of a call read once into a plain object, or what is wrong with them: they come from a
 * program, maybe over the wire, and a getter or Proxy among them is not read again during the call.
 */
export function readCallOptions(options: CallOptions): CallOptions | string {
  if (typeof options !== 'object' || options === null)
    return `the call options must be an object, not ${options === null ? 'null' : typeof options}`;
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
    return `the call options cannot be read: ${toToolError(error).message}`;
  }
  const { dialect, signal, onProgress, onLog, onStep } = read;
  if (dialect !== undefined && !isDialectName(dialect)) {
    return `unknown dialect ${JSON.stringify(dialect)}; use one of ${DIALECT_NAMES.join(', ')}, or none for arguments in the tool's own shape`;
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) return 'the call option signal must be an AbortSignal';
  if (onProgress !== undefined && typeof onProgress !== 'function')
    return 'the call option onProgress must be a function';
  if (onLog !== undefined && typeof onLog !== 'function') return 'the call option onLog must be a function';
  if (onStep !== undefined && typeof onStep !== 'function') return 'the call option onStep must be a function';
  return read;
}

import { type StringOptions, type TString, Type } from '@sinclair/typebox';
import { COMMAND_KEYWORD } from './keywords.js';

export type TCommand = TString & { readonly [COMMAND_KEYWORD]: true };

/** A shell command argument. Hardline and Zone rules match on it before the handler runs. */
export function Command(options: StringOptions = {}): TCommand {
  return Type.String({ ...options, [COMMAND_KEYWORD]: true }) as TCommand;
}

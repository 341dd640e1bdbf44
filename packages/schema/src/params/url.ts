import { type StringOptions, type TString, Type } from '@sinclair/typebox';
import { URL_KEYWORD } from './keywords.js';

export type TUrl = TString & { readonly [URL_KEYWORD]: true };

/** A URL argument: the tool reaches the network. Governance may restrict hosts and schemes. */
export function Url(options: StringOptions = {}): TUrl {
  return Type.String({ ...options, [URL_KEYWORD]: true }) as TUrl;
}

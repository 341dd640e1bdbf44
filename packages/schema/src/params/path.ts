import { type StringOptions, type TString, Type } from '@sinclair/typebox';
import { PATH_KEYWORD, type PathAccess } from './keywords.js';

export interface PathOptions extends StringOptions {
  /** `read`: the tool reads this path; `write`: it may create, change or delete it. */
  readonly access: PathAccess;
}

export type TPath<TAccess extends PathAccess = PathAccess> = TString & { readonly [PATH_KEYWORD]: TAccess };

/** A file-system path argument. The Sandbox resolves and checks it before the handler runs. */
export function Path<const TAccess extends PathAccess>(
  options: PathOptions & { readonly access: TAccess },
): TPath<TAccess> {
  const { access, ...rest } = options;
  if (access !== 'read' && access !== 'write') {
    throw new TypeError(`Path({ access }) must be 'read' or 'write', got ${JSON.stringify(access)}`);
  }
  return Type.String({ ...rest, [PATH_KEYWORD]: access }) as TPath<TAccess>;
}

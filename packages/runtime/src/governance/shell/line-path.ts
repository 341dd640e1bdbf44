/** A path a command line reads or writes by redirection, or changes into with `cd`, `pushd` or `popd`. */
export interface LinePath {
  readonly value: string;
  readonly access: 'read' | 'write';
  readonly why: 'redirect' | 'cd';
}

import { describe, expect, it } from 'vitest';
import { isLoaderVariable } from './loader-variables.js';

describe('isLoaderVariable', () => {
  it.each([
    'PATH',
    'PATH[0]',
    'LD_PRELOAD',
    'LD_LIBRARY_PATH',
    'LD_AUDIT',
    'DYLD_INSERT_LIBRARIES',
    'BASH_ENV',
    'ENV',
    'GIT_DIR',
    'GIT_SSH_COMMAND',
    'PYTHONPATH',
    'NODE_OPTIONS',
    'PERL5OPT',
    'RUBYOPT',
    'IFS',
    'BASH_FUNC_ls%%',
    'PAGER',
  ])('%s is', (name) => {
    expect(isLoaderVariable(name)).toBe(true);
  });

  it.each(['HOME', 'CI', 'NODE_ENV', 'PATHS', 'MYPATH', 'LD', 'GITHUB_TOKEN', 'path'])('%s is not', (name) => {
    expect(isLoaderVariable(name)).toBe(false);
  });
});

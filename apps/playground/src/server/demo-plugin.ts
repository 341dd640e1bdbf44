// The playground's `demo` plugin: a program the cell starts (`CellSpec.plugins`) that serves
// `word_count` over newline-delimited JSON-RPC on its stdio. Nothing else may write to stdout.
import { servePlugin } from '@wesgine/runtime/plugin';
import { wordCountPack } from './word-count-pack.js';

await servePlugin(wordCountPack);

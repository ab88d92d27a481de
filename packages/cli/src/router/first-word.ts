import { COMMAND_TREE } from '../commands/command-tree.js';

/** `--help` and `-h`: the help of whatever comes before them (the root's when first). */
export const HELP_FLAGS: readonly string[] = ['--help', '-h'];

/** `--version`, `-V` and `-v`: the root's only other option. */
export const VERSION_FLAGS: readonly string[] = ['--version', '-V', '-v'];

/**
 * What the first word of argv asks for: the root help (no word, or a help flag), the version, `help <topic>`,
 * a built-in command (by name or alias), an option the root does not take, or else an extension command.
 */
export type FirstWordKind = 'root-help' | 'version' | 'help' | 'builtin' | 'option' | 'extension';

/**
 * The table of every first word that is not an extension command, built from the command tree. It is the one
 * classification of argv: `classifyFirstWord` reads it, and scripts/bundle-cli.mjs writes it into the bin
 * (dist/bundle/main.js), which picks its bundle with the same rule before loading anything (see `bundleFor`
 * in scripts/cli-loader.cjs: a word not in the table is an option when it starts with `-`, else an extension).
 */
export const FIRST_WORDS: Readonly<Record<string, Exclude<FirstWordKind, 'option' | 'extension'>>> = Object.freeze({
  ...Object.fromEntries(HELP_FLAGS.map((flag) => [flag, 'root-help' as const])),
  ...Object.fromEntries(VERSION_FLAGS.map((flag) => [flag, 'version' as const])),
  ...Object.fromEntries((COMMAND_TREE.subcommands ?? []).flatMap((c) => [c.name, ...(c.aliases ?? [])]).map((word) => [word, 'builtin' as const])),
  help: 'help',
});

/** The kind of the first word of argv (see {@link FirstWordKind}); the loader's `bundleFor` follows the same rule. */
export function classifyFirstWord(word: string | undefined): FirstWordKind {
  if (word === undefined) return 'root-help';
  if (Object.hasOwn(FIRST_WORDS, word)) return FIRST_WORDS[word] as FirstWordKind;
  return word.startsWith('-') ? 'option' : 'extension';
}

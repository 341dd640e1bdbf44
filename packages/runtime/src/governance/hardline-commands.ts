import { readOptions } from './shell/command-options.js';
import { criticalTarget } from './shell/critical-target.js';
import { snippet } from './shell/shell-finding.js';
import type { SimpleCommand } from './shell/simple-command.js';
import { unwrapCommand } from './shell/unwrap-command.js';
import { ALLOW, type GovernanceVerdict } from './verdict.js';

/** A command with its wrappers off, as the rules see it. */
interface Subject {
  /** The program without its folder (`/bin/rm` is `rm`). */
  readonly program: string;
  readonly args: readonly string[];
  readonly redirects: SimpleCommand['redirects'];
  readonly text: string;
}

interface Rule {
  readonly id: string;
  /** Why the command is catastrophic, as the end of a sentence; undefined when the rule does not apply. */
  readonly judge: (subject: Subject) => string | undefined;
}

const RM = {
  long: [
    '--force',
    '--interactive',
    '--one-file-system',
    '--no-preserve-root',
    '--preserve-root',
    '--recursive',
    '--dir',
    '--verbose',
  ],
};
const CHMOD = {
  long: [
    '--recursive',
    '--changes',
    '--silent',
    '--quiet',
    '--verbose',
    '--reference',
    '--from',
    '--dereference',
    '--no-dereference',
    '--preserve-root',
    '--no-preserve-root',
  ],
};
const BLOCK_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|dm-|md|loop|sr|nbd|zd|mapper\/|mem$|kmem$|port$)/;
const HARMLESS_DEVICE = /^\/dev\/(null|zero|stdout|stderr|stdin|tty|fd\/[0-9]+)$/;
const POWER = ['shutdown', 'reboot', 'halt', 'poweroff'];
const SYSTEMCTL_POWER = ['poweroff', 'reboot', 'halt', 'kexec', 'soft-reboot'];
const POWER_TARGETS = /^(poweroff|reboot|halt|kexec)(\.target)?$/;

function recursive(options: readonly string[]): boolean {
  return options.some((option) => option === '-r' || option === '-R' || option === '--recursive');
}

/** `find` with `-delete`, or running `rm` on what it finds. */
function deletes(args: readonly string[]): boolean {
  return args.some((arg, index) => {
    if (arg === '-delete') return true;
    const program = args[index + 1] ?? '';
    return (arg === '-exec' || arg === '-execdir') && program.slice(program.lastIndexOf('/') + 1) === 'rm';
  });
}

function firstCritical(targets: readonly string[], working: boolean): string | undefined {
  for (const target of targets) {
    const what = criticalTarget(target, working);
    if (what !== undefined) return `${snippet(target)} is ${what}`;
  }
  return undefined;
}

const RULES: readonly Rule[] = [
  {
    id: 'recursive-delete-root',
    judge: ({ program, args }) => {
      if (program === 'rm') {
        const { options, operands } = readOptions(args, RM);
        if (options.includes('--no-preserve-root')) return 'it removes the protection of the root folder';
        if (!recursive(options)) return undefined;
        const hit = firstCritical(operands, true);
        return hit === undefined ? undefined : `it deletes recursively, and ${hit}`;
      }
      if (program === 'find' && deletes(args)) {
        const expression = args.findIndex((arg) => arg.startsWith('-') || arg === '(' || arg === '!');
        const hit = firstCritical(expression === -1 ? args : args.slice(0, expression), false);
        return hit === undefined ? undefined : `it deletes every file it finds, and ${hit}`;
      }
      return undefined;
    },
  },
  {
    id: 'make-filesystem',
    judge: ({ program }) =>
      /^(mkfs(\..+)?|mke2fs|mkswap|wipefs|blkdiscard)$/.test(program)
        ? 'it writes a new file system or wipes a disk'
        : undefined,
  },
  {
    id: 'write-device',
    judge: ({ program, args, redirects }) => {
      const written = redirects.find((redirect) => redirect.op.includes('>') && BLOCK_DEVICE.test(redirect.target));
      if (written !== undefined) return `it writes straight onto the device ${written.target}`;
      if (program === 'dd') {
        const output = args.find((arg) => arg.startsWith('of=/dev/') && !HARMLESS_DEVICE.test(arg.slice(3)));
        if (output !== undefined) return `it writes straight onto the device ${output.slice(3)}`;
      }
      if (['cp', 'tee', 'shred', 'mv', 'install'].includes(program)) {
        const device = args.find((arg) => BLOCK_DEVICE.test(arg));
        if (device !== undefined) return `it writes straight onto the device ${device}`;
      }
      return undefined;
    },
  },
  {
    id: 'power-off',
    judge: ({ program, args }) => {
      const operands = args.filter((arg) => !arg.startsWith('-'));
      if (POWER.includes(program)) return 'it shuts down or restarts the machine';
      if ((program === 'init' || program === 'telinit') && (operands[0] === '0' || operands[0] === '6')) {
        return 'it shuts down or restarts the machine';
      }
      if (program === 'systemctl' || program === 'loginctl') {
        const [verb, target] = operands;
        if (SYSTEMCTL_POWER.includes(verb ?? '') || (verb === 'isolate' && POWER_TARGETS.test(target ?? ''))) {
          return 'it shuts down or restarts the machine';
        }
      }
      return undefined;
    },
  },
  {
    id: 'recursive-permissions-root',
    judge: ({ program, args }) => {
      if (program !== 'chmod' && program !== 'chown' && program !== 'chgrp') return undefined;
      const { options, operands } = readOptions(args, CHMOD);
      if (!recursive(options)) return undefined;
      const hit = firstCritical(operands, false);
      return hit === undefined ? undefined : `it changes ownership or permissions recursively, and ${hit}`;
    },
  },
  {
    id: 'move-system-folder',
    judge: ({ program, args }) => {
      if (program !== 'mv') return undefined;
      const { operands } = readOptions(args, { long: [], shortWithArgument: 'tS' });
      if (operands.length < 2) return undefined;
      if (operands[operands.length - 1] === '/dev/null')
        return 'it replaces /dev/null, which the whole system writes to';
      const hit = firstCritical(operands.slice(0, -1), false);
      return hit === undefined ? undefined : `it moves away ${hit.replace(' is ', ', ')}`;
    },
  },
  {
    id: 'kill-everything',
    judge: ({ program, args }) =>
      (program === 'kill' || program === 'pkill') && args.includes('-1') && !args.some((arg) => /^[0-9]+$/.test(arg))
        ? 'it signals every process the user owns'
        : undefined,
  },
];

function subject(command: SimpleCommand): Subject {
  const dynamic = new Set(command.dynamicWords ?? []);
  const unwrapped = unwrapCommand(
    command.argv.map((value, index) => ({ value, source: value, expansions: dynamic.has(index) ? ['parameter'] : [] })),
  );
  const argv = unwrapped.words.map((word) => word.value);
  const program = argv[0] ?? '';
  return {
    program: program.slice(program.lastIndexOf('/') + 1),
    args: argv.slice(1),
    redirects: command.redirects,
    text: [...argv, ...command.redirects.map((redirect) => `${redirect.op} ${redirect.target}`)].join(' '),
  };
}

/**
 * Hardline for command lines: catastrophic commands that no configuration can allow, however they are
 * spelled (option order and clusters, long option abbreviations, `sudo` and other wrappers, program
 * folders): recursive deletion of the root, system or home folders, new file systems, writing onto
 * disks, shutting down, recursive permission changes on those folders, moving them away or onto
 * /dev/null, and killing every process. Fork bombs are found by `analyzeCommand` (rule `fork-bomb`).
 */
export function hardlineCommands(commands: readonly SimpleCommand[]): GovernanceVerdict {
  for (const command of commands) {
    const found = subject(command);
    for (const rule of RULES) {
      const why = rule.judge(found);
      if (why !== undefined) {
        return {
          effect: 'deny',
          code: 'hardline_denied',
          rule: rule.id,
          reason: `${snippet(found.text)} is never allowed: ${why}.`,
        };
      }
    }
  }
  return ALLOW;
}

// A small argument parser: positionals plus --flag, --flag value and --flag=value.
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

const BOOLEAN_FLAGS = new Set(['json', 'batch-lane', 'help', 'key-stdin', 'wait', 'watch', 'no-workers']);

export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      if (eq > 0) {
        flags.set(arg.slice(2, eq), arg.slice(eq + 1));
      } else {
        const name = arg.slice(2);
        const next = argv[i + 1];
        if (BOOLEAN_FLAGS.has(name) || next === undefined || next.startsWith('--')) flags.set(name, true);
        else {
          flags.set(name, next);
          i++;
        }
      }
    } else positionals.push(arg);
  }
  return { positionals, flags };
}

export class UsageError extends Error {}

export function stringFlag(args: ParsedArgs, name: string, required: true): string;
export function stringFlag(args: ParsedArgs, name: string, required?: false): string | undefined;
export function stringFlag(args: ParsedArgs, name: string, required = false): string | undefined {
  const v = args.flags.get(name);
  if (v === undefined) {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  if (v === true) throw new UsageError(`--${name} needs a value`);
  return v;
}

export function intFlag(args: ParsedArgs, name: string, required = false): number | undefined {
  const v = stringFlag(args, name, required as false);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new UsageError(`--${name} must be an integer`);
  return Number(v);
}

export function idPositional(args: ParsedArgs, index: number, what: string): number {
  const v = args.positionals[index];
  if (v === undefined || !/^\d+$/.test(v)) throw new UsageError(`${what} ID is required (a positive integer)`);
  return Number(v);
}

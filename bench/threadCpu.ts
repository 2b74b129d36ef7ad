/**
 * Where the cores go during a bench slice (bench/logins.ts): CPU time of this process's threads by
 * kind, and of the machine, read from /proc (Linux: `/proc/self/task/{tid}/stat` and `/proc/stat`,
 * in clock ticks of 10 ms). Elsewhere nothing is read and the figures are NaN.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The kinds of thread a Node process runs, by the names Node and V8 give them. */
export const THREAD_KINDS = {
  server: 'the server thread (JavaScript, PGlite)',
  hashing: 'libuv pool threads (argon2)',
  v8: 'V8 helper threads (GC, compilers)',
  others: 'other processes (the load generator)',
  idle: 'idle',
} as const;
export type ThreadKind = keyof typeof THREAD_KINDS;

export type CpuSnapshot = Record<ThreadKind, number>;

const TICK_MS = 10;
const available = existsSync('/proc/self/task') && existsSync('/proc/stat');

function kindOf(name: string): Exclude<ThreadKind, 'others' | 'idle'> | null {
  if (name === 'MainThread' || name === 'node') return 'server';
  if (name.startsWith('libuv-worker')) return 'hashing';
  if (name.startsWith('V8') || name.startsWith('DelayedTask')) return 'v8';
  return null;
}

/** CPU ms so far: this process's threads by kind, the other processes' and the machine's idle time. */
export function cpuSnapshot(): CpuSnapshot {
  const snapshot: CpuSnapshot = { server: 0, hashing: 0, v8: 0, others: 0, idle: 0 };
  if (!available) return { server: NaN, hashing: NaN, v8: NaN, others: NaN, idle: NaN };
  let own = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended since the directory was read
    }
    // pid (comm) state ppid …: utime and stime are the 14th and 15th fields, the comm may hold spaces.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    own += ms;
    const kind = kindOf(name);
    if (kind) snapshot[kind] += ms;
  }
  // cpu user nice system idle iowait irq softirq steal …
  const machine = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (machine[3]! + machine[4]!) * TICK_MS;
  snapshot.idle = idle;
  snapshot.others = machine.reduce((sum, ticks) => sum + ticks * TICK_MS, 0) - idle - own;
  return snapshot;
}

/** The CPU ms per operation between two snapshots, summed over slices: add each slice, then `perOperation`. */
export class CpuTally {
  private readonly spent: CpuSnapshot = { server: 0, hashing: 0, v8: 0, others: 0, idle: 0 };
  private operations = 0;

  add(before: CpuSnapshot, after: CpuSnapshot, operations: number): void {
    for (const kind of Object.keys(this.spent) as ThreadKind[]) this.spent[kind] += after[kind] - before[kind];
    this.operations += operations;
  }

  perOperation(): CpuSnapshot {
    const per = { ...this.spent };
    for (const kind of Object.keys(per) as ThreadKind[]) per[kind] = this.operations ? per[kind] / this.operations : NaN;
    return per;
  }
}

/**
 * Admission control before argon2 (issue 9 row 15): hashing is what a flood makes expensive, so it
 * costs the flooder, not the members.
 *
 * - Per client address, a token bucket (ADDRESS_BURST requests at once, ADDRESS_PER_SECOND after
 *   that) is charged before a request that may hash does anything else; an empty bucket answers 429
 *   `request.throttled` with Retry-After. IPv6 addresses count by their /64 (one host has many). The
 *   buckets are bounded: at most `addresses` are tracked, the least recently seen forgotten first.
 * - Every hash and verification waits its turn in one bounded queue: `concurrency` run at once (the
 *   rest of the server keeps its threads), at most `queueLimit` wait; a full queue answers 503
 *   `service.busy` with Retry-After at once rather than making everyone wait longer.
 * - A job whose client has gone (the connection closed before its turn) is dropped unrun.
 *
 * plugins/hashAdmission.ts charges the bucket on the routes that declare `config: { hashes: true }`
 * (before their body is even read) and runs each request's handler in a context that names its
 * admission, address and connection; services/passwords.ts runs every argon2 job through `hashJob`.
 * A request that hashes without the declaration is charged at its first hash instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isIPv6 } from 'node:net';
import { availableParallelism } from 'node:os';

export interface HashLimits {
  /** argon2 jobs running at once. */
  concurrency: number;
  /** Jobs waiting their turn at most; one more is refused with 503. */
  queueLimit: number;
  /** Requests one address may start at once… */
  addressBurst: number;
  /** …and per second after that. */
  addressPerSecond: number;
  /** Addresses whose buckets are kept at most. */
  addresses: number;
}

/**
 * The threads of libuv's pool, where argon2 runs its jobs: UV_THREADPOOL_SIZE (server/threadPool.mjs
 * makes it one per core before the pool starts) or libuv's default of 4, within its 1 to 1024.
 */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1024) : 4;
}

/**
 * The portal's limits. One argon2id job at OWASP's parameters takes one core for about 20–30 ms and
 * 19 MiB, so as many run at once as there are cores (a storm queues instead of taking memory), or
 * as libuv's pool has threads if it has fewer, and 32 waiting is well under a second of work.
 */
export const DEFAULT_HASH_LIMITS: HashLimits = {
  concurrency: Math.min(availableParallelism(), threadPoolSize()), queueLimit: 32, addressBurst: 20, addressPerSecond: 2, addresses: 10_000,
};

/** A refusal the errors plugin answers: 429 `request.throttled` or 503 `service.busy`, each with Retry-After. */
export class HashAdmissionRefused extends Error {
  constructor(readonly status: 429 | 503, readonly errorCode: 'request.throttled' | 'service.busy', readonly retryAfterSeconds: number) {
    super(errorCode);
  }
}

/** The client went away before its job's turn: nothing is run and nothing can be answered. */
export class ClientGone extends Error {
  constructor() {
    super('client gone before its hash was computed');
  }
}

export interface HashAdmission {
  /** Charges `address`'s bucket and checks the queue has room: null when the request may go on. */
  admit(address: string): HashAdmissionRefused | null;
  /** Runs `job` in its turn; refuses at once when the queue is full; drops it if `signal` aborts first. */
  run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Jobs running and waiting (the tests read it). */
  load(): { running: number; waiting: number };
}

export function createHashAdmission(limits: HashLimits = DEFAULT_HASH_LIMITS): HashAdmission {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const waiting: (() => void)[] = [];
  let running = 0;

  const busy = () => new HashAdmissionRefused(503, 'service.busy', 2);

  function take(address: string): HashAdmissionRefused | null {
    const key = bucketKey(address);
    const now = Date.now();
    const seen = buckets.get(key);
    const tokens = seen ? Math.min(limits.addressBurst, seen.tokens + ((now - seen.at) / 1000) * limits.addressPerSecond) : limits.addressBurst;
    // Map order is the order of last use: the first key is the one seen longest ago.
    buckets.delete(key);
    if (buckets.size >= limits.addresses) buckets.delete(buckets.keys().next().value!);
    if (tokens < 1) {
      buckets.set(key, { tokens, at: now });
      return new HashAdmissionRefused(429, 'request.throttled', Math.max(1, Math.ceil((1 - tokens) / limits.addressPerSecond)));
    }
    buckets.set(key, { tokens: tokens - 1, at: now });
    return null;
  }

  /** Hands the finished job's turn to the first waiting one, or gives it back. */
  function release() {
    const wake = waiting.shift();
    if (wake) wake();
    else running--;
  }

  return {
    admit(address) {
      return take(address) ?? (waiting.length >= limits.queueLimit ? busy() : null);
    },

    async run(job, signal) {
      if (running < limits.concurrency) {
        running++;
      } else {
        if (waiting.length >= limits.queueLimit) throw busy();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        if (signal?.aborted) throw new ClientGone();
        return await job();
      } finally {
        release();
      }
    },

    load: () => ({ running, waiting: waiting.length }),
  };
}

/** What a request's handler runs in (plugins/hashAdmission.ts). */
export interface HashContext {
  admission: HashAdmission;
  address: string;
  /** Aborted when the client's connection closes before the answer is sent. */
  signal: AbortSignal;
  /** Whether the address's bucket was charged for this request already. */
  charged: boolean;
}

const context = new AsyncLocalStorage<HashContext>();

/** Runs `fn` (a request's remaining hooks and handler) in `store`. */
export function runWithHashContext(store: HashContext, fn: () => void): void {
  context.run(store, fn);
}

/**
 * Runs one argon2 job: in a request, through its admission (the bucket charged once per request,
 * the queue, the connection); outside any request (start-up, seeding) at once.
 */
export function hashJob<T>(job: () => Promise<T>): Promise<T> {
  const store = context.getStore();
  if (!store) return job();
  if (!store.charged) {
    store.charged = true;
    const refused = store.admission.admit(store.address);
    if (refused) return Promise.reject(refused);
  }
  return store.admission.run(job, store.signal);
}

/** The bucket of an address: IPv4 as it is, IPv6 by its /64 (one host is given a whole /64). */
export function bucketKey(address: string): string {
  const plain = address.startsWith('::ffff:') && !address.slice(7).includes(':') ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * Loaded before anything else (`node --import ./server/threadPool.mjs …`: package.json's start and
 * the logins bench), because libuv reads UV_THREADPOOL_SIZE once, when its thread pool first starts,
 * and a module of the server (or tsx's loader, which runs first) may start it. Plain JavaScript, so it
 * runs before tsx is registered.
 *
 * argon2 runs its jobs in libuv's pool, and the portal lets as many run at once as there are cores
 * (services/hashAdmission.ts). libuv's default is 4 threads whatever the machine: on 8 cores that
 * would hash on 4 at a time, and on this build machine's 2 a login storm measured 1.7–2.1 ms of a
 * core idle per login (jobs handed to a sleeping thread each time; 0.35–0.57 ms with one thread per
 * core) and logins at 78 % of raw verifications/s instead of 80–87 % (bench/logins.ts). So the pool
 * has one thread per core. What else uses the pool (reading the app's files, DNS lookups) waits for
 * a hashing thread while all of them hash: at most one verification, about 17 ms here. An explicit
 * UV_THREADPOOL_SIZE is kept.
 */
import { availableParallelism } from 'node:os';

process.env.UV_THREADPOOL_SIZE ??= String(availableParallelism());

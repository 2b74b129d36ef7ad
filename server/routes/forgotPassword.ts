import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

/** Placeholder: filled in by the issue 4 work under way. */
export default async function routes(_app: FastifyInstance, _options: { db: Db; publicUrl: string | null }) {}

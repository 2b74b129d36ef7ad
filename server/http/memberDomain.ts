/**
 * How a member domain (a folder under server/routes/member/) declares itself to the member scope
 * (routes/member/index.ts): its routes, with paths relative to `/:orgId/:contactId`, registered by
 * the scope behind its hook. Outside the scope's index so that a domain and the index that lists it
 * do not import each other.
 */
import type { RouteApp, RouteDeps } from './routeDeps.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The contact of a member-scope call: the path's contactId, proven to be the session's contact. */
    memberContactId: number;
    /** When that contact signed in on this session (a change only the member should make wants it recent). */
    memberSignedInAt: Date | null;
  }
}

export interface MemberDomain {
  name: string;
  routes: (app: RouteApp, deps: RouteDeps) => Promise<void>;
}

/** A member domain: `export default memberDomain('profile', async (app, deps) => { app.get('/profile', …) })`. */
export function memberDomain(name: string, routes: MemberDomain['routes']): MemberDomain {
  return { name, routes };
}

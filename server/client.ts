/**
 * How the browser app reaches the browser: the built files of dist/ (`npm start`), or Vite's
 * middleware with hot reload (`npm run dev`). Either way every HTML GET the API does not answer
 * gets index.html with its first paint filled in (http/appShell.ts: the organisation's name,
 * "Loading…" and the no-JavaScript message in the app's language), and the app shows its own pages
 * (not-found included).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderAppShell, shellTexts } from './http/appShell.ts';
import { sendWithoutContentSecurityPolicy } from './plugins/securityHeaders.ts';

export interface ClientApp {
  register(app: FastifyInstance): Promise<void>;
  sendApp(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  close(): Promise<void>;
}

export const rootDir = fileURLToPath(new URL('..', import.meta.url));
export const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

export async function builtClient(): Promise<ClientApp> {
  const html = await readFile(new URL('index.html', `file://${distDir}`), 'utf8');
  return {
    async register(app) {
      const fastifyStatic = (await import('@fastify/static')).default;
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // dist/assets holds each script and style sheet as .br and .gz too (vite.config.ts): a browser that
        // accepts them gets a third of the bytes (issue 10 item 3).
        preCompressed: true,
        setHeaders(reply, path) {
          reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    },
    async sendApp(request, reply) {
      const page = renderAppShell(html, await shellTexts(request));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    },
    async close() {},
  };
}

export async function devClient(): Promise<ClientApp> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: 'custom' });
  return {
    async register(app) {
      const middie = (await import('@fastify/middie')).default;
      await app.register(middie);
      app.use(vite.middlewares);
    },
    async sendApp(request, reply) {
      const template = await vite.transformIndexHtml(request.url, await readFile(new URL('index.html', `file://${rootDir}`), 'utf8'));
      const html = renderAppShell(template, await shellTexts(request));
      // Vite's dev client runs an inline preamble and talks to its own WebSocket, which the app's
      // Content-Security-Policy (plugins/securityHeaders.ts) forbids.
      sendWithoutContentSecurityPolicy(reply);
      return reply.type('text/html; charset=utf-8').send(html);
    },
    close: () => vite.close(),
  };
}

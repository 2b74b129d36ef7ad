/**
 * METRICS_PORT (issue 10 item 9): a second, tiny listener that answers `GET /metrics` and nothing
 * else (404 `request.notFound`, 405 for another method), so a scraper reaches the metrics on a port
 * the members' proxy never forwards. With METRICS_TOKEN set it asks for the bearer token too.
 * Started and closed with the app by server.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerMatches, type PortalMetrics } from './plugins/metrics.ts';

export interface MetricsServer {
  /** `http://host:port` it listens on. */
  address: string;
  close(): Promise<void>;
}

export async function startMetricsServer(options: { host: string; port: number; token: string | null; metrics: PortalMetrics }): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const json = (status: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return json(404, { errorCode: 'request.notFound' });
    if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, { errorCode: 'request.methodNotAllowed' }, { allow: 'GET, HEAD' });
    if (options.token !== null && !bearerMatches(request.headers.authorization, options.token)) {
      return json(401, { errorCode: 'metrics.unauthorized' }, { 'www-authenticate': 'Bearer' });
    }
    options.metrics.scrape().then(({ contentType, body }) => {
      response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    }, () => json(500, { errorCode: 'server.error' }));
  });
  // A scraper sends a small GET: the same short bounds as the main port (http/timeouts.ts).
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    address: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

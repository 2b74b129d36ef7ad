/**
 * The points of the NWS zones and counties an alert may name without a polygon (§3 originalFeed
 * points; §9 draws each as a 41-point circle of about 5 km). The project ships the counties around
 * the springfield demo (server/db/demo/nws/zones.json); a zone it does not know is left out, and a
 * sender that knows better sends the alert's polygon.
 */
import { readFileSync } from 'node:fs';
import type { Position } from '../../schemas/api/publicContent.ts';

let zones: ReadonlyMap<string, Position> | null = null;

export function zonePoint(ugc: string): Position | null {
  zones ??= new Map(Object.entries((JSON.parse(readFileSync(new URL('../db/demo/nws/zones.json', import.meta.url), 'utf8')) as { zones: Record<string, Position> }).zones));
  return zones.get(ugc) ?? null;
}

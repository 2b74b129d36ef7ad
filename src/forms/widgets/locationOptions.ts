/** §9 Maps: "default centre lat 37.09024, lng -95.712891; zoom 15 single marker, 2 world; height 400px". */
export const MAP_DEFAULTS = {
  center: { lat: 37.09024, lon: -95.712891 },
  zoom: { singleMarker: 15, world: 2 },
  height: 400,
  tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

/** §9 "drag offset 0.001": how far one keyboard step moves the marker, in degrees. */
export const MARKER_STEP = 0.001;

export interface MapOptions {
  center: { lat: number; lon: number };
  zoom: { singleMarker: number; world: number };
  height: number;
  tileUrl: string;
  attribution: string;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The map's settings from `ui:options`, each defaulting to §9: `center` ({lat, lng} or {lat, lon}),
 * `zoom` (a number for the single marker, or { singleMarker, world }), `height` (px), `tileUrl`,
 * `tileAttribution`.
 */
export function mapOptionsOf(options: Record<string, unknown>): MapOptions {
  const center = (options.center ?? {}) as { lat?: unknown; lng?: unknown; lon?: unknown };
  const zoom = options.zoom;
  const zoomObject = (zoom && typeof zoom === 'object' ? zoom : {}) as { singleMarker?: unknown; world?: unknown };
  return {
    center: {
      lat: num(center.lat) ?? MAP_DEFAULTS.center.lat,
      lon: num(center.lng) ?? num(center.lon) ?? MAP_DEFAULTS.center.lon,
    },
    zoom: {
      singleMarker: num(zoom) ?? num(zoomObject.singleMarker) ?? MAP_DEFAULTS.zoom.singleMarker,
      world: num(zoomObject.world) ?? num(options.worldZoom) ?? MAP_DEFAULTS.zoom.world,
    },
    height: num(options.height) ?? MAP_DEFAULTS.height,
    tileUrl: typeof options.tileUrl === 'string' && options.tileUrl ? options.tileUrl : MAP_DEFAULTS.tileUrl,
    attribution: typeof options.tileAttribution === 'string' ? options.tileAttribution : MAP_DEFAULTS.attribution,
  };
}

/** A coordinate of the value, or null when there is none (§5 "view on map hidden when both coordinates null"). */
export function coordinateOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** One keyboard step: rounded to 6 decimals (no drift from repeated steps), latitude within ±90, longitude wrapped into ±180. */
export function stepCoordinate(value: number, delta: number, axis: 'lat' | 'lon'): number {
  let next = Math.round((value + delta) * 1e6) / 1e6;
  if (axis === 'lat') next = Math.min(90, Math.max(-90, next));
  else if (next > 180) next -= 360;
  else if (next < -180) next += 360;
  return Math.round(next * 1e6) / 1e6;
}

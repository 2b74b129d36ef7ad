/**
 * The tiles every map draws when its options name none: the server's MAP_TILE_URL (`mapTiles` of
 * `/rest/init`), or OpenStreetMap's. The app sets it as the boot answer arrives (src/app/OrgApp.tsx);
 * the location map reads it (src/forms/widgets/locationOptions.ts). A module of its own, without
 * imports, so that the shell setting it carries nothing of the maps or the forms.
 */

/** OpenStreetMap's tiles, with the attribution its licence asks for (HTML, as Leaflet writes it). */
export const OPEN_STREET_MAP = {
  tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

let siteTiles: { tileUrl: string; attribution: string; token?: string } = OPEN_STREET_MAP;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sets the site's tiles: the credit is text (Leaflet writes the attribution as HTML: it is escaped
 * here); `token` is the key the url's `{token}` stands for (§7 `/rest/api/map/cas/token`, asked by
 * the app); null: OpenStreetMap's.
 */
export function configureMapTiles(tiles: { url: string; attribution: string } | null, token?: string | null): void {
  siteTiles = tiles ? { tileUrl: tiles.url, attribution: escapeHtml(tiles.attribution), ...(token ? { token } : {}) } : OPEN_STREET_MAP;
}

/** Whether the site's tiles need a key before they can be drawn. */
export const needsMapToken = (tiles: { url: string } | null): boolean => tiles?.url.includes('{token}') === true;

export const siteMapTiles = () => siteTiles;

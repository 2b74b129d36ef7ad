import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { Circle, MapContainer, Polygon, TileLayer, useMap } from 'react-leaflet';
import { siteMapTiles } from '../../ui/mapTiles.ts';

/** An area as the map draws it: a polygon's rings, or a circle, in [lat, lon]. */
export type MapArea =
  | { kind: 'polygon'; rings: [number, number][][] }
  | { kind: 'circle'; center: [number, number]; radiusMetres: number };

/** §9 map height. */
const MAP_HEIGHT_PX = 400;

function FitAreas({ areas }: { areas: readonly MapArea[] }) {
  const map = useMap();
  useEffect(() => {
    const bounds = L.latLngBounds([]);
    for (const area of areas) {
      if (area.kind === 'polygon') area.rings.forEach((ring) => ring.forEach((point) => bounds.extend(point)));
      else bounds.extend(L.latLng(area.center).toBounds(area.radiusMetres * 2));
    }
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16], animate: false, maxZoom: 15 });
  }, [map, areas]);
  return null;
}

/**
 * The areas a notification was sent to, or a weather alert covers (§2 "polygons … on a Leaflet map"),
 * drawn over the site's tiles and fitted into view. Leaflet and its stylesheet are in this module only,
 * loaded with the first detail that has an area. The page says in words what the map shows
 * (the alert's area, the places it names): the map adds where, not what.
 */
export default function AreaMap({ areas, label }: { areas: readonly MapArea[]; label: string }) {
  const tiles = siteMapTiles();
  return (
    <div className="area-map" role="region" aria-label={label}>
      <MapContainer center={[37.09024, -95.712891]} zoom={4} style={{ height: `${MAP_HEIGHT_PX}px` }} scrollWheelZoom={false}>
        <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} {...(tiles.token ? { token: tiles.token } : {})} />
        {areas.map((area, index) => (area.kind === 'polygon'
          ? <Polygon key={index} positions={area.rings} pathOptions={{ color: '#b3261e', weight: 2, fillOpacity: 0.2 }} />
          : <Circle key={index} center={area.center} radius={area.radiusMetres} pathOptions={{ color: '#b3261e', weight: 2, fillOpacity: 0.2 }} />))}
        <FitAreas areas={areas} />
      </MapContainer>
    </div>
  );
}

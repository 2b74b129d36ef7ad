import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import type { MapOptions } from './locationOptions.ts';

/** §9 "marker 22x40". */
const markerIcon = L.icon({
  iconUrl: markerIconUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [22, 40],
  iconAnchor: [11, 40],
  popupAnchor: [0, -36],
  shadowSize: [33, 40],
  shadowAnchor: [11, 40],
});

export interface LocationMapProps {
  map: MapOptions;
  marker: { lat: number; lon: number } | null;
  draggable: boolean;
  onMove: (lat: number, lon: number) => void;
  /** The marker image's text alternative. */
  markerLabel: string;
  /** What the info window says. */
  popup: string;
  /** The map region's accessible name. */
  label: string;
}

/**
 * Keeps the marker in view when it is moved from outside the map (keyboard, typed coordinates, a
 * geocoding candidate chosen): a map still showing the whole world zooms in to it (§9 zoom 15 on a marker).
 */
function FollowMarker({ marker, zoom }: { marker: { lat: number; lon: number } | null; zoom: { singleMarker: number; world: number } }) {
  const map = useMap();
  const lat = marker?.lat;
  const lon = marker?.lon;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    if (map.getZoom() <= zoom.world) map.setView([lat, lon], zoom.singleMarker, { animate: false });
    else map.panTo([lat, lon], { animate: false });
  }, [map, lat, lon, zoom.world, zoom.singleMarker]);
  return null;
}

/**
 * §2 "Maps: location map with draggable point and info window (opens/closes on marker click),
 * view-only mode". Leaflet and its stylesheet live in this module only, which LocationWidget loads
 * lazily: screens without a map never load them.
 */
export default function LocationMap({ map, marker, draggable, onMove, markerLabel, popup, label }: LocationMapProps) {
  // The map's first view only (§9 zoom 15 on a marker, 2 for the world); later moves pan (FollowMarker).
  const [initial] = useState(() => ({
    center: marker ? [marker.lat, marker.lon] as [number, number] : [map.center.lat, map.center.lon] as [number, number],
    zoom: marker ? map.zoom.singleMarker : map.zoom.world,
  }));
  const handlers = useMemo(() => ({
    dragend: (event: L.LeafletEvent) => {
      const position = (event.target as L.Marker).getLatLng();
      onMove(Math.round(position.lat * 1e6) / 1e6, Math.round(position.lng * 1e6) / 1e6);
    },
  }), [onMove]);
  return (
    <div className="location-map" role="region" aria-label={label}>
      <MapContainer center={initial.center} zoom={initial.zoom} style={{ height: `${map.height}px` }} scrollWheelZoom={false}>
        <TileLayer url={map.tileUrl} attribution={map.attribution} {...(map.tileToken ? { token: map.tileToken } : {})} />
        {marker ? (
          <Marker position={[marker.lat, marker.lon]} draggable={draggable} icon={markerIcon} alt={markerLabel} title={markerLabel} eventHandlers={handlers}>
            <Popup>{popup}</Popup>
          </Marker>
        ) : null}
        <FollowMarker marker={marker} zoom={map.zoom} />
      </MapContainer>
    </div>
  );
}

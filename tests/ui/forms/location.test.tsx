/**
 * The location widget (§2 maps, §9 map defaults): a Leaflet map loaded lazily beside the address
 * fields, a draggable marker with an info window that opens and closes on marker click, view-only
 * mode, and (WCAG 2.5.7) moving the marker without dragging: arrow keys on a focusable control and
 * buttons, one §9 drag offset (0.001°) a step. Tiles do not load here (no network); nothing needs them.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltForm } from '../../../schemas/forms/types.ts';
import { configureMapTiles } from '../../../src/ui/mapTiles.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await formI18n();
});

/**
 * In browsers an event's `target` is an enumerable accessor (WebIDL), and Leaflet copies events with
 * for…in (its synthetic 'preclick' keeps the target, so the open marker stops it and the click can
 * close the popup). happy-dom defines it as a class getter, not enumerable; this makes it as in browsers.
 */
const targetDescriptor = Object.getOwnPropertyDescriptor(Event.prototype, 'target')!;
beforeAll(() => {
  Object.defineProperty(Event.prototype, 'target', { ...targetDescriptor, enumerable: true });
});
afterAll(() => {
  Object.defineProperty(Event.prototype, 'target', targetDescriptor);
});

const coordinate = (title: string, min: number, max: number) => ({ type: ['number', 'null'] as ('number' | 'null')[], title, minimum: min, maximum: max });

const form = (options: Record<string, unknown> = {}, readonly = false): BuiltForm => ({
  schema: {
    type: 'object',
    properties: {
      address: {
        type: 'object',
        properties: {
          locationName: { type: 'string', title: 'ssp.address.locationName.label' },
          streetAddress: { type: 'string', title: 'ssp.address.streetAddress.label' },
          lat: coordinate('ssp.address.latitude.label', -90, 90),
          lon: coordinate('ssp.address.longitude.label', -180, 180),
        },
      },
    },
  },
  uiSchema: {
    address: {
      'ui:widget': 'location',
      'ui:options': { center: { lat: 37.09024, lng: -95.712891 }, zoom: { singleMarker: 15, world: 2 }, height: 400, ...options },
      ...(readonly ? { 'ui:readonly': true } : {}),
      lat: { 'ui:widget': 'text', ...(readonly ? { 'ui:readonly': true } : {}) },
      lon: { 'ui:widget': 'text', ...(readonly ? { 'ui:readonly': true } : {}) },
    },
  },
});

const home = { address: { locationName: 'Home', streetAddress: '742 Evergreen Terrace', lat: 44.0463, lon: -123.0220 } };
const latitude = () => (screen.getByRole('textbox', { name: 'Latitude' }) as HTMLInputElement).value;
const longitude = () => (screen.getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement).value;

describe('location map', () => {
  it('draws the address fields and, once loaded, the map with the marker at the address', async () => {
    renderForm(i18n, form(), { formData: home });
    expect(screen.getByRole('textbox', { name: 'Street address' })).toBeInstanceOf(HTMLElement);
    const map = await screen.findByRole('region', { name: 'Map' });
    await waitFor(() => expect(map.querySelector('.leaflet-container')).not.toBeNull());
    expect((map.querySelector('.leaflet-container') as HTMLElement).style.height).toBe('400px');
    const marker = map.querySelector('img.leaflet-marker-icon') as HTMLImageElement;
    expect(marker.alt).toBe('Location marker');
    expect(marker.classList.contains('leaflet-marker-draggable')).toBe(true);
    expect([marker.style.width, marker.style.height]).toEqual(['22px', '40px']);
  });

  it('draws the site\'s tiles (MAP_TILE_URL) with their credit as text, and OpenStreetMap\'s without them', async () => {
    configureMapTiles({ url: '/tiles/{z}/{x}/{y}.png', attribution: '© City GIS <img src=x onerror=alert(1)>' });
    try {
      renderForm(i18n, form(), { formData: home });
      const map = await screen.findByRole('region', { name: 'Map' });
      await waitFor(() => expect(map.querySelector('img.leaflet-tile')).not.toBeNull());
      expect([...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].every((tile) => /^\/tiles\/15\/\d+\/\d+\.png$/.test(tile.getAttribute('src')!))).toBe(true);
      const credit = map.querySelector('.leaflet-control-attribution')!;
      expect(credit.textContent).toContain('© City GIS <img src=x onerror=alert(1)>');
      expect(credit.querySelector('img')).toBeNull();
      cleanup();
    } finally {
      configureMapTiles(null);
    }
    renderForm(i18n, form(), { formData: home });
    const map = await screen.findByRole('region', { name: 'Map' });
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(map.querySelector('img.leaflet-tile')!.getAttribute('src')).toMatch(/^https:\/\/[abc]\.tile\.openstreetmap\.org\/15\//);
    expect(map.querySelector('.leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]')).not.toBeNull();
  });

  it('opens the info window on a marker click and closes it on the next', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form(), { formData: home });
    const map = await screen.findByRole('region', { name: 'Map' });
    const marker = await waitFor(() => {
      const icon = map.querySelector('img.leaflet-marker-icon');
      if (!icon) throw new Error('no marker yet');
      return icon as HTMLElement;
    });
    expect(map.querySelector('.leaflet-popup')).toBeNull();
    await user.click(marker);
    await waitFor(() => expect(map.querySelector('.leaflet-popup')?.textContent).toContain('Home — Latitude 44.046300, longitude -123.022000'));
    // Two clicks in quick succession are a double click to Leaflet (it zooms); a member's two clicks are not.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await user.click(marker);
    await waitFor(() => expect(map.querySelector('.leaflet-popup')).toBeNull());
  });

  it('moves the marker with the arrow keys, 0.001° a press (WCAG 2.5.7, §9 drag offset)', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form(), { formData: home });
    const handle = screen.getByRole('button', { name: /^Location marker: / });
    // The keyboard instructions are tied to the marker control.
    expect(document.getElementById(handle.getAttribute('aria-describedby') ?? '')?.textContent).toContain('arrow keys');
    handle.focus();
    await user.keyboard('{ArrowUp}');
    expect([latitude(), longitude()]).toEqual(['44.0473', '-123.022']);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect([latitude(), longitude()]).toEqual(['44.0473', '-123.02']);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect([latitude(), longitude()]).toEqual(['44.0453', '-123.021']);
    expect(screen.getByRole('status').textContent).toBe('Latitude 44.045300, longitude -123.021000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ address: { ...home.address, lat: 44.0453, lon: -123.021 } }]);
  });

  it('takes typed coordinates as numbers, and the marker follows them', async () => {
    const user = userEvent.setup();
    const rendered = renderForm(i18n, form(), { formData: home });
    const lat = screen.getByRole('textbox', { name: 'Latitude' });
    await user.clear(lat);
    await user.type(lat, '45.05');
    expect(latitude()).toBe('45.05');
    await user.tab();
    expect(screen.getByRole('button', { name: /^Location marker: / }).textContent).toBe('Location marker: Latitude 45.050000, longitude -123.022000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rendered.submitted).toEqual([{ address: { ...home.address, lat: 45.05 } }]);
  });

  it('moves it with buttons too', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form(), { formData: home });
    await user.click(screen.getByRole('button', { name: 'Move north' }));
    await user.click(screen.getByRole('button', { name: 'Move west' }));
    expect([latitude(), longitude()]).toEqual(['44.0473', '-123.023']);
    await user.click(screen.getByRole('button', { name: 'Move south' }));
    await user.click(screen.getByRole('button', { name: 'Move east' }));
    expect([latitude(), longitude()]).toEqual(['44.0463', '-123.022']);
  });

  it('places a first marker at the §9 default centre (37.09024, -95.712891)', async () => {
    const user = userEvent.setup();
    renderForm(i18n, form(), { formData: { address: { locationName: 'New' } } });
    expect(screen.queryByRole('button', { name: /^Location marker: / })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place the marker on the map' }));
    expect([latitude(), longitude()]).toEqual(['37.09024', '-95.712891']);
    expect(screen.getByRole('button', { name: /^Location marker: / })).toBeInstanceOf(HTMLElement);
  });

  it('is view-only when read-only: no controls, a marker that cannot be dragged', async () => {
    renderForm(i18n, form({}, true), { formData: home });
    const map = await screen.findByRole('region', { name: 'Map' });
    const marker = await waitFor(() => {
      const icon = map.querySelector('img.leaflet-marker-icon');
      if (!icon) throw new Error('no marker yet');
      return icon as HTMLElement;
    });
    expect(marker.classList.contains('leaflet-marker-draggable')).toBe(false);
    expect(screen.queryByRole('button', { name: /^Location marker: / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move north' })).toBeNull();
  });

  it('draws no map when the organisation has maps off (ui:options.enabled false), only the fields', () => {
    renderForm(i18n, form({ enabled: false }), { formData: home });
    expect(screen.queryByRole('region', { name: 'Map' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move north' })).toBeNull();
    expect(within(document.body).getByRole('textbox', { name: 'Street address' })).toBeInstanceOf(HTMLElement);
  });
});

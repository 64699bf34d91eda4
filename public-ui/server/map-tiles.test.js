import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL, mapTiles } from './map-tiles.js';

describe('map tile settings (MAP_TILE_URL, MAP_ATTRIBUTION)', () => {
  it('defaults to OpenStreetMap with its attribution', () => {
    expect(mapTiles({})).toEqual({
      settings: { tileUrl: DEFAULT_TILE_URL, attribution: DEFAULT_ATTRIBUTION },
      origin: 'https://tile.openstreetmap.org',
    });
  });

  it('takes another https provider with its attribution, and the loopback stub over http', () => {
    expect(
      mapTiles({
        MAP_TILE_URL: 'https://tiles.example.fr/{z}/{x}/{y}.png?key=abc',
        MAP_ATTRIBUTION: '© Exemple',
      }),
    ).toEqual({
      settings: { tileUrl: 'https://tiles.example.fr/{z}/{x}/{y}.png?key=abc', attribution: '© Exemple' },
      origin: 'https://tiles.example.fr',
    });
    expect(
      mapTiles({ MAP_TILE_URL: 'http://127.0.0.1:3049/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'Simulation' })
        .origin,
    ).toBe('http://127.0.0.1:3049');
  });

  it('refuses a URL without its placeholders, over http elsewhere, with credentials, or without attribution', () => {
    expect(() =>
      mapTiles({ MAP_TILE_URL: 'https://tiles.example.fr/tile.png', MAP_ATTRIBUTION: 'x' }),
    ).toThrow('MAP_TILE_URL must hold {z}, {x} and {y}');
    expect(() =>
      mapTiles({ MAP_TILE_URL: 'http://tiles.example.fr/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'x' }),
    ).toThrow('MAP_TILE_URL must be an https URL, or http on this machine only');
    expect(() => mapTiles({ MAP_TILE_URL: 'javascript:{z}{x}{y}', MAP_ATTRIBUTION: 'x' })).toThrow(
      'MAP_TILE_URL must be an https URL',
    );
    expect(() =>
      mapTiles({ MAP_TILE_URL: 'https://u:p@tiles.example.fr/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'x' }),
    ).toThrow('must not carry credentials');
    expect(() => mapTiles({ MAP_TILE_URL: 'https://tiles.example.fr/{z}/{x}/{y}.png' })).toThrow(
      'MAP_ATTRIBUTION is required',
    );
    expect(() => mapTiles({ MAP_ATTRIBUTION: 'x'.repeat(201) })).toThrow('200 characters at most');
  });
});

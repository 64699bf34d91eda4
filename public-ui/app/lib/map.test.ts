import { describe, expect, it } from 'vitest';
import { isApproximate, pointOf, spreadOverlapping } from './map';

describe('map points', () => {
  it('is approximate unless geocoded at the address', () => {
    expect(isApproximate({ latitude: 45.7, longitude: 4.8 })).toBe(true);
    expect(isApproximate({ latitude: 45.7, longitude: 4.8, locationPrecision: 'commune' })).toBe(true);
    expect(isApproximate({ latitude: 45.7, longitude: 4.8, locationPrecision: 'address' })).toBe(false);
  });

  it('has no point without coordinates, and says so in the label when approximate', () => {
    expect(pointOf({ latitude: null, longitude: 4.8 }, 'x', 'X')).toBeNull();
    expect(pointOf({}, 'x', 'X')).toBeNull();
    expect(pointOf({ latitude: 45.7, longitude: 4.8 }, 'x', 'Marie Martin', 3)).toEqual({
      id: 'x',
      latitude: 45.7,
      longitude: 4.8,
      label: 'Marie Martin (position approximative : centre de la commune)',
      approximate: true,
      rank: 3,
    });
  });

  it('lays approximate points sharing a position apart, within about 300 m; exact ones never move', () => {
    const at = { latitude: 45.764, longitude: 4.8357 };
    const points = spreadOverlapping([
      ...Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, ...at, label: '', approximate: true })),
      { id: 'exact', ...at, label: '', approximate: false },
    ]);
    const keys = new Set(
      points.slice(0, 20).map((p) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`),
    );
    expect(keys.size).toBe(20);
    expect(points[0]).toMatchObject(at);
    expect(points[20]).toMatchObject(at);
    for (const p of points) {
      const km = Math.hypot(
        (p.latitude - at.latitude) * 111.32,
        (p.longitude - at.longitude) * 111.32 * Math.cos((at.latitude * Math.PI) / 180),
      );
      expect(km).toBeLessThan(0.3);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { communeSearchSlug } from './index.js';

describe('communeSearchSlug: a commune name as a visitor types it', () => {
  it.each([
    ['St Étienne', 'saint-etienne'],
    ['ste-foy-les-lyon', 'sainte-foy-les-lyon'],
    ['Châlons s Marne', 'chalons-sur-marne'],
    ['  Marseille ', 'marseille'],
    // Only whole words: "stains" and "steenvoorde" stay as typed.
    ['Stains', 'stains'],
  ])('%s -> %s', (typed, slug) => {
    expect(communeSearchSlug(typed)).toBe(slug);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

const HASH = '0123456789abcdef0123456789abcdef';
const uploaded = { first_name: 'Élodie', last_name: 'de La Tour', picture: `/api/v1/media/${HASH}-400.webp` };

describe('Avatar', () => {
  it('on a listing card, offers both uploaded squares, takes the small one by default and loads lazily', () => {
    render(<Avatar person={uploaded} />);
    const img = screen.getByRole('img', { name: 'Élodie de La Tour' });
    expect(img.getAttribute('src')).toBe(`/api/v1/media/${HASH}-160.webp`);
    expect(img.getAttribute('srcset')).toBe(
      `/api/v1/media/${HASH}-160.webp 160w, /api/v1/media/${HASH}-400.webp 400w`,
    );
    expect(img.getAttribute('sizes')).toBe('64px');
    expect(img.getAttribute('width')).toBe('64');
    expect(img.getAttribute('height')).toBe('64');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('on the profile, is eager, sized 80 then 112 px, and falls back to the large square', () => {
    render(<Avatar person={uploaded} large eager />);
    const img = screen.getByRole('img', { name: 'Élodie de La Tour' });
    expect(img.getAttribute('src')).toBe(`/api/v1/media/${HASH}-400.webp`);
    expect(img.getAttribute('sizes')).toBe('(min-width: 64rem) 112px, 80px');
    expect(img.getAttribute('width')).toBe('112');
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('uses any other picture URL as it is, without srcset', () => {
    render(<Avatar person={{ ...uploaded, picture: 'https://cdn.example.test/photo.jpg' }} />);
    const img = screen.getByRole('img', { name: 'Élodie de La Tour' });
    expect(img.getAttribute('src')).toBe('https://cdn.example.test/photo.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
  });

  it('shows the initials when there is no photo, or when it fails to load', () => {
    const { unmount } = render(<Avatar person={{ ...uploaded, picture: null }} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('ÉD')).toBeTruthy();
    unmount();
    render(<Avatar person={uploaded} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
  });
});

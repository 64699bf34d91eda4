import { useState } from 'react';
import { fullName, initials } from '../lib/directory';

/**
 * Photos uploaded through the API are stored as 160 and 400 px squares with immutable URLs:
 * `users.picture` is the 400 px one (`/api/v1/media/<hash>-400.webp`) and the 160 px one is the
 * same name ending in `-160.webp` (backend/src/modules/media/media-files.ts).
 */
const UPLOADED_PHOTO = /^(\/api\/v1\/media\/[0-9a-f]{32})-400\.webp$/;

/** Rendered CSS sizes (app.css `.avatar`, `.avatar--lg`, whose 112 px starts at 64rem). */
const SIZES = { card: '64px', large: '(min-width: 64rem) 112px, 80px' };

/**
 * `src` / `srcSet` of a picture: for an uploaded photo, both squares so the browser takes the
 * 160 px one on cards (64 px, up to 2.5x screens) and the 400 px one where it is needed; any
 * other URL (older data, an external picture) is used as it is.
 */
export function avatarSources(
  picture: string,
  large: boolean,
): { src: string; srcSet?: string; sizes?: string } {
  const uploaded = UPLOADED_PHOTO.exec(picture);
  if (!uploaded) return { src: picture };
  const [, base] = uploaded;
  return {
    src: large ? `${base}-400.webp` : `${base}-160.webp`,
    srcSet: `${base}-160.webp 160w, ${base}-400.webp 400w`,
    sizes: large ? SIZES.large : SIZES.card,
  };
}

/**
 * The professional's photo (alt = name), or their initials when there is none or it fails to load.
 * `large`: the profile's avatar (80 px on phones, 112 px from the large breakpoint), else 64 px.
 * width/height reserve the box before the image arrives (no layout shift); `eager` for the
 * first card and the profile, lazy loading for the cards further down.
 */
export function Avatar({
  person,
  large = false,
  eager = false,
}: {
  person: { first_name: string; last_name: string; picture: string | null };
  large?: boolean;
  eager?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const className = `avatar${large ? ' avatar--lg' : ''}`;
  const size = large ? 112 : 64;
  if (person.picture && !broken) {
    const { src, srcSet, sizes } = avatarSources(person.picture, large);
    return (
      <img
        className={className}
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={fullName(person)}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        // A picture that no longer exists: the initials instead of a broken image.
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {initials(person)}
    </span>
  );
}

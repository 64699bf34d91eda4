import { useState } from 'react';
import { fullName, initials } from '../lib/directory';

/**
 * The professional's photo (alt = name), or their initials when there is none or it fails to load.
 * `large`: the profile's avatar (80 px on phones, 112 px from the large breakpoint), else 64 px.
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
    return (
      <img
        className={className}
        src={person.picture}
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

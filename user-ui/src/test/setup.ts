import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy routes are transformed on first import; on two shared cores that can exceed 1 s.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  // Each test starts signed out.
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

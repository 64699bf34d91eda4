import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// react-admin renders a lot on first mount; two shared cores can exceed 1 s.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

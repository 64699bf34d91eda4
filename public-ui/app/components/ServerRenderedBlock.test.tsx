import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerRenderedBlock } from './ServerRenderedBlock';

const cards = () => (
  <ol>
    <li>
      <a href="/avocat/marie-martin">Marie Martin</a>
    </li>
    <li>
      <a href="/avocat/paul-roux">Paul Roux</a>
    </li>
  </ol>
);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('ServerRenderedBlock', () => {
  it('keeps the server’s markup, node for node, when the browser hydrates it without its data', async () => {
    const page = (render: (() => ReactNode) | null) => (
      <main>
        <h1>Avocats à Lyon</h1>
        <ServerRenderedBlock id="cartes" className="results" render={render} />
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(cards));
    document.body.append(container);
    const link = container.querySelector('a[href="/avocat/paul-roux"]');
    const recoverable = vi.fn();

    const root = await act(async () =>
      hydrateRoot(container, page(null), { onRecoverableError: recoverable }),
    );

    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('#cartes')?.className).toBe('results');
    expect(container.querySelectorAll('#cartes li')).toHaveLength(2);
    // The very nodes the server sent: nothing rebuilt.
    expect(container.querySelector('a[href="/avocat/paul-roux"]')).toBe(link);

    // A client-side navigation brings the data: the block renders it.
    await act(async () =>
      root.render(
        page(() => (
          <ol>
            <li>Léa Petit</li>
          </ol>
        )),
      ),
    );
    expect(container.querySelector('#cartes')?.textContent).toBe('Léa Petit');
    root.unmount();
  });
});

import { Link } from 'react-router';
import { pageHref } from '../lib/directory';

/** Page numbers to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, totalPages: number): Array<number | null> {
  const wanted = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/**
 * Crawlable pagination: real links, `?page=N` (page 1 is the bare path), rel prev/next. `query` (filters of a
 * filtered listing, `mode=visio&aj=1`) goes along on every link.
 */
export function Pagination({
  path,
  page,
  totalPages,
  query = '',
}: {
  path: string;
  page: number;
  totalPages: number;
  query?: string;
}) {
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const base = pageHref(path, p);
    return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
  };
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className="pagination__step">
              <span aria-hidden="true">← </span>Précédent
            </Link>
          ) : (
            <span className="pagination__step pagination__step--off" aria-hidden="true">
              ← Précédent
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                className="pagination__page"
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={href(page + 1)} rel="next" className="pagination__step">
              Suivant<span aria-hidden="true"> →</span>
            </Link>
          ) : (
            <span className="pagination__step pagination__step--off" aria-hidden="true">
              Suivant →
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

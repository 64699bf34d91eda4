import sanitizeHtml from 'sanitize-html';
import { keyOfMediaUrl } from '../media';

/**
 * The one allow-list of the HTML of guide articles. Administrators write that HTML by hand in the
 * console and the public site renders it as is (`dangerouslySetInnerHTML`), so it is sanitised when
 * a post is saved and again when the public API serves it (rows written before the sanitiser).
 */

const LINK_HREF = /^(https?:\/\/|mailto:)/i;
/** Absolute https images, or one of our own uploads exactly as the API serves it (`/api/v1/media/<key>.webp`). */
const imageSrcAllowed = (src: string) => /^https:\/\//i.test(src) || keyOfMediaUrl(src) !== undefined;
const DIMENSION = /^\d{1,4}$/;
const SPAN = /^[1-9]\d{0,2}$/;
const SCOPES = ['row', 'col', 'rowgroup', 'colgroup'];

function keep(attribs: sanitizeHtml.Attributes, name: string, test: (value: string) => boolean): void {
  const value = attribs[name]?.trim();
  if (value === undefined) return;
  if (test(value)) attribs[name] = value;
  else delete attribs[name];
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'a',
    'blockquote',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Disallowed tags whose content goes with them (the text of other disallowed tags is kept).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'iframe', 'template', 'title'],
  transformTags: {
    // Headings outside h2-h4 keep their rank as near as allowed instead of melting into the text.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = {};
      const href = attribs.href?.trim();
      if (href && LINK_HREF.test(href)) next.href = href;
      if (attribs.target === '_blank') {
        next.target = '_blank';
        next.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next = { ...attribs };
      keep(next, 'src', imageSrcAllowed);
      keep(next, 'width', (v) => DIMENSION.test(v));
      keep(next, 'height', (v) => DIMENSION.test(v));
      return { tagName, attribs: next };
    },
    th: (tagName, attribs) => {
      const next = { ...attribs };
      keep(next, 'colspan', (v) => SPAN.test(v));
      keep(next, 'rowspan', (v) => SPAN.test(v));
      keep(next, 'scope', (v) => SCOPES.includes(v));
      return { tagName, attribs: next };
    },
    td: (tagName, attribs) => {
      const next = { ...attribs };
      keep(next, 'colspan', (v) => SPAN.test(v));
      keep(next, 'rowspan', (v) => SPAN.test(v));
      return { tagName, attribs: next };
    },
  },
  // An image whose source was refused shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The article HTML reduced to the allow-list above. Idempotent. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

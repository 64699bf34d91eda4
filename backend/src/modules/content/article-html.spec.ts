import { sanitizeArticleHtml } from './article-html';
import { LAWYER_ARTICLES } from './articles.seed';

/** One of our uploads, as the media module serves it. */
const MEDIA = '/api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp';

describe('sanitizeArticleHtml', () => {
  describe('removes what could run or restyle the page', () => {
    it('drops script elements with their content', () => {
      expect(sanitizeArticleHtml('<p>avant<script>alert(1)</script>après</p>')).toBe('<p>avantaprès</p>');
      expect(sanitizeArticleHtml('<svg><script>alert(1)</script></svg><p>ok</p>')).toBe('<p>ok</p>');
    });

    it('drops on* event handlers from allowed elements', () => {
      expect(sanitizeArticleHtml('<p onclick="steal()" onmouseover="x()">Texte</p>')).toBe('<p>Texte</p>');
      expect(
        sanitizeArticleHtml('<img src="https://cdn.example.fr/a.png" alt="A" onerror="alert(1)" />'),
      ).toBe('<img src="https://cdn.example.fr/a.png" alt="A" />');
    });

    it('drops javascript:, data: and other schemes from links, keeping the text', () => {
      expect(sanitizeArticleHtml('<a href="javascript:alert(1)">clic</a>')).toBe('<a>clic</a>');
      expect(sanitizeArticleHtml('<a href="JaVa&#09;ScRiPt:alert(1)">clic</a>')).toBe('<a>clic</a>');
      expect(sanitizeArticleHtml('<a href="  javascript:alert(1)">clic</a>')).toBe('<a>clic</a>');
      expect(sanitizeArticleHtml('<a href="data:text/html,<script>alert(1)</script>">clic</a>')).toBe(
        '<a>clic</a>',
      );
      expect(sanitizeArticleHtml('<a href="vbscript:x">clic</a>')).toBe('<a>clic</a>');
    });

    it('drops style and iframe elements with their content, and style attributes', () => {
      expect(sanitizeArticleHtml('<style>body{display:none}</style><p style="color:red">Texte</p>')).toBe(
        '<p>Texte</p>',
      );
      expect(sanitizeArticleHtml('<iframe src="https://evil.example"><p>x</p></iframe><p>Texte</p>')).toBe(
        '<p>Texte</p>',
      );
    });

    it('drops images that are not https or one of our own uploads (/api/v1/media/<key>.webp)', () => {
      for (const src of [
        'http://cdn.example.fr/a.png',
        '//evil.example/a.png',
        'data:image/png;base64,AAAA',
        'javascript:alert(1)',
        '/api/v1/logout/attendee',
        '/media/a.png',
        '/api/v1/media/../logout/attendee',
        '/api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp/../../logout/attendee',
        `${MEDIA}?x=1`,
        'x',
      ]) {
        expect(sanitizeArticleHtml(`<p>a<img src="${src}" alt="A" />b</p>`)).toBe('<p>ab</p>');
      }
    });

    it('drops forms, inputs, objects and unknown elements but keeps their text', () => {
      expect(
        sanitizeArticleHtml(
          '<form action="https://evil.example"><input name="password" /><button>Envoyer</button></form>',
        ),
      ).toBe('Envoyer');
      expect(sanitizeArticleHtml('<div class="x"><span id="y">Texte</span></div>')).toBe('Texte');
      expect(sanitizeArticleHtml('<object data="x.swf"></object><embed src="x.swf" />')).toBe('');
    });
  });

  describe('keeps the allowed markup', () => {
    it('keeps headings h2-h4, paragraphs, lists, emphasis, quotes and rules', () => {
      const html =
        '<h2>Titre</h2><h3>Sous-titre</h3><h4>Détail</h4><p>Un <strong>mot</strong>, un <em>autre</em>, ' +
        '<b>gras</b>, <i>italique</i>, <u>souligné</u>.<br />Suite</p><ul><li>un</li></ul><ol><li>deux</li></ol>' +
        '<blockquote>Citation</blockquote><hr />';
      expect(sanitizeArticleHtml(html)).toBe(html);
    });

    it('turns h1 into h2 and h5/h6 into h4', () => {
      expect(sanitizeArticleHtml('<h1>A</h1><h5>B</h5><h6>C</h6>')).toBe('<h2>A</h2><h4>B</h4><h4>C</h4>');
    });

    it('keeps http, https and mailto links; target=_blank gets rel="noopener noreferrer"', () => {
      expect(sanitizeArticleHtml('<a href="https://www.service-public.fr" title="x">SP</a>')).toBe(
        '<a href="https://www.service-public.fr">SP</a>',
      );
      expect(sanitizeArticleHtml('<a href="http://example.fr">E</a>')).toBe(
        '<a href="http://example.fr">E</a>',
      );
      expect(sanitizeArticleHtml('<a href="mailto:contact@example.fr">M</a>')).toBe(
        '<a href="mailto:contact@example.fr">M</a>',
      );
      expect(sanitizeArticleHtml('<a href="https://example.fr" target="_blank" rel="opener">E</a>')).toBe(
        '<a href="https://example.fr" target="_blank" rel="noopener noreferrer">E</a>',
      );
      expect(sanitizeArticleHtml('<a href="https://example.fr" target="other">E</a>')).toBe(
        '<a href="https://example.fr">E</a>',
      );
    });

    it('keeps https images and our uploads with alt and numeric width and height', () => {
      expect(
        sanitizeArticleHtml('<img src="https://cdn.example.fr/a.png" alt="Plan" width="640" height="480" />'),
      ).toBe('<img src="https://cdn.example.fr/a.png" alt="Plan" width="640" height="480" />');
      expect(sanitizeArticleHtml(`<img src="${MEDIA}" alt="Plan" width="100%" />`)).toBe(
        `<img src="${MEDIA}" alt="Plan" />`,
      );
      expect(sanitizeArticleHtml(`<img src="${MEDIA.replace('.webp', '-400.webp')}" />`)).toBe(
        `<img src="${MEDIA.replace('.webp', '-400.webp')}" />`,
      );
    });

    it('keeps basic tables', () => {
      const html =
        '<table><caption>Tarifs</caption><thead><tr><th scope="col" colspan="2">Forfait</th></tr></thead>' +
        '<tbody><tr><td rowspan="2">Consultation</td><td>80 €</td></tr></tbody><tfoot><tr><td>Total</td></tr></tfoot></table>';
      expect(sanitizeArticleHtml(html)).toBe(html);
      expect(sanitizeArticleHtml('<table><tr><td colspan="x" style="a">1</td></tr></table>')).toBe(
        '<table><tr><td>1</td></tr></table>',
      );
    });

    it('keeps every seeded guide article byte for byte', () => {
      for (const article of LAWYER_ARTICLES) {
        const html = article.content.trim();
        expect(sanitizeArticleHtml(html)).toBe(html);
      }
    });

    it('is idempotent', () => {
      const dirty =
        '<h1 onclick="x">T</h1><p>a<script>b</script><a href="https://e.fr" target="_blank">c</a>' +
        `<img src="${MEDIA}" onerror="x" /></p>`;
      const once = sanitizeArticleHtml(dirty);
      expect(sanitizeArticleHtml(once)).toBe(once);
    });
  });
});

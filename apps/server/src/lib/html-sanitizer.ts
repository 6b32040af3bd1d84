import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML cleaner for content written by staff or senders (articles, notification bodies, system
 * messages). It keeps formatting, links and images; it drops scripts, event handlers, styles, SVG, frames,
 * forms and every URL scheme but http(s), mailto and tel. Content is cleaned when written, so what the
 * database holds is already safe to render.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not just unwrapped.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // An image without alternative text is decorative to assistive technology.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    a: (tagName, attribs) => {
      const external = attribs.target === '_blank';
      return {
        tagName,
        attribs: { ...attribs, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: attribs.rel ?? '' }) },
      };
    },
  },
};

export function cleanHtml(html: string | null | undefined): string {
  return sanitizeHtml(html ?? '', OPTIONS);
}

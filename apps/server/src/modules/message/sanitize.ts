import sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d+(\.\d+)?(px|em|rem|pt|%)$/];

/**
 * Message bodies are HTML from a rich-text editor and are shown as HTML to other users, so
 * the server keeps only formatting, links and images: no scripts, event handlers, iframes or
 * javascript: URLs. Inline styles are limited to harmless text properties (no positioning).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'del', 'ins', 'strike', 'big'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': LENGTH,
      'font-weight': [/^(normal|bold|\d00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^[a-z -]{1,40}$/],
      width: LENGTH,
      height: LENGTH,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // pasted images arrive as data: URIs; inside <img> they cannot run script
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // a link opened in a new tab must not get a handle on this window
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export const sanitizeMessageHtml = (html: string): string => sanitizeHtml(html, OPTIONS);

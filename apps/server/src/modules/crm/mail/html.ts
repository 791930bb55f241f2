import sanitizeHtml from 'sanitize-html';

/**
 * A received mail's HTML as the reader shows it (docs/crm.md "E-mail", decisions.md): sanitised on the server with
 * sanitize-html at every read, so a stored mail is never shown as it came and a stricter rule applies to old mails
 * too. Kept: text formatting, tables, lists, links (opened in a new tab, without a handle on our window) and images.
 * Dropped: scripts, event handlers, styles sheets and <style>, forms, frames, objects, classes and ids (they could
 * borrow the app's own styles), positioning. Nothing is loaded from elsewhere: a remote image loses its address
 * (counted in `blockedImages`; the app's CSP would refuse it anyway), a cid: image is pointed at its stored
 * attachment (`data-attachment-id`, which the web fetches through /crm/mail/attachment with the reader's
 * token), and data: images stay (they are in the mail itself).
 */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d+(\.\d+)?(px|em|rem|pt|%)$/];
const BOX = [/^(\d+(\.\d+)?(px|em|rem|pt|%)?\s*){1,4}$/];

export interface MailHtml {
  html: string;
  /** remote images whose address was removed */
  blockedImages: number;
  /** attachment ids the HTML shows inline */
  inline: number[];
}

/** Sanitises `raw`; `cids` maps a Content-ID to its stored attachment's id. */
export function sanitizeMailHtml(raw: string, cids: Map<string, number>): MailHtml {
  let blockedImages = 0;
  const inline = new Set<number>();
  const html = sanitizeHtml(raw, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'del', 'ins', 'strike', 'big', 'small'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'data-attachment-id', 'data-blocked'],
      font: ['color', 'size'],
      table: ['width', 'border', 'cellpadding', 'cellspacing', 'align'],
      td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
      '*': ['style'],
    },
    allowedStyles: {
      '*': {
        color: COLOR,
        'background-color': COLOR,
        'text-align': [/^(left|right|center|justify)$/],
        'vertical-align': [/^(top|middle|bottom|baseline)$/],
        'font-size': LENGTH,
        'font-weight': [/^(normal|bold|\d00)$/],
        'font-style': [/^(normal|italic)$/],
        'font-family': [/^[\w\s,"'-]{1,100}$/],
        'text-decoration': [/^[a-z -]{1,40}$/],
        'line-height': [/^\d+(\.\d+)?(px|em|rem|pt|%)?$/],
        width: LENGTH,
        height: LENGTH,
        'max-width': LENGTH,
        margin: BOX,
        padding: BOX,
        border: [/^[\w\s#.(),%-]{1,60}$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    // <style>, <script>, <title> … go with their content, not just their tags
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
      img: (tagName, attribs) => {
        // the mail's own data-* attributes never reach the reader: only ours say which attachment to show
        const { src = '', 'data-attachment-id': _id, 'data-blocked': _b, ...rest } = attribs;
        const cid = /^cid:/i.test(src) ? cids.get(decodeURIComponent(src.slice(4)).replace(/^<|>$/g, '')) : undefined;
        if (cid !== undefined) {
          inline.add(cid);
          return { tagName, attribs: { ...rest, 'data-attachment-id': String(cid) } };
        }
        if (/^data:image\//i.test(src)) return { tagName, attribs: { ...rest, src } };
        // a remote image (a tracking pixel, a logo) or a cid: nobody stored: no address, nothing loaded
        if (src) blockedImages++;
        return { tagName, attribs: { ...rest, 'data-blocked': '1' } };
      },
    },
  });
  return { html, blockedImages, inline: [...inline] };
}

import type { ColumnType } from 'antd/es/table';
import type { Row } from './crud-types.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A cell as plain text: the rendered value when it is text, else the raw value. */
function cellText(col: ColumnType<Row>, row: Row, i: number): string {
  const raw = row[String(col.dataIndex)];
  const out = col.render ? col.render(raw, row, i) : raw;
  if (typeof out === 'string' || typeof out === 'number') return String(out);
  return raw === null || raw === undefined || typeof raw === 'object' ? '' : String(raw);
}

/**
 * Batch print (SPEC §5): a plain print view of the selected rows and visible columns in a new
 * window; the browser's print dialog does the rest.
 */
export function printRows(title: string, subtitle: string, columns: ColumnType<Row>[], rows: Row[]): void {
  const head = columns.map((c) => `<th>${escape(String(c.title ?? ''))}</th>`).join('');
  const body = rows.map((r, i) => `<tr>${columns.map((c) => `<td>${escape(cellText(c, r, i))}</td>`).join('')}</tr>`).join('');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title><style>
    body{font:12px/1.5 -apple-system,"Segoe UI","Noto Sans CJK SC","PingFang SC",sans-serif;margin:24px;color:#222}
    h1{font-size:18px;margin:0 0 4px}p{margin:0 0 12px;color:#666}
    table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 6px;text-align:left}th{background:#f0f0f0}
  </style></head><body><h1>${escape(title)}</h1><p>${escape(subtitle)}</p><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>
  <script>window.onload=function(){window.print()}</script></body></html>`;
  const w = window.open('', '_blank');
  if (!w) return;
  w.document.open();
  w.document.write(html);
  w.document.close();
}

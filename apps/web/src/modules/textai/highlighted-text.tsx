import { Tag } from 'antd';
import { pieces } from './draft-model.ts';
import type { DraftSpan, SpanKind } from './textai-api.ts';
import { useTextaiT } from './textai-i18n.ts';
import styles from './textai.module.css';

const KINDS: SpanKind[] = ['customer', 'material', 'quantity', 'date'];

/** The message with what was recognised marked by kind (customer, material, quantity, date), and the legend. */
export function HighlightedText({ text, spans }: { text: string; spans: DraftSpan[] }) {
  const { t } = useTextaiT();
  return (
    <div>
      <div className={styles.highlight} data-testid="textai-highlight">
        {pieces(text, spans).map((p, i) =>
          p.kind ? (
            <mark key={i} className={styles[p.kind]} data-kind={p.kind} title={t(`kind.${p.kind}`)}>
              {p.text}
            </mark>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </div>
      <div className={styles.legend}>
        {KINDS.map((k) => (
          <Tag key={k} className={styles[k]} bordered={false}>
            {t(`kind.${k}`)}
          </Tag>
        ))}
      </div>
    </div>
  );
}

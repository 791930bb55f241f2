import { useNavigate } from 'react-router';
import { useLabelsT } from './labels-i18n.ts';

/** The material list's row action 打印条码: opens 条码打印 with the material already picked. */
export function PrintTagLink({ materialId }: { materialId: unknown }) {
  const { t } = useLabelsT();
  const navigate = useNavigate();
  return (
    <a data-testid="material-print-tag" onClick={() => navigate(`/manufacture/barcode_print?materialId=${Number(materialId)}`)}>
      {t('printTag')}
    </a>
  );
}

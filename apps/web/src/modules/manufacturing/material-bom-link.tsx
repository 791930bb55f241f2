import { lazy, Suspense, useState } from 'react';
import { useMfgT } from './mfg-i18n.ts';

const MaterialBomDialog = lazy(() => import('./material-bom-dialog.tsx').then((m) => ({ default: m.MaterialBomDialog })));

/** The material list's row action BOM: opens the material's BOMs (the dialog loads with its first opening). */
export function MaterialBomLink({ materialId, materialName }: { materialId: unknown; materialName: unknown }) {
  const { t } = useMfgT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <a data-testid="material-bom" onClick={() => setOpen(true)}>
        {t('bom')}
      </a>
      {open && (
        <Suspense fallback={null}>
          <MaterialBomDialog materialId={Number(materialId)} materialName={String(materialName ?? '')} open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

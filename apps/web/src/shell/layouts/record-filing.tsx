import { useTranslation } from 'react-i18next';

/** Record-filing (ICP) number linking to the regulator's site (SPEC §2.3 footer). */
export function RecordFiling({ color = 'rgba(0,0,0,0.45)' }: { color?: string }) {
  const { t } = useTranslation();
  return (
    <div style={{ textAlign: 'center', fontSize: 13, color, lineHeight: '22px' }} data-testid="footer">
      <div>{t('footer.copyright', { year: new Date().getFullYear() })}</div>
      <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" style={{ color }}>
        {t('footer.record')}
      </a>
    </div>
  );
}

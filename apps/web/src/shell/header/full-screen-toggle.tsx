import { useEffect, useState } from 'react';
import { Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function FullScreenToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const p = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // browsers refuse full screen without a user gesture or in some frames: nothing to do then
    p?.catch(() => undefined);
  };
  return (
    <Tooltip title={t(full ? 'header.exitFullScreen' : 'header.fullScreen')}>
      <span className={className} role="button" onClick={toggle} data-testid="full-screen">
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </span>
    </Tooltip>
  );
}

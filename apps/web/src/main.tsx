import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './platform/i18n/index.ts';
import './app/global.css';
import { AppRoot } from './app/app-root.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);

import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { useRouteError } from 'react-router';

// antd's Result carries large illustrations: load it only when an error actually happens
const ErrorPage = lazy(() => import('./error-page.tsx').then((m) => ({ default: m.ErrorPage })));

export function BootSpinner() {
  return <Spin fullscreen spinning />;
}

/** A screen that throws (or a chunk that fails to load after a redeploy) shows the 500 page with a reload. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Suspense fallback={<BootSpinner />}>
      <ErrorPage />
    </Suspense>
  );
}

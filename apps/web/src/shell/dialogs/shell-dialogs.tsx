import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { DialogContext, type ShellDialog } from './dialog-context.ts';
import { fetchDeparts } from './depart-api.ts';
import { useExpiryWarning } from './use-expiry-warning.ts';

// dialogs load on first use so the shell chunk stays small
const ChangePasswordDialog = lazy(() => import('./change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));
const DepartDialog = lazy(() => import('./depart-dialog.tsx').then((m) => ({ default: m.DepartDialog })));
const CompanyDialog = lazy(() => import('./company-dialog.tsx').then((m) => ({ default: m.CompanyDialog })));
const MessageCentreDialog = lazy(() => import('./message-centre.tsx').then((m) => ({ default: m.MessageCentreDialog })));
const SettingsDrawer = lazy(() => import('../settings-drawer.tsx').then((m) => ({ default: m.SettingsDrawer })));
const GuidedTour = lazy(() => import('./guided-tour.tsx').then((m) => ({ default: m.GuidedTour })));

/** Hosts the shell's dialogs and the once-per-session checks (expiry, department choice). */
export function ShellDialogs({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ShellDialog | 'depart-required'>();
  const close = useCallback(() => setOpen(undefined), []);
  useExpiryWarning();

  useEffect(() => {
    // several departments and none chosen: the user must pick one (dialog without a close button)
    fetchDeparts()
      .then((r) => {
        if (r.list.length > 1 && !r.orgCode) setOpen('depart-required');
      })
      .catch(() => undefined);
  }, []);

  return (
    <DialogContext.Provider value={setOpen}>
      {children}
      <Suspense fallback={null}>
        {open === 'password' && <ChangePasswordDialog onClose={close} />}
        {open === 'depart' && <DepartDialog onClose={close} />}
        {open === 'depart-required' && <DepartDialog onClose={close} closable={false} />}
        {open === 'company' && <CompanyDialog onClose={close} />}
        {open === 'messages' && <MessageCentreDialog onClose={close} />}
        {open === 'settings' && <SettingsDrawer onClose={close} />}
        <GuidedTour />
      </Suspense>
    </DialogContext.Provider>
  );
}

import { createContext, useContext } from 'react';

export type ShellDialog = 'password' | 'depart' | 'company' | 'messages' | 'settings';

export const DialogContext = createContext<(d: ShellDialog) => void>(() => undefined);

/** Opens one of the shell's dialogs from anywhere inside the shell. */
export function useOpenDialog(): (d: ShellDialog) => void {
  return useContext(DialogContext);
}

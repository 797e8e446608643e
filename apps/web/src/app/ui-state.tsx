import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { type ThemeName, themeParam } from './theme.ts';

/** The spec's global UI state: sidebarShow (default true) and theme (always light). */
interface UiState {
  sidebarShow: boolean;
  theme: ThemeName;
  /** A valid `?theme=` value from the first URL, kept for reference; it changes nothing. */
  requestedTheme: string | undefined;
  toggleSidebar: () => void;
}

const UiStateContext = createContext<UiState | null>(null);

export function UiStateProvider({ children }: { children: ReactNode }) {
  const [sidebarShow, setSidebarShow] = useState(true);
  const [requestedTheme] = useState(() =>
    // No window when the build draws a public screen (app/drawn-screen.tsx).
    themeParam(globalThis.location?.search ?? ''),
  );
  const value = useMemo<UiState>(
    () => ({
      sidebarShow,
      theme: 'light',
      requestedTheme,
      toggleSidebar: () => setSidebarShow((show) => !show),
    }),
    [sidebarShow, requestedTheme],
  );
  return <UiStateContext.Provider value={value}>{children}</UiStateContext.Provider>;
}

export function useUiState(): UiState {
  const state = useContext(UiStateContext);
  if (!state) throw new Error('useUiState needs <UiStateProvider>');
  return state;
}

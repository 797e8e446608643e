import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';
import { UiStateProvider } from './ui-state.tsx';

/** The spec fixes both: toasts top-right for 3000 ms, and an always-light theme. */
export const TOAST_POSITION = 'top-right';
export const TOAST_AUTO_CLOSE_MS = 3000;

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      forceColorScheme="light"
    >
      <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />
      <QueryClientProvider client={queryClient}>
        <UiStateProvider>{children}</UiStateProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';
import { Toasts } from './toasts.tsx';
import { UiStateProvider } from './ui-state.tsx';

/** The spec fixes an always-light theme (and the toasts' place and time, in toasts.tsx). */
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
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <UiStateProvider>{children}</UiStateProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

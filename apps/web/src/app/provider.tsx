import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/hooks/auth-provider';
import { I18nProvider, type Catalogue, type UiLocale } from '@/i18n';
import { MemberLocale } from './member-locale';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({
  children,
  queryClient,
  i18n,
}: {
  children: ReactNode;
  /** Tests pass their own client; the app makes one for its lifetime. */
  queryClient?: QueryClient;
  /** The first language and its catalogue (main.tsx); tests render in English. */
  i18n?: { locale: UiLocale; messages: Catalogue };
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <I18nProvider initial={i18n}>
          <MemberLocale />
          {children}
        </I18nProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/hooks/auth-provider';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own client; the app makes one for its lifetime. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

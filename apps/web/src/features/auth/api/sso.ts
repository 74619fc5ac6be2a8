import type {
  AuthProviders,
  AuthResponse,
  IdentityLinks,
  SsoLinkStart,
} from '@series-tracker/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Single sign-on (ADR 174): what the site offers, the code exchange, linked identities. */
export const ssoKeys = {
  providers: ['auth', 'providers'] as const,
  links: ['account', 'sso-links'] as const,
};

export const providersQuery = queryOptions({
  queryKey: ssoKeys.providers,
  queryFn: () => api.get<AuthProviders>('/auth/providers'),
  // Settings of the server: they change with a restart, not while a page is open.
  staleTime: 5 * 60_000,
});

export const useAuthProviders = () => useQuery(providersQuery);

/** The one-time code from the callback's redirect (same browser: its cookie goes along). */
export const exchangeSsoCode = (code: string) =>
  api.post<AuthResponse>('/auth/oidc/exchange', { code });

export const useIdentityLinks = (enabled: boolean) =>
  useQuery({
    queryKey: ssoKeys.links,
    queryFn: () => api.get<IdentityLinks>('/auth/oidc/links'),
    enabled,
  });

/** Starts a link: the server binds it to this session and browser, then the browser goes. */
export function useStartLink() {
  return useMutation({
    mutationFn: () => api.post<SsoLinkStart>('/auth/oidc/link'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * "Sign in again with <provider>" from "Confirm it's you" (ADR 174): the provider asks the
 * member again, and the browser comes back to this page with a recent sign-in.
 */
export function useReauthenticateWithProvider() {
  return useMutation({
    mutationFn: (returnTo: string) =>
      api.post<SsoLinkStart>('/auth/oidc/reauthenticate', { returnTo }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/auth/oidc/links/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.links }),
  });
}

/** Where to return after the provider: kept for this tab while the browser is away. */
const NEXT_KEY = 'series-tracker:sso-next';
export const rememberSsoNext = (path: string) => {
  try {
    sessionStorage.setItem(NEXT_KEY, path);
  } catch {
    // Storage refused (private mode): the member lands on the home page instead.
  }
};
export const takeSsoNext = (): string | null => {
  try {
    const next = sessionStorage.getItem(NEXT_KEY);
    sessionStorage.removeItem(NEXT_KEY);
    return next;
  } catch {
    return null;
  }
};

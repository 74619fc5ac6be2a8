import { useSyncExternalStore } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useWatchSettings } from '../api/watch';

/*
 * "On my services" is one switch for every listing (browse, search, watchlist, Up Next,
 * lists): turned on in one place, the others follow; kept in this browser (ADR 182).
 */
const KEY = 'st:on-my-services';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setOnMyServices(on: boolean) {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the switch lasts for this page only.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface MyServicesFilter {
  /** The member has saved services: the switch can be offered. */
  available: boolean;
  on: boolean;
  setOn: (on: boolean) => void;
  /** Query parameters for the API while the switch is on (else empty). */
  params: { services?: string; servicesCountry?: string };
  /** TMDB providers are known to the server; else the match is by network or channel name. */
  byProviders: boolean;
  services: string[];
}

export function useMyServices(): MyServicesFilter {
  const { status } = useAuth();
  const settings = useWatchSettings({ enabled: status === 'authenticated' });
  const stored = useSyncExternalStore(subscribe, read, () => false);
  const saved = settings.data?.services;
  const services = status === 'authenticated' && Array.isArray(saved) ? saved : [];
  const available = services.length > 0;
  const on = available && stored;
  const country = settings.data?.country ?? null;
  return {
    available,
    on,
    setOn: setOnMyServices,
    params: on
      ? { services: services.join(','), ...(country ? { servicesCountry: country } : {}) }
      : {},
    byProviders: Boolean(settings.data?.providersEnabled && country),
    services,
  };
}

import type { AuthResponse } from '@series-tracker/contracts';
import { api } from '@/lib/api-client';

/** The link mailed on registering creates the account and signs it in (ADR 152). */
export function finishRegistration(token: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/finish-registration', { token });
}

import type { LoginBody, LoginResponse } from '@series-tracker/contracts';
import { api } from '@/lib/api-client';

/** A session, or with two-factor sign-in on a challenge for the second factor (ADR 173). */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', body);
}

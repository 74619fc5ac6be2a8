import type { AuthResponse, LoginBody } from '@series-tracker/contracts';
import { api } from '@/lib/api-client';

export function login(body: LoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', body);
}

import type { AuthResponse } from '@series-tracker/contracts';
import { api } from '@/lib/api-client';

/** What the register form sends: the confirmation never leaves the browser (spec §3). */
export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  displayName?: string | undefined;
}

export function register(input: RegisterInput): Promise<AuthResponse> {
  const body: RegisterInput = {
    username: input.username,
    email: input.email,
    password: input.password,
  };
  if (input.displayName) body.displayName = input.displayName;
  return api.post<AuthResponse>('/auth/register', body);
}

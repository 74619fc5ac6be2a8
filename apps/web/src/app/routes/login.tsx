import { Navigate, useNavigate } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useRedirectTarget } from '@/features/auth/hooks/use-redirect-target';
import { withNext } from '@/features/auth/lib/safe-redirect';
import { AuthPage } from './auth-page';

export function LoginRoute() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const redirectTo = useRedirectTarget();

  // Signed-in visitors have nothing to do here (spec §6).
  if (status === 'authenticated') return <Navigate to={redirectTo} replace />;

  return (
    <AuthPage title="Welcome Back" subtitle="Sign in to pick up where you left off.">
      <LoginForm
        onSuccess={() => void navigate(redirectTo, { replace: true })}
        registerHref={withNext('/register', redirectTo)}
      />
    </AuthPage>
  );
}

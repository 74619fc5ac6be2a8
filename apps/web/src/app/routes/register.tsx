import { Navigate } from 'react-router';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useRedirectTarget } from '@/features/auth/hooks/use-redirect-target';
import { withNext } from '@/features/auth/lib/safe-redirect';
import { SITE_NAME } from '@/lib/site';
import { AuthPage } from './auth-page';

export function RegisterRoute() {
  const { status } = useAuth();
  const redirectTo = useRedirectTarget();

  if (status === 'authenticated') return <Navigate to={redirectTo} replace />;

  return (
    <AuthPage
      title={`Join ${SITE_NAME}`}
      subtitle="Keep a watchlist, mark the episodes you have seen and see what is next."
    >
      {/* Registering signs nobody in (ADR 152): the form ends on "Check your e-mail". */}
      <RegisterForm loginHref={withNext('/login', redirectTo)} />
    </AuthPage>
  );
}

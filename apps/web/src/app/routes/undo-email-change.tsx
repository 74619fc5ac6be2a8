import { accountErrorCodes, accountMessages } from '@series-tracker/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { undoEmailChange } from '@/features/account/api/account';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useLogout } from '@/features/auth/hooks/use-session-actions';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { AuthPage } from './auth-page';
import { Success } from './password-reset';

/**
 * /undo-email-change?token=: the link mailed to the old address after an e-mail change
 * (ADR 150). It waits for a click (a mail scanner opening the link must not undo anything);
 * on success every session has ended, this browser's too.
 */
const refusedCodes = new Set<string>([
  accountErrorCodes.tokenInvalid,
  accountErrorCodes.tokenExpired,
  accountErrorCodes.tokenUsed,
]);

export function UndoEmailChangeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { status } = useAuth();
  const logout = useLogout();
  const undo = useMutation({
    mutationFn: undoEmailChange,
    onSuccess: async () => {
      if (status === 'authenticated') await logout();
    },
  });

  // A refused link stays refused: no button to try it again, a way home instead.
  const refused = isApiError(undo.error) && refusedCodes.has(undo.error.code ?? '');

  return (
    <AuthPage
      title="Undo the e-mail change"
      subtitle="Your account goes back to the address this link was sent to."
    >
      <div className="space-y-5">
        {!token ? (
          <FormAlert>{accountMessages.tokenInvalid}</FormAlert>
        ) : undo.isSuccess ? (
          <Success>{undo.data.message}</Success>
        ) : refused ? (
          <FormAlert>{undo.error?.message}</FormAlert>
        ) : (
          <>
            {undo.isError ? (
              <FormAlert>
                {serverMessageOr(undo.error, 'Could not undo the change. Please try again.')}
              </FormAlert>
            ) : null}
            <Button
              type="button"
              size="lg"
              className="w-full"
              disabled={undo.isPending}
              onClick={() => undo.mutate(token)}
            >
              {undo.isPending ? (
                <>
                  <Spinner />
                  Undoing...
                </>
              ) : (
                'Undo the change'
              )}
            </Button>
          </>
        )}
        {undo.isSuccess ? (
          <Link to="/login" className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            Sign in
          </Link>
        ) : !token || refused ? (
          <Link to="/" className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            Go to the home page
          </Link>
        ) : null}
      </div>
    </AuthPage>
  );
}

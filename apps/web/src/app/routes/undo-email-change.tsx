import { accountErrorCodes, accountMessages } from '@series-tracker/contracts';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { FormAlert, FormSuccess, RequestAlert } from '@/components/ui/form-alert';
import { BusyLabel } from '@/components/ui/spinner';
import { undoEmailChange } from '@/features/account/api/account';
import { contractText } from '@/i18n/contract-text';
import { isApiError } from '@/lib/api-client';
import { AuthPage } from './auth-page';
import { useLinkToken, useSignOutHere } from './link-token';

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
  const intl = useIntl();
  const token = useLinkToken();
  // Every session of the account ended, this browser's too if it was signed in.
  const signOutHere = useSignOutHere();
  const undo = useMutation({ mutationFn: undoEmailChange, onSuccess: signOutHere });

  // A refused link stays refused: no button to try it again, a way home instead.
  const refused = isApiError(undo.error) && refusedCodes.has(undo.error.code ?? '');

  return (
    <AuthPage
      title={intl.formatMessage({
        id: 'auth.undoEmailTitle',
        defaultMessage: 'Undo the e-mail change',
      })}
      subtitle={intl.formatMessage({
        id: 'auth.undoEmailSubtitle',
        defaultMessage: 'Your account goes back to the address this link was sent to.',
      })}
    >
      <div className="space-y-5">
        {!token ? (
          <FormAlert>{contractText(accountMessages.tokenInvalid)}</FormAlert>
        ) : undo.isSuccess ? (
          <FormSuccess>{undo.data.message}</FormSuccess>
        ) : refused ? (
          <FormAlert>{undo.error?.message}</FormAlert>
        ) : (
          <>
            <RequestAlert
              error={undo.error}
              fallback={intl.formatMessage({
                id: 'auth.undoEmailFailed',
                defaultMessage: 'Could not undo the change. Please try again.',
              })}
            />
            <Button
              type="button"
              size="lg"
              className="w-full"
              disabled={undo.isPending}
              onClick={() => undo.mutate(token)}
            >
              <BusyLabel
                busy={undo.isPending}
                busyText={intl.formatMessage({ id: 'auth.undoing', defaultMessage: 'Undoing...' })}
              >
                <FormattedMessage id="auth.undoChange" defaultMessage="Undo the change" />
              </BusyLabel>
            </Button>
          </>
        )}
        {undo.isSuccess ? (
          <Link to="/login" className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            <FormattedMessage id="auth.signInLink" defaultMessage="Sign in" />
          </Link>
        ) : !token || refused ? (
          <Link to="/" className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            <FormattedMessage id="auth.goHome" defaultMessage="Go to the home page" />
          </Link>
        ) : null}
      </div>
    </AuthPage>
  );
}

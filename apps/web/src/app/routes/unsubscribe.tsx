import { calendarMessages } from '@series-tracker/contracts';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { contractText } from '@/i18n/contract-text';
import { api, serverMessageOr } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';

/**
 * /unsubscribe?token=…: the footer link of alert e-mails. A button press (not the page load)
 * unsubscribes, so a mail scanner that opens links changes nothing; mail clients' one-click
 * button posts to the API directly (RFC 8058).
 */
export function UnsubscribeRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const run = useMutation({
    mutationFn: () => api.post<{ message: string }>('/alerts/unsubscribe', { token }),
  });
  return (
    <div className="mx-auto w-full max-w-lg flex-1 px-4 py-12 sm:px-6">
      <title>
        {pageTitle(
          intl.formatMessage({ id: 'auth.unsubscribePageTitle', defaultMessage: 'Unsubscribe' }),
        )}
      </title>
      <h1 className="text-2xl font-extrabold tracking-tight text-white">
        <FormattedMessage id="auth.unsubscribeHeading" defaultMessage="New-episode e-mails" />
      </h1>
      {run.isSuccess ? (
        <>
          <p role="status" className="mt-4 text-slate-200">
            {run.data.message}
          </p>
          <p className="mt-2 text-sm text-slate-400">
            <FormattedMessage
              id="auth.unsubscribeSwitchOn"
              defaultMessage="You can switch them on again in <link>Settings</link>."
              values={{
                link: (chunks) => (
                  <Link to="/settings#calendar-heading" className="text-violet-300 hover:underline">
                    {chunks}
                  </Link>
                ),
              }}
            />
          </p>
        </>
      ) : !token ? (
        <p role="alert" className="mt-4 text-rose-300">
          {contractText(calendarMessages.unsubscribeInvalid)}
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-300">
            <FormattedMessage
              id="auth.unsubscribeQuestion"
              defaultMessage="Stop the e-mails about new episodes of the shows you watch?"
            />
          </p>
          {run.isError ? (
            <p role="alert" className="mt-3 text-sm text-rose-300">
              {serverMessageOr(
                run.error,
                intl.formatMessage({
                  id: 'auth.unsubscribeFailed',
                  defaultMessage: 'Could not unsubscribe. Try again.',
                }),
              )}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <Button disabled={run.isPending} onClick={() => run.mutate()}>
              {run.isPending ? (
                <FormattedMessage id="auth.unsubscribing" defaultMessage="Unsubscribing..." />
              ) : (
                <FormattedMessage id="auth.unsubscribe" defaultMessage="Unsubscribe" />
              )}
            </Button>
            <Link to="/" className={buttonStyles({ variant: 'ghost' })}>
              <FormattedMessage id="auth.keepThem" defaultMessage="Keep them" />
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

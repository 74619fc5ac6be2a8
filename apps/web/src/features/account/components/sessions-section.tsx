import { Laptop } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { lazily } from '@/lib/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/account';
import { deviceName } from '../lib/device-name';
import { SavedNote, SectionQueryState, SettingsSection } from './settings-section';

const dateTime = lazily(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
const when = (iso: string) => dateTime().format(new Date(iso));

export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SettingsSection
      id="sessions"
      title="Sessions"
      description="Browsers and devices signed in to your account."
    >
      {sessions.isPending || sessions.isError ? (
        <SectionQueryState
          query={sessions}
          loadingLabel="Loading sessions"
          rows={['h-16', 'h-16']}
          failedTitle="Could not load your sessions"
        />
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <Laptop aria-hidden className="size-5 shrink-0 text-slate-400" />
                <div className="min-w-0 flex-1">
                  <p
                    className="text-sm font-medium text-slate-100"
                    title={s.userAgent ?? undefined}
                  >
                    {deviceName(s.userAgent)}
                    {s.current ? (
                      <span className="ml-2 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-400">
                    Signed in {when(s.createdAt)} · last used {when(s.lastUsedAt)}
                  </p>
                </div>
                {s.current ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => revoke.mutate(s.id)}
                    disabled={revoke.isPending && revoke.variables === s.id}
                    aria-label={`Sign out ${deviceName(s.userAgent)}, signed in ${when(s.createdAt)}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {revoke.isError ? (
            <p role="alert" className="text-sm text-rose-300">
              {serverMessageOr(revoke.error, 'Could not sign that session out. Please try again.')}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-4">
            <Button
              variant="secondary"
              onClick={() => revokeOthers.mutate()}
              disabled={others === 0 || revokeOthers.isPending}
            >
              {revokeOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
            </Button>
            {revokeOthers.isSuccess ? (
              <SavedNote>
                {revokeOthers.data.revoked === 1
                  ? '1 other session signed out'
                  : `${revokeOthers.data.revoked} other sessions signed out`}
              </SavedNote>
            ) : others === 0 ? (
              <p className="text-sm text-slate-400">This is your only session.</p>
            ) : null}
            {revokeOthers.isError ? (
              <p role="alert" className="text-sm text-rose-300">
                {serverMessageOr(revokeOthers.error, 'Could not sign out. Please try again.')}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </SettingsSection>
  );
}

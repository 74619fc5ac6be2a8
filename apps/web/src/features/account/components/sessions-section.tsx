import { Laptop } from 'lucide-react';
import { MutationError } from '@/components/forms/mutation-error';
import { ItemAction, ItemList, ItemRow } from '@/components/settings/item-list';
import { itemTime } from '@/components/settings/item-time';
import { BusyButton } from '@/components/forms/busy-button';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/account';
import { deviceName } from '../lib/device-name';
import { SavedNote, SectionLoaded, SettingsSection } from './settings-section';

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
      <SectionLoaded
        query={sessions}
        loadingLabel="Loading sessions"
        rows={['h-16', 'h-16']}
        failedTitle="Could not load your sessions"
      >
        {(list) => (
          <div className="space-y-4">
            <ItemList>
              {list.map((s) => (
                <ItemRow
                  key={s.id}
                  icon={Laptop}
                  action={
                    s.current ? null : (
                      <ItemAction
                        onClick={() => revoke.mutate(s.id)}
                        disabled={revoke.isPending && revoke.variables === s.id}
                        label={`Sign out ${deviceName(s.userAgent)}, signed in ${itemTime(s.createdAt)}`}
                      >
                        Sign out
                      </ItemAction>
                    )
                  }
                >
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
                    Signed in {itemTime(s.createdAt)} · last used {itemTime(s.lastUsedAt)}
                  </p>
                </ItemRow>
              ))}
            </ItemList>
            <MutationError
              mutation={revoke}
              fallback="Could not sign that session out. Please try again."
            />
            <div className="flex flex-wrap items-center gap-4">
              <BusyButton
                variant="secondary"
                onClick={() => revokeOthers.mutate()}
                disabled={others === 0}
                busy={revokeOthers.isPending}
                busyLabel="Signing out..."
              >
                Sign out everywhere else
              </BusyButton>
              {revokeOthers.isSuccess ? (
                <SavedNote>
                  {revokeOthers.data.revoked === 1
                    ? '1 other session signed out'
                    : `${revokeOthers.data.revoked} other sessions signed out`}
                </SavedNote>
              ) : others === 0 ? (
                <p className="text-sm text-slate-400">This is your only session.</p>
              ) : null}
              <MutationError
                mutation={revokeOthers}
                fallback="Could not sign out. Please try again."
              />
            </div>
          </div>
        )}
      </SectionLoaded>
    </SettingsSection>
  );
}

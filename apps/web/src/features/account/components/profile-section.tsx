import {
  accountLimits,
  accountMessages,
  authLimits,
  updateMeBodySchema,
  type CurrentUser,
} from '@series-tracker/contracts';
import { useState, type FormEvent } from 'react';
import { MutationAlert } from '@/components/forms/mutation-error';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { useUpdateMe } from '../api/account';
import { AvatarUpload } from './avatar-upload';
import { apiFieldErrors, formAlertMessage, zodFieldErrors } from '@/lib/form-errors';
import { SettingsSection, SubmitRow, textareaClass } from './settings-section';

export function ProfileSection({ user }: { user: CurrentUser }) {
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [username, setUsername] = useState(user.username);
  const [bio, setBio] = useState(user.bio ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateMe();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { displayName, username, bio };
    const parsed = updateMeBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      save.reset();
      return;
    }
    setErrors({});
    save.mutate(body, { onError: (error) => setErrors(apiFieldErrors(error)) });
  }

  const fieldError = (name: string) => errors[name];
  const formError = formAlertMessage(save, 'Could not save your profile. Please try again.');

  return (
    <SettingsSection
      id="profile"
      title="Profile"
      description="What other members see next to your reviews, lists and comments."
    >
      <AvatarUpload user={user} />
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5" aria-label="Profile">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField
          label="Display Name"
          name="displayName"
          autoComplete="nickname"
          maxLength={authLimits.displayNameMax}
          value={displayName}
          error={fieldError('displayName')}
          hint="Optional. Shown instead of your username."
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={authLimits.usernameMax}
          value={username}
          error={fieldError('username')}
          hint="Your profile address: letters, digits, _ and -."
          onChange={(e) => setUsername(e.target.value)}
        />
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor="settings-bio" className="text-sm font-medium text-slate-200">
              Bio
            </label>
            <span className="text-xs text-slate-400" aria-live="polite">
              {bio.length}/{accountLimits.bioMax}
            </span>
          </div>
          <textarea
            id="settings-bio"
            name="bio"
            rows={4}
            maxLength={accountLimits.bioMax}
            value={bio}
            aria-invalid={fieldError('bio') ? true : undefined}
            aria-describedby={fieldError('bio') ? 'settings-bio-error' : undefined}
            onChange={(e) => setBio(e.target.value)}
            className={cn(
              textareaClass,
              fieldError('bio') ? 'border-rose-500/70' : 'border-slate-700 hover:border-slate-600',
            )}
          />
          {fieldError('bio') ? (
            <p id="settings-bio-error" role="alert" className="text-sm text-rose-300">
              {fieldError('bio') ?? accountMessages.bioTooLong}
            </p>
          ) : null}
        </div>
        <SubmitRow
          label="Save profile"
          busy={save.isPending}
          saved={save.isSuccess && accountMessages.profileSaved}
        />
      </form>
    </SettingsSection>
  );
}

export function PrivacySection({ user }: { user: CurrentUser }) {
  const [isPrivate, setIsPrivate] = useState(!user.isPublic);
  const save = useUpdateMe();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ isPrivate });
  }
  return (
    <SettingsSection id="privacy" title="Privacy">
      <form onSubmit={onSubmit} className="space-y-5" aria-label="Privacy">
        <MutationAlert mutation={save} fallback="Could not save the setting. Please try again." />
        <div className="flex items-start gap-3">
          <input
            id="settings-private"
            type="checkbox"
            name="isPrivate"
            checked={isPrivate}
            aria-describedby="settings-private-hint"
            onChange={(e) => setIsPrivate(e.target.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-violet-500"
          />
          <div>
            <label
              htmlFor="settings-private"
              className="block cursor-pointer text-sm font-medium text-slate-100"
            >
              Private profile
            </label>
            <p id="settings-private-hint" className="text-sm text-slate-400">
              Other people see only your name, avatar and counts; your watchlist, favourites,
              activity and stats stay hidden.
            </p>
          </div>
        </div>
        <SubmitRow
          label="Save privacy"
          busy={save.isPending}
          saved={save.isSuccess && accountMessages.privacySaved}
        />
      </form>
    </SettingsSection>
  );
}

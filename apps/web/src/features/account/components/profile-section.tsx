import {
  accountLimits,
  accountMessages,
  updateMeBodySchema,
  type CurrentUser,
} from '@series-tracker/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MutationAlert } from '@/components/forms/mutation-error';
import { TextareaField } from '@/components/forms/textarea-field';
import { useFormFields } from '@/components/forms/use-form-fields';
import { FormAlert } from '@/components/ui/form-alert';
import { contractText } from '@/i18n/contract-text';
import { DisplayNameField, UsernameField } from '@/features/auth/components/name-fields';
import { useUpdateMe } from '../api/account';
import { AvatarUpload } from './avatar-upload';
import { apiFieldErrors, formAlertMessage, zodFieldErrors } from '@/lib/form-errors';
import { SettingsSection, SubmitRow } from './settings-section';

export function ProfileSection({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const { values, errors, setErrors, set, field } = useFormFields({
    displayName: user.displayName ?? '',
    username: user.username,
    bio: user.bio ?? '',
  });
  const save = useUpdateMe();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = values;
    const parsed = updateMeBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      save.reset();
      return;
    }
    setErrors({});
    save.mutate(body, { onError: (error) => setErrors(apiFieldErrors(error)) });
  }

  const formError = formAlertMessage(
    save,
    intl.formatMessage({
      id: 'account.profileSaveFailed',
      defaultMessage: 'Could not save your profile. Please try again.',
    }),
  );
  const title = intl.formatMessage({ id: 'account.profileTitle', defaultMessage: 'Profile' });

  return (
    <SettingsSection
      id="profile"
      title={title}
      description={intl.formatMessage({
        id: 'account.profileDescription',
        defaultMessage: 'What other members see next to your reviews, lists and comments.',
      })}
    >
      <AvatarUpload user={user} />
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5" aria-label={title}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <DisplayNameField
          label={intl.formatMessage({ id: 'account.displayName', defaultMessage: 'Display Name' })}
          hint={intl.formatMessage({
            id: 'account.displayNameHint',
            defaultMessage: 'Optional. Shown instead of your username.',
          })}
          {...field('displayName')}
        />
        <UsernameField
          label={intl.formatMessage({ id: 'account.username', defaultMessage: 'Username' })}
          hint={intl.formatMessage({
            id: 'account.usernameHint',
            defaultMessage: 'Your profile address: letters, digits, _ and -.',
          })}
          {...field('username')}
        />
        <TextareaField
          id="settings-bio"
          label={intl.formatMessage({ id: 'account.bio', defaultMessage: 'Bio' })}
          name="bio"
          rows={4}
          max={accountLimits.bioMax}
          value={values.bio}
          error={errors.bio}
          onValue={(value) => set('bio', value)}
        />
        <SubmitRow
          label={intl.formatMessage({ id: 'account.saveProfile', defaultMessage: 'Save profile' })}
          mutation={save}
          saved={contractText(accountMessages.profileSaved)}
        />
      </form>
    </SettingsSection>
  );
}

export function PrivacySection({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const [isPrivate, setIsPrivate] = useState(!user.isPublic);
  const save = useUpdateMe();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ isPrivate });
  }
  const title = intl.formatMessage({ id: 'account.privacyTitle', defaultMessage: 'Privacy' });
  return (
    <SettingsSection id="privacy" title={title}>
      <form onSubmit={onSubmit} className="space-y-5" aria-label={title}>
        <MutationAlert
          mutation={save}
          fallback={intl.formatMessage({
            id: 'account.settingSaveFailed',
            defaultMessage: 'Could not save the setting. Please try again.',
          })}
        />
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
              <FormattedMessage id="account.privateProfile" defaultMessage="Private profile" />
            </label>
            <p id="settings-private-hint" className="text-sm text-slate-400">
              <FormattedMessage
                id="account.privateProfileHint"
                defaultMessage="Other people see only your name, avatar and counts; your watchlist, favourites, activity and stats stay hidden."
              />
            </p>
          </div>
        </div>
        <SubmitRow
          label={intl.formatMessage({ id: 'account.savePrivacy', defaultMessage: 'Save privacy' })}
          mutation={save}
          saved={contractText(accountMessages.privacySaved)}
        />
      </form>
    </SettingsSection>
  );
}

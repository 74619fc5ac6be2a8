import { accountMessages, deleteMeBodySchema } from '@series-tracker/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { serverMessageOr } from '@/lib/api-client';
import { useDeleteAccount } from '../api/account';
import { apiFieldErrors, SettingsSection, zodFieldErrors } from './settings-section';

export function DangerZone() {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = deleteMeBodySchema.safeParse({ password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    remove.mutate(password, {
      onSuccess: async () => {
        toast.info(accountMessages.accountDeleted);
        await navigate('/', { replace: true });
      },
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  }

  const formError =
    remove.isError && Object.keys(apiFieldErrors(remove.error)).length === 0
      ? serverMessageOr(remove.error, 'Could not delete your account. Please try again.')
      : null;

  return (
    <SettingsSection id="danger" title="Danger zone" tone="danger">
      <p className="mb-5 text-sm text-slate-300">
        Before you go, you can keep a copy of everything (watch history, ratings, reviews, lists,
        follows):{' '}
        <Link
          to="/settings/import"
          className="font-medium text-violet-300 underline hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
        >
          Export my data
        </Link>
        .
      </p>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Delete account">
        <h3 className="text-base font-semibold text-white">Delete account</h3>
        <p className="text-sm text-slate-300">
          This deletes your account for good: your watchlist, favourites and watch history, and
          everything you wrote (reviews, comments and lists). It cannot be undone.
        </p>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          hint="Enter your password to confirm."
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="danger" disabled={remove.isPending || password === ''}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </form>
    </SettingsSection>
  );
}
